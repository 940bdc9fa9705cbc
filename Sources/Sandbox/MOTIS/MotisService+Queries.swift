import Model

/// The four endpoints, from a query to the timetable's answer or MOTIS's refusal.
extension MotisService {
    /// How far back an earlier page looks for connections or events, in seconds.
    static let earlierWindow: Int64 = 3 * 3600

    func plan(_ query: WebQuery) -> WebAnswer {
        guard let fromText = query["fromPlace"], !fromText.isEmpty else { return Self.error(400, "bad request: fromPlace is required") }
        guard let toText = query["toPlace"], !toText.isEmpty else { return Self.error(400, "bad request: toPlace is required") }
        let count: Int
        switch Self.number(query["numItineraries"], "numItineraries", 1...1000) {
        case .success(let value): count = Self.itineraries.clamped(value)
        case .failure(let bad): return Self.error(400, bad.message)
        }
        guard let time = instant(query["time"]) else { return Self.error(400, "bad request: could not parse time \"\((query["time"] ?? "").prefix(40))\"") }
        let arriveBy = query["arriveBy"] == "true"
        var cursor: (earlier: Bool, instant: Int64)?
        if let text = query["pageCursor"], !text.isEmpty {
            guard let read = Self.cursor(text) else { return Self.error(500, "invalid page cursor \(text.prefix(40))") }
            cursor = read
        }
        let origin: Place, destination: Place
        switch (place(fromText), place(toText)) {
        case (.failure(.unknown(let id)), _), (_, .failure(.unknown(let id))): return Self.unknownLocation(id)
        case (.success(let from), .success(let to)): (origin, destination) = (from, to)
        default: return Self.json(200, renderer.plan([], from: fromText, to: toText, cursors: nil))
        }
        var via: [Station] = []
        for id in (query["via"] ?? "").split(separator: ",").map(String.init).filter({ !$0.isEmpty }) {
            guard case .success(.stop(let station)) = place(id) else { return Self.unknownLocation(id) }
            via.append(station)
        }
        guard via.count <= 2 else { return Self.error(400, "bad request: at most 2 via stops are allowed") }
        let walkIn = origin.walkSeconds, walkOut = destination.walkSeconds
        var found: [Connection] = []
        if origin.station != destination.station {
            let at = cursor?.instant ?? time ?? now()
            do {
                if let cursor, cursor.earlier {
                    // The page before: connections leaving before the cursor, the latest of them.
                    let wider = try model.connections(
                        from: origin.station, to: destination.station, via: via, atInstant: at - Self.earlierWindow + walkIn, isArrivalTime: false,
                        limit: Self.itineraries.maximum)
                    found = Array(wider.filter { $0.departure.time.instant - walkIn < at }.suffix(count))
                } else if arriveBy, cursor == nil {
                    found = try model.connections(from: origin.station, to: destination.station, via: via, atInstant: at - walkOut, isArrivalTime: true, limit: count)
                } else {
                    found = try model.connections(from: origin.station, to: destination.station, via: via, atInstant: at + walkIn, isArrivalTime: false, limit: count)
                }
            } catch {
                found = []
            }
        }
        let itineraries = found.map { Itinerary(connection: $0, origin: origin, destination: destination) }
        let cursors = itineraries.isEmpty
            ? nil : (earlier: "EARLIER|\(itineraries[0].scheduledStart)", later: "LATER|\(itineraries[itineraries.count - 1].scheduledStart + 60)")
        return Self.json(200, renderer.plan(itineraries, from: fromText, to: toText, origin: origin, destination: destination, cursors: cursors))
    }

