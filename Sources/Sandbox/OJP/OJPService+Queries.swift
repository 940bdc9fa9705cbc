import Model

/// The three requests, from a query to the timetable's answer or the problem OJP reports.
extension OJPService {
    func trips(_ query: OJPRequest.TripQuery, requestTime: Int64?, renderer: OJPRenderer) -> Result<[UInt8], Problem> {
        guard let originPlace = query.origin else { return .failure(Problem(.noOrigin)) }
        guard let destinationPlace = query.destination else { return .failure(Problem(.noDestination)) }
        guard let origin = station(originPlace) else { return .failure(Problem(.originUnknown)) }
        guard let destination = station(destinationPlace) else { return .failure(Problem(.destinationUnknown)) }
        let via = query.via.map { model.station(id: Self.uicNumber($0)) }
        guard !via.contains(nil) else { return .failure(Problem(.viaUnknown)) }
        // Without DepArrTime the service plans from "now": the request's timestamp.
        guard let instant = query.time.map({ OJPTime.instant($0, clock: model.clock) }) ?? requestTime else {
            return .failure(Problem(.tripTimeInvalid))
        }
        guard origin != destination else { return .failure(Problem(.sameOriginAndDestination)) }
        let found: [Connection]
        do {
            found = try model.connections(
                from: origin, to: destination, via: via.compactMap { $0 }, atInstant: instant, isArrivalTime: query.isArrivalTime,
                limit: Self.trips.clamped(query.count))
        } catch {
            return .failure(Problem(error == .tooClose ? .sameOriginAndDestination : .originUnknown))
        }
        guard !found.isEmpty else { return .failure(Problem(.noTripFound)) }
        return .success(renderer.trips(found, includeIntermediateStops: query.includeIntermediateStops))
    }

    func locations(_ query: OJPRequest.LocationQuery, renderer: OJPRenderer) -> Result<[UInt8], Problem> {
        let limit = Self.locations.clamped(query.count)
        // The sandbox knows stops only: a request for addresses or points of interest finds nothing.
        guard query.types.isEmpty || query.types.contains("stop") else { return .failure(Problem(.noLocations)) }
        var matches: [OJPRenderer.PlaceMatch] = []
        if let name = query.name, name.count <= 256 {
            matches = model.matches(for: name, limit: limit).map {
                OJPRenderer.PlaceMatch(station: $0.station, name: OJPRenderer.nameWithTown($0.station), probability: $0.score * 10)
            }
        } else if let position = query.position {
            let radius = query.radius ?? Self.defaultRadius
            matches = model.nearestStations(to: position, within: radius, limit: limit).map {
                OJPRenderer.PlaceMatch(
                    station: $0.station, name: OJPRenderer.nameWithoutTown($0.station), probability: Self.probability(metres: $0.metres, radius: radius))
            }
        }
        guard !matches.isEmpty else { return .failure(Problem(.noLocations)) }
        return .success(renderer.locations(matches))
    }

    func stopEvents(_ query: OJPRequest.StopEventQuery, requestTime: Int64?, renderer: OJPRenderer) -> Result<[UInt8], Problem> {
        guard let place = query.place, let station = station(place) else { return .failure(Problem(.stopUnknown)) }
        guard let instant = query.time.map({ OJPTime.instant($0, clock: model.clock) }) ?? requestTime else {
            return .failure(Problem(.stopEventTimeInvalid))
        }
        let limit = Self.stopEvents.clamped(query.count)
        var events: [OJPRenderer.StopEvent] = []
        do {
            if query.type != "arrival" {
                events += try model.board(at: station, fromInstant: instant, arrivals: false, limit: limit).map { .init(entry: $0, isArrival: false) }
            }
            if query.type == "arrival" || query.type == "both" {
                events += try model.board(at: station, fromInstant: instant, arrivals: true, limit: limit).map { .init(entry: $0, isArrival: true) }
            }
        } catch {
            return .failure(Problem(.stopUnknown))
        }
        // `both` merges the two boards by time; the sort is stable, so a departure and an arrival at one instant keep that order.
        let merged = Array(events.enumerated().sorted { ($0.element.entry.stop.time, $0.offset) < ($1.element.entry.stop.time, $1.offset) }.map(\.element).prefix(limit))
        guard !merged.isEmpty else { return .failure(Problem(.noStopEvents)) }
        return .success(renderer.stopEvents(merged, at: station, includeRealtime: query.includeRealtime))
    }

    /// How likely a stop at this distance is the one meant, in thousandths: 1000 on the spot, less
    /// further out, never below 10.
    static func probability(metres: Double, radius: Double) -> Int {
        max(10, Int((1000 * (1 - metres / max(radius, 1))).rounded()))
    }
}
