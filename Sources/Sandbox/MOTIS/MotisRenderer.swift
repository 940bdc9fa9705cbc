import Model

/// Writes the sandbox timetable's answers in MOTIS 2's JSON (API version 5 for plan and stop
/// times), member by member in the order of the recorded answers (`Routes/motis-*/samples`):
/// times in UTC with `Z`, a ride's mode by its category (IC LONG_DISTANCE, IR
/// REGIONAL_FAST_RAIL, S SUBURBAN, R REGIONAL_RAIL, bus, tram, ferry, aerial lift), its board name
/// as `displayName`, its line as `routeShortName` and its run number as `tripShortName`.
///
/// Real-time as MOTIS passes it on: a leg or stop time the upstream predicts has `realTime` true
/// and its predicted times in `startTime`/`departure` beside the `scheduled*` ones (equal where
/// nothing is predicted at a stop), its predicted platform in `track`; a cancelled run is `cancelled` (`tripCancelled`
/// on a stop time), a stop it skips has `cancelled` on its place. The timetable's notices are
/// GTFS-Realtime alerts: a line's on the leg, a station's on its place.
struct MotisRenderer {
    let clock: TimetableClock

    /// The place a stop times request asked about.
    enum AskedPlace {
        case stop(Station)
        case center(GeoPoint)
    }

    static func time(_ instant: Int64) -> String { OJPTime.utc(instant) }

    static func coordinate(_ value: Double) -> String { JSONAnswer.float(value, 7) }

    static func stopID(_ station: Station) -> String { MotisService.stopPrefix + station.id }

    /// The mode of a category.
    static func mode(_ category: Category) -> String {
        switch category {
        case .interCity: "LONG_DISTANCE"
        case .interRegio: "REGIONAL_FAST_RAIL"
        case .sBahn: "SUBURBAN"
        case .regio: "REGIONAL_RAIL"
        case .bus: "BUS"
        case .tram: "TRAM"
        case .ship: "FERRY"
        case .cableway: "AERIAL_LIFT"
        }
    }

    // MARK: plan

    func plan(
        _ itineraries: [Itinerary], from: String, to: String, origin: MotisService.Place? = nil, destination: MotisService.Place? = nil,
        cursors: (earlier: String, later: String)?
    ) -> [UInt8] {
        var json = JSONAnswer()
        json.object { json in
            json.object("requestParameters") { _ in }
            json.object("debugOutput") { _ in }
            Self.end("from", origin, text: from, name: "START", into: &json)
            Self.end("to", destination, text: to, name: "END", into: &json)
            json.array("direct") { _ in }
            json.array("itineraries") { json in
                for itinerary in itineraries { self.itinerary(itinerary, into: &json) }
            }
            json.string("previousPageCursor", cursors?.earlier ?? "")
            json.string("nextPageCursor", cursors?.later ?? "")
        }
        return json.bytes
    }

    /// The plan's `from` or `to`: the stop, the position (named START or END), or what was asked.
    private static func end(_ key: String, _ place: MotisService.Place?, text: String, name: String, into json: inout JSONAnswer) {
        json.object(key) { json in
            switch place {
            case .stop(let station)?:
                json.string("name", station.name)
                json.string("stopId", stopID(station))
                json.number("lat", coordinate(station.latitude))
                json.number("lon", coordinate(station.longitude))
            case .position(let point, _, _)?:
                json.string("name", name)
                json.number("lat", coordinate(point.latitude))
                json.number("lon", coordinate(point.longitude))
            case nil:
                let point = WebQuery.coordinate(text)
                json.string("name", point == nil ? "" : name)
                json.number("lat", coordinate(point?.latitude ?? 0))
                json.number("lon", coordinate(point?.longitude ?? 0))
            }
            json.number("level", "0.0")
            json.string("vertexType", "NORMAL")
        }
    }

