public import Model
public import Scrape
public import Kernel

/// Which upstream answers the timetable: a set of routes and the parameters each takes.
///
/// The providers give the same normalized records (see `Routes/README.md`), so the rest of the
/// timetable does not know which one answered.
public enum TimetableProvider: String, Sendable, CaseIterable {
    /// transport.opendata.ch v1 (over timetable.search.ch): GET, JSON, no key; the default.
    case opendata
    /// SBB's HAFAS XML interface (extxml.exe): POST XML in ISO-8859-1.
    case hafasExtxml = "hafas-extxml"
    /// SBB's HAFAS pages (query.exe, stboard.exe): GET, messy HTML in ISO-8859-1.
    case hafasHTML = "hafas-html"
    /// OJP 2.0 (opentransportdata.swiss): POST XML, times in UTC.
    case ojp
    /// MOTIS 2 at Transitous (api.transitous.org): GET JSON, no key, most of the world; its terms
    /// ask for a contact in the User-Agent and count journey searches apart (20 a minute).
    case transitous
    /// MOTIS 2 anywhere else (a server of one's own, `--upstream "motis origin=…"`): the same
    /// routes under the upstream `motis`.
    case motis

    /// The upstream the provider's routes are moved to, when it is not the one their files name.
    public var upstream: String? { self == .motis ? "motis" : nil }

    /// Whether it speaks MOTIS.
    var isMotis: Bool { self == .transitous || self == .motis }

    /// Whether it takes places by position and by its own stop ids, not only Swiss stations.
    public var takesPositions: Bool { isMotis }

    /// The routes the provider needs.
    public var routeIDs: [String] { [connectionsRoute, boardRoute] + (locationsRoute.map { [$0] } ?? []) }

    /// The route that answers connections.
    public var connectionsRoute: String {
        switch self {
        case .opendata: "opendata-connections"
        case .hafasExtxml: "hafas-extxml-connections"
        case .hafasHTML: "hafas-html-connections"
        case .ojp: "ojp-trips"
        case .transitous, .motis: "motis-plan"
        }
    }

    /// The route that answers station boards.
    public var boardRoute: String {
        switch self {
        case .opendata: "opendata-stationboard"
        case .hafasExtxml: "hafas-extxml-stationboard"
        case .hafasHTML: "hafas-html-stationboard"
        case .ojp: "ojp-stopevents"
        case .transitous, .motis: "motis-stoptimes"
        }
    }

    /// The provider's own station search, asked for a name the station directory does not know;
    /// nil for the HAFAS providers, whose lookups the timetable does not use.
    public var locationsRoute: String? {
        switch self {
        case .opendata: "opendata-locations"
        case .ojp: "ojp-locations"
        case .transitous, .motis: "motis-geocode"
        case .hafasExtxml, .hafasHTML: nil
        }
    }

    /// The connections route's parameters for one pair; the stations to pass through as a list.
    public func connectionParameters(
        from: Station, to: Station, via: [Station], at moment: TimetableMoment, arrival: Bool, limit: Int, stops: Bool = false
    ) -> [String: RouteParameter.Value] {
        switch self {
        case .opendata:
            return [
                "from": .one(from.id), "to": .one(to.id), "date": .one(moment.date.description), "time": .one(moment.time.description),
                "arrival": arrival ? "1" : "0", "limit": .one(String(limit)), "via": .list(via.map(\.id)),
            ]
        case .hafasExtxml:
            return [
                "from": .one(from.name), "to": .one(to.name), "date": .one(moment.date.compact), "time": .one(moment.time.description),
                "arrival": arrival ? "1" : "0", "limit": .one(String(limit)), "via": .list(via.map(\.name)),
            ]
        case .hafasHTML:
            return [
                "from": .one(from.name), "to": .one(to.name), "date_text": .one(moment.date.dotted), "time": .one(moment.time.description),
                "forward": arrival ? "0" : "1", "via": .list(via.map(\.name)),
            ]
        case .ojp:
            return [
                "from": .one(from.id), "to": .one(to.id), arrival ? "arrival" : "departure": .one(moment.iso8601), "limit": .one(String(limit)),
                "via": .list(via.map(\.id)), "stops": stops ? "true" : "false",
            ]
        case .transitous, .motis:
            // Ends by position, which any MOTIS matches to its own stops; vias by stop id, as MOTIS takes them.
            return [
                "from": .one(Self.motisPlace(from)), "to": .one(Self.motisPlace(to)), "time": .one(moment.iso8601),
                "arrival": arrival ? "true" : "false", "limit": .one(String(limit)), "via": .one(via.map(Self.motisStopID).joined(separator: ",")),
            ]
        }
    }