    func stopTimes(_ query: WebQuery) -> WebAnswer {
        let count: Int
        switch Self.number(query["n"], "n", 1...10_000) {
        case .success(let value?): count = min(value, Self.stopTimes.maximum)
        case .success(nil): return Self.error(400, "bad request: n is required")
        case .failure(let bad): return Self.error(400, bad.message)
        }
        let radius: Int?
        switch Self.number(query["radius"], "radius", 0...100_000) {
        case .success(let value): radius = value
        case .failure(let bad): return Self.error(400, bad.message)
        }
        guard let time = instant(query["time"]) else { return Self.error(400, "bad request: could not parse time \"\((query["time"] ?? "").prefix(40))\"") }
        let arrivals = query["arriveBy"] == "true"
        var cursor: (earlier: Bool, instant: Int64)?
        if let text = query["pageCursor"], !text.isEmpty {
            guard let read = Self.cursor(text) else { return Self.error(500, "invalid page cursor \(text.prefix(40))") }
            cursor = read
        }
        // The stations asked about: the stop (and those within the radius of it), or those within the radius of the center.
        let stations: [Station]
        let asked: MotisRenderer.AskedPlace
        if let id = query["stopId"], !id.isEmpty {
            guard case .success(.stop(let station)) = place(id) else { return Self.unknownLocation(id) }
            asked = .stop(station)
            stations = [station] + (radius.map { model.nearestStations(to: GeoPoint(station.latitude, station.longitude), within: Double($0), limit: .max).map(\.station).filter { $0 != station } } ?? [])
        } else if let text = query["center"], let point = WebQuery.coordinate(text) {
            guard let radius else { return Self.error(400, "bad request: center requires radius") }
            asked = .center(point)
            stations = model.nearestStations(to: point, within: Double(radius), limit: .max).map(\.station)
        } else {
            return Self.error(400, "bad request: stopId or center is required")
        }
        let at = cursor?.instant ?? time ?? now()
        let from = cursor?.earlier == true ? at - Self.earlierWindow : at
        var events: [BoardEntry] = []
        for station in stations.prefix(50) {
            events += (try? model.board(at: station, fromInstant: from, arrivals: arrivals, limit: count * (cursor?.earlier == true ? 4 : 1))) ?? []
        }
        events = events.enumerated().sorted { ($0.element.stop.time.instant, $0.offset) < ($1.element.stop.time.instant, $1.offset) }.map(\.element)
        if cursor?.earlier == true {
            events = Array(events.filter { $0.stop.time.instant < at }.suffix(count))
        } else {
            events = Array(events.prefix(count))
        }
        let cursors = events.isEmpty
            ? (earlier: "", later: "") : (earlier: "EARLIER|\(events[0].stop.time.instant - 60)", later: "LATER|\(events[events.count - 1].stop.time.instant + 60)")
        return Self.json(200, renderer.stopTimes(events, arrivals: arrivals, asked: asked, cursors: cursors))
    }

    func geocode(_ query: WebQuery) -> WebAnswer {
        guard let text = query["text"], !text.trimmingSpaces.isEmpty else { return Self.error(400, "bad request: text is required") }
        // The sandbox knows stops only: addresses and places find nothing.
        if let type = query["type"], !type.isEmpty, type != "STOP" { return Self.json(200, renderer.matches([])) }
        guard text.utf8.count <= 256 else { return Self.json(200, renderer.matches([])) }
        var seen = Set<String>()
        let found = model.matches(for: text.trimmingSpaces, limit: Self.matchCount + 1).filter { seen.insert($0.station.id).inserted }
        return Self.json(200, renderer.matches(found.prefix(Self.matchCount).map { ($0.station, Double($0.score)) }, text: text))
    }

    func reverseGeocode(_ query: WebQuery) -> WebAnswer {
        guard let text = query["place"], let point = WebQuery.coordinate(text) else { return Self.error(400, "bad request: place is required (lat,lon)") }
        if let type = query["type"], !type.isEmpty, type != "STOP" { return Self.json(200, renderer.matches([])) }
        let near = model.nearestStations(to: point, within: Self.walkRadius, limit: Self.matchCount)
        return Self.json(200, renderer.matches(near.map { ($0.station, -$0.metres) }))
    }
}

extension MotisService.Place {
    /// Seconds walked between the position and its station; 0 for a stop.
    var walkSeconds: Int64 {
        if case .position(_, _, let metres) = self { return MotisService.walkSeconds(metres) }
        return 0
    }
}

/// A connection as a MOTIS itinerary: walks to and from positions added around its sections.
struct Itinerary {
    let connection: Connection
    let origin: MotisService.Place
    let destination: MotisService.Place

    /// When it leaves as planned, walking included.
    var scheduledStart: Int64 { connection.departure.time.instant - origin.walkSeconds }
}