    private func itinerary(_ itinerary: Itinerary, into json: inout JSONAnswer) {
        let connection = itinerary.connection
        let walkIn = itinerary.origin.walkSeconds, walkOut = itinerary.destination.walkSeconds
        // A walk to the station starts as planned (one waits at the station for a late train).
        let start = walkIn > 0 ? connection.departure.time.instant - walkIn : (connection.departure.prognosis ?? connection.departure.time).instant
        let end = (connection.arrival.prognosis ?? connection.arrival.time).instant + walkOut
        json.object { json in
            json.integer("duration", Int(end - start))
            json.string("startTime", Self.time(start))
            json.string("endTime", Self.time(end))
            json.integer("transfers", connection.transfers)
            json.array("legs") { json in
                if case .position(let point, let station, let metres) = itinerary.origin {
                    let at = connection.departure.time.instant
                    Self.walk(from: .point(point, "START"), to: .station(station), start: at - walkIn, end: at, metres: metres, into: &json)
                }
                for section in connection.sections {
                    switch section.kind {
                    case .ride(let ride): self.ride(section, ride, into: &json)
                    case .walk(let metres):
                        Self.walk(
                            from: .station(section.departure.station), to: .station(section.arrival.station), start: section.departure.time.instant,
                            end: section.arrival.time.instant, metres: Double(metres), into: &json)
                    }
                }
                if case .position(let point, let station, let metres) = itinerary.destination {
                    let at = connection.arrival.time.instant
                    Self.walk(from: .station(station), to: .point(point, "END"), start: at, end: at + walkOut, metres: metres, into: &json)
                }
            }
        }
    }

    /// One end of a walk.
    enum WalkEnd {
        case station(Station)
        case point(GeoPoint, String)

        var point: GeoPoint {
            switch self {
            case .station(let station): GeoPoint(station.latitude, station.longitude)
            case .point(let point, _): point
            }
        }
    }

    private static func walk(from: WalkEnd, to: WalkEnd, start: Int64, end: Int64, metres: Double, into json: inout JSONAnswer) {
        json.object { json in
            json.string("mode", "WALK")
            walkPlace("from", from, departure: start, into: &json)
            walkPlace("to", to, arrival: end, into: &json)
            json.integer("duration", Int(end - start))
            json.string("startTime", time(start))
            json.string("endTime", time(end))
            json.string("scheduledStartTime", time(start))
            json.string("scheduledEndTime", time(end))
            json.bool("realTime", false)
            json.bool("scheduled", true)
            json.number("distance", JSONAnswer.float(metres.rounded(), 1))
            geometry([from.point, to.point], into: &json)
        }
    }

    private static func walkPlace(_ key: String, _ end: WalkEnd, arrival: Int64? = nil, departure: Int64? = nil, into json: inout JSONAnswer) {
        json.object(key) { json in
            switch end {
            case .station(let station):
                json.string("name", station.name)
                json.string("stopId", stopID(station))
            case .point(_, let name):
                json.string("name", name)
            }
            json.number("lat", coordinate(end.point.latitude))
            json.number("lon", coordinate(end.point.longitude))
            json.number("level", "0.0")
            if let arrival {
                json.string("arrival", time(arrival))
                json.string("scheduledArrival", time(arrival))
            }
            if let departure {
                json.string("departure", time(departure))
                json.string("scheduledDeparture", time(departure))
            }
            json.string("vertexType", "NORMAL")
        }
    }