    /// The board route's parameters.
    public func boardParameters(station: Station, kind: StationBoard.Kind, at moment: TimetableMoment, limit: Int) -> [String: String] {
        switch self {
        case .opendata:
            return [
                "id": station.id, "datetime": "\(moment.date) \(moment.time)", "limit": String(limit),
                "type": kind == .departure ? "departure" : "arrival",
            ]
        case .hafasExtxml:
            return [
                "station": station.id, "date": moment.date.compact, "time": moment.time.description, "start": moment.minute,
                "board": kind == .departure ? "DEP" : "ARR", "limit": String(limit),
            ]
        case .hafasHTML:
            return [
                "station": station.id, "date": moment.date.dotted, "time": moment.time.description, "start": moment.minute,
                "board": kind == .departure ? "dep" : "arr", "limit": String(limit),
            ]
        case .ojp:
            return [
                "station": station.id, "departure": moment.iso8601, "limit": String(limit),
                "type": kind == .departure ? "departure" : "arrival",
            ]
        case .transitous, .motis:
            var parameters = ["time": moment.iso8601, "limit": String(limit), "arrival": kind == .departure ? "false" : "true"]
            // A position's board is the stops around it.
            if station.id.isEmpty {
                parameters["center"] = Self.motisPlace(station)
                parameters["radius"] = String(Int(Self.boardRadius))
            } else {
                parameters["stop"] = Self.motisStopID(station)
            }
            return parameters
        }
    }
}

extension TimetableProvider {
    /// The location route's parameters for a name, asked on `day` (OJP wants the request's time:
    /// the day's start, so that the answer is kept for the day); nil without a location route.
    public func locationParameters(name: String, on day: TimetableMoment) -> [String: String]? {
        switch self {
        case .opendata: ["query": name]
        case .ojp: ["query": name, "now": day.iso8601, "limit": "10"]
        case .transitous, .motis: ["text": name]
        case .hafasExtxml, .hafasHTML: nil
        }
    }
}

extension TimetableProvider {
    /// The Swiss feed's parent stations, as Transitous names them.
    static let swissStopPrefix = "ch-opentransportdataswiss_Parent"

    /// A station as MOTIS takes a stop: its own id when MOTIS gave it (`de-DELFI_…`), else a Swiss
    /// UIC number as the Swiss feed's parent station.
    static func motisStopID(_ station: Station) -> String {
        isMotisStopID(station.id) ? station.id : swissStopPrefix + station.id
    }

    /// A station as a MOTIS place: its stop id when MOTIS gave it, else its position `lat,lon`
    /// (a Swiss directory station's, which any MOTIS matches to its own stops).
    static func motisPlace(_ station: Station) -> String {
        isMotisStopID(station.id) ? station.id : "\(station.latitude),\(station.longitude)"
    }

    /// Whether an id is one of MOTIS's (feed-prefixed), not a Swiss UIC number nor empty.
    static func isMotisStopID(_ id: String) -> Bool {
        !id.isEmpty && !id.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Metres around a position whose stops make its board.
    static let boardRadius = 300.0
}

/// A moment of the timetable in Swiss local time, in the forms upstreams want it.
public struct TimetableMoment: Sendable, Equatable {
    public let date: LocalDate
    public let time: LocalTime
    /// `2026-12-01T08:00:00+01:00`: the instant the reading means (the earlier one in the autumn
    /// overlap, the reading moved on by the gap in spring), with its offset.
    public let iso8601: String
    /// The instant the reading means, Unix seconds.
    public let instant: Int64

    /// The reading in `zone`.
    public init(date: LocalDate, time: LocalTime, zone: ZoneRules) {
        self.date = date
        self.time = time
        let instant = ZonedTime.instant(year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute, in: zone)
        self.instant = instant
        iso8601 = ZonedTime.iso8601(atUTC: instant, in: zone) ?? "\(date)T\(time):00+00:00"
    }

    /// `YYYY-MM-DDTHH:MM`, the reading as the board routes join their times to it.
    public var minute: String { "\(date)T\(time)" }
}

extension LocalDate {
    /// `DD.MM.YY`, as the HAFAS pages write dates.
    public var dotted: String { "\(Self.pad(day)).\(Self.pad(month)).\(Self.pad(year % 100))" }
}