    private func ride(_ section: Section, _ ride: Ride, into json: inout JSONAnswer) {
        let start = section.departure.prognosis ?? section.departure.time, end = section.arrival.prognosis ?? section.arrival.time
        json.object { json in
            json.string("mode", Self.mode(ride.category))
            Self.stopPlace(
                "from", section.departure.station, departure: (section.departure.time, section.departure.prognosis),
                platform: (section.departure.platform, section.departure.predictedPlatform), skipped: section.departure.isSkipped,
                situations: ride.situations, into: &json)
            Self.stopPlace(
                "to", section.arrival.station, arrival: (section.arrival.time, section.arrival.prognosis),
                platform: (section.arrival.platform, section.arrival.predictedPlatform), skipped: section.arrival.isSkipped,
                situations: ride.situations, into: &json)
            json.integer("duration", Int(end.instant - start.instant))
            json.string("startTime", Self.time(start.instant))
            json.string("endTime", Self.time(end.instant))
            json.string("scheduledStartTime", Self.time(section.departure.time.instant))
            json.string("scheduledEndTime", Self.time(section.arrival.time.instant))
            // Whether predictions apply to the leg: at its boarding or its alighting stop.
            json.bool("realTime", ride.hasRealtime && (section.departure.prognosis != nil || section.arrival.prognosis != nil))
            json.bool("scheduled", true)
            Self.service(ride, departure: section.departure.time, into: &json)
            json.bool("cancelled", ride.isCancelled)
            json.array("intermediateStops") { json in
                for stop in ride.stops.dropFirst().dropLast() {
                    Self.stopPlace(
                        nil, stop.station, arrival: stop.arrival.map { ($0, stop.predictedArrival) }, departure: stop.departure.map { ($0, stop.predictedDeparture) },
                        platform: (stop.platform, stop.predictedPlatform), skipped: stop.isSkipped, situations: [], into: &json)
                }
            }
            Self.alerts(ride.situations.filter { $0.scope == .line }, into: &json)
            Self.geometry(ride.stops.map { GeoPoint($0.station.latitude, $0.station.longitude) }, into: &json)
        }
    }

    /// The members naming a run: headsign, agency, trip and route names.
    private static func service(_ ride: Ride, departure: Moment, into json: inout JSONAnswer) {
        json.string("headsign", ride.direction.name)
        json.string("agencyName", ride.operatorName)
        json.string("agencyId", ride.operatorCode)
        json.string("tripId", "\(departure.local.date.compact)_\(ride.category.rawValue)\(ride.line)_\(ride.number)_\(stopID(ride.origin))")
        json.string("routeShortName", ride.line)
        json.string("tripShortName", ride.number)
        json.string("displayName", ride.boardName)
        json.string("source", "ch_opentransportdataswiss.gtfs.zip")
    }

    /// A stop's place: its times planned and predicted, its platforms, whether it is skipped, the station's notices.
    private static func stopPlace(
        _ key: String?, _ station: Station, arrival: (Moment, Moment?)? = nil, departure: (Moment, Moment?)? = nil,
        platform: (String?, String?), skipped: Bool, situations: [Situation], into json: inout JSONAnswer
    ) {
        json.object(key) { json in
            json.string("name", station.name)
            json.string("stopId", stopID(station))
            json.number("lat", coordinate(station.latitude))
            json.number("lon", coordinate(station.longitude))
            json.number("level", "0.0")
            if let (planned, predicted) = arrival {
                json.string("arrival", time((predicted ?? planned).instant))
                json.string("scheduledArrival", time(planned.instant))
            }
            if let (planned, predicted) = departure {
                json.string("departure", time((predicted ?? planned).instant))
                json.string("scheduledDeparture", time(planned.instant))
            }
            if let planned = platform.0 {
                json.string("scheduledTrack", planned)
                json.string("track", platform.1 ?? planned)
            }
            json.string("vertexType", "TRANSIT")
            json.bool("cancelled", skipped)
            let notices = situations.filter { $0.scope == .stopPoint && $0.from == station.name }
            if !notices.isEmpty { alerts(notices, into: &json) }
        }
    }

    /// The notices as GTFS-Realtime alerts.
    private static func alerts(_ situations: [Situation], into json: inout JSONAnswer) {
        json.array("alerts") { json in
            for situation in situations {
                json.object { json in
                    json.array("communicationPeriod") { json in
                        json.object { json in
                            json.string("start", time(situation.creation.instant))
                            json.string("end", time(situation.end.instant))
                        }
                    }
                    json.array("impactPeriod") { json in
                        json.object { json in
                            json.string("start", time(situation.start.instant))
                            json.string("end", time(situation.end.instant))
                        }
                    }
                    json.string("cause", situation.cause == "constructionWork" ? "CONSTRUCTION" : situation.cause == "liftFailure" ? "TECHNICAL_PROBLEM" : "OTHER_CAUSE")
                    json.string("effect", situation.scope == .line ? "SIGNIFICANT_DELAYS" : "ACCESSIBILITY_ISSUE")
                    json.string("url", situation.url)
                    json.string("headerText", situation.summary)
                    json.string("descriptionText", [situation.description, situation.reason, situation.duration].filter { !$0.isEmpty }.joined(separator: " "))
                }
            }
        }
    }

    private static func geometry(_ points: [GeoPoint], into json: inout JSONAnswer) {
        json.object("legGeometry") { json in
            json.string("points", Polyline.encode(points, precision: 6))
            json.integer("precision", 6)
            json.integer("length", points.count)
        }
    }

    // MARK: stop times

    func stopTimes(_ events: [BoardEntry], arrivals: Bool, asked: AskedPlace, cursors: (earlier: String, later: String)) -> [UInt8] {
        var json = JSONAnswer()
        json.object { json in
            json.array("stopTimes") { json in
                for event in events {
                    let stop = event.stop, ride = event.ride
                    json.object { json in
                        Self.stopPlace(
                            "place", stop.station, arrival: arrivals ? (stop.time, stop.prognosis) : nil, departure: arrivals ? nil : (stop.time, stop.prognosis),
                            platform: (stop.platform, stop.predictedPlatform), skipped: stop.isSkipped, situations: ride.situations, into: &json)
                        json.string("mode", Self.mode(ride.category))
                        // Per event, as MOTIS tells it: whether a prediction applies here.
                        json.bool("realTime", ride.hasRealtime && stop.prognosis != nil)
                        json.object("tripTo") { json in
                            json.string("name", ride.direction.name)
                            json.string("stopId", Self.stopID(ride.direction))
                            json.number("lat", Self.coordinate(ride.direction.latitude))
                            json.number("lon", Self.coordinate(ride.direction.longitude))
                            json.number("level", "0.0")
                        }
                        Self.service(ride, departure: ride.stops.first?.departure ?? stop.time, into: &json)
                        json.string("pickupDropoffType", "NORMAL")
                        json.bool("cancelled", ride.isCancelled || stop.isSkipped)
                        json.bool("tripCancelled", ride.isCancelled)
                    }
                }
            }
            json.object("place") { json in
                switch asked {
                case .stop(let station):
                    json.string("name", station.name)
                    json.string("stopId", Self.stopID(station))
                    json.number("lat", Self.coordinate(station.latitude))
                    json.number("lon", Self.coordinate(station.longitude))
                case .center(let point):
                    json.string("name", "center")
                    json.number("lat", Self.coordinate(point.latitude))
                    json.number("lon", Self.coordinate(point.longitude))
                }
                json.number("level", "0.0")
            }
            json.string("previousPageCursor", cursors.earlier)
            json.string("nextPageCursor", cursors.later)
        }
        return json.bytes
    }

    // MARK: place searches

    func matches(_ found: [(Station, Double)], text: String = "") -> [UInt8] {
        var json = JSONAnswer()
        json.array { json in
            for (station, score) in found {
                json.object { json in
                    json.string("type", "STOP")
                    json.array("tokens") { json in
                        json.array { json in
                            json.number(nil, "0.0")
                            json.number(nil, JSONAnswer.float(Double(text.count), 1))
                        }
                    }
                    json.string("name", station.name)
                    json.string("id", Self.stopID(station))
                    json.number("lat", Self.coordinate(station.latitude))
                    json.number("lon", Self.coordinate(station.longitude))
                    json.number("level", "0.0")
                    json.array("areas") { json in
                        json.object { json in
                            json.string("name", "Schweiz/Suisse/Svizzera/Svizra")
                            json.number("adminLevel", "2.0")
                            json.bool("matched", false)
                            json.bool("default", false)
                        }
                        if !station.locality.isEmpty {
                            json.object { json in
                                json.string("name", station.locality)
                                json.number("adminLevel", "8.0")
                                json.bool("matched", false)
                                json.bool("default", true)
                            }
                        }
                    }
                    json.number("score", JSONAnswer.float(score, 3))
                }
            }
        }
        return json.bytes
    }
}
