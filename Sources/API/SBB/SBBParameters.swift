import Model
import Server
import Services

/// The timetable endpoints' parameters, checked: anything wrong is a 400 naming the parameter.
enum SBBParameters {
    /// `/api/sbb/from/{from}/to/{to}` with `date`, `time`, `arrival`, `via`, `limit`, `transport`, `lat`, `lon`.
    static func connections(_ request: Request) throws -> ConnectionQuery {
        try onlyKnown(request, ["date", "time", "arrival", "via", "limit", "transport", "lat", "lon"])
        var query = ConnectionQuery(
            origins: try stations(request.parameters.list("from"), "from", max: ConnectionQuery.maxStations),
            destinations: try stations(request.parameters.list("to"), "to", max: ConnectionQuery.maxStations))
        if let text = try single(request, "date") {
            guard let date = LocalDate(iso: text) else { throw invalid("date", "must be a date as YYYY-MM-DD, such as 2026-12-01") }
            query.date = date
        }
        if let text = try single(request, "time") {
            guard let time = LocalTime(iso: text) else { throw invalid("time", "must be a time as HH:MM from 00:00 to 23:59") }
            query.time = time
        }
        if let text = try single(request, "arrival") {
            switch text {
            case "1", "true": query.isArrivalTime = true
            case "0", "false": query.isArrivalTime = false
            default: throw invalid("arrival", "must be 1 or 0")
            }
        }
        let via = request.query.values(for: "via")
        guard via.count <= ConnectionQuery.maxVia else { throw invalid("via", "may be given at most \(ConnectionQuery.maxVia) times") }
        query.via = try stations(via, "via", max: ConnectionQuery.maxVia, allowEmptyList: true)
        query.limit = try limit(request, ConnectionQuery.limits, default: ConnectionQuery.defaultLimit)
        for text in request.query.values(for: "transport") {
            guard let kind = Station.Kind(rawValue: text) else {
                throw invalid("transport", "must be one of \(Station.Kind.allCases.map(\.rawValue).joined(separator: ", ")); got \"\(text.prefix(40))\"")
            }
            query.transports.insert(kind)
        }
        query.position = try position(request)
        return query
    }

    /// `/api/sbb/stationboard/{station}` with `datetime`, `type`, `limit`, `lat`, `lon`.
    static func board(_ request: Request) throws -> BoardQuery {
        try onlyKnown(request, ["datetime", "type", "limit", "lat", "lon"])
        var query = BoardQuery(station: try stations([request.parameters.string("station")], "station", max: 1)[0])
        if let text = try single(request, "datetime") {
            // `YYYY-MM-DDTHH:MM`, or with a space for the `T` as forms send it.
            let parts = text.split(separator: "T", maxSplits: 1).count == 2 ? text.split(separator: "T") : text.split(separator: " ")
            guard parts.count == 2, let date = LocalDate(iso: String(parts[0])), let time = LocalTime(iso: String(parts[1])) else {
                throw invalid("datetime", "must be a date and time as YYYY-MM-DDTHH:MM, such as 2026-12-01T08:00")
            }
            query.date = date
            query.time = time
        }
        if let text = try single(request, "type") {
            guard let kind = StationBoard.Kind(rawValue: text) else { throw invalid("type", "must be departure or arrival") }
            query.kind = kind
        }
        query.limit = try limit(request, BoardQuery.limits, default: BoardQuery.defaultLimit)
        query.position = try position(request)
        return query
    }

    /// `lat` and `lon` together, or neither.
    static func position(_ request: Request) throws -> Coordinate? {
        let lat = try single(request, "lat"), lon = try single(request, "lon")
        switch (lat, lon) {
        case (nil, nil):
            return nil
        case (let lat?, let lon?):
            guard let latitude = Double(lat), latitude.isFinite, (-90...90).contains(latitude) else {
                throw invalid("lat", "must be a latitude in degrees from -90 to 90")
            }
            guard let longitude = Double(lon), longitude.isFinite, (-180...180).contains(longitude) else {
                throw invalid("lon", "must be a longitude in degrees from -180 to 180")
            }
            return Coordinate(latitude: latitude, longitude: longitude)
        default:
            throw invalid(lat == nil ? "lat" : "lon", "must be given together with \(lat == nil ? "lon" : "lat")")
        }
    }

    /// Names from a list parameter: 1…`max` of them, none empty or longer than 100 characters.
    static func stations(_ names: [String], _ parameter: String, max: Int, allowEmptyList: Bool = false) throws(HTTPError) -> [String] {
        guard allowEmptyList || !names.isEmpty else { throw invalid(parameter, "needs at least one station") }
        guard !names.contains(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) else {
            throw invalid(parameter, "has a control character in a station name")
        }
        guard names.count <= max else { throw invalid(parameter, "has \(names.count) stations; at most \(max) are allowed") }
        return try names.enumerated().map { (index, name) throws(HTTPError) -> String in
            let trimmed = name.trimmingWhitespace()
            let position = names.count > 1 ? " (station \(index + 1))" : ""
            guard !trimmed.isEmpty else { throw invalid(parameter, "has an empty station name\(position)") }
            guard trimmed.count <= ConnectionQuery.maxNameCharacters else {
                throw invalid(parameter, "has a station name longer than \(ConnectionQuery.maxNameCharacters) characters\(position)")
            }
            return trimmed
        }
    }

    /// `limit`, a whole number within `range`, or `default` when absent.
    static func limit(_ request: Request, _ range: ClosedRange<Int>, default value: Int) throws(HTTPError) -> Int {
        guard let text = try single(request, "limit") else { return value }
        guard let limit = Int(text), range.contains(limit) else {
            throw invalid("limit", "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return limit
    }

    /// A parameter given at most once.
    static func single(_ request: Request, _ name: String) throws(HTTPError) -> String? {
        let values = request.query.values(for: name)
        guard values.count <= 1 else { throw invalid(name, "may be given only once") }
        return values.first
    }

    /// Refuses query parameters the endpoint does not take (besides `format` and `pretty`).
    static func onlyKnown(_ request: Request, _ known: Set<String>) throws(HTTPError) {
        for (name, _) in request.query where !known.contains(name) && name != "format" && name != "pretty" {
            throw HTTPError.badRequest(
                "Unknown parameter \"\(name.prefix(40))\"; this endpoint takes \(known.sorted().joined(separator: ", ")).",
                code: "unknown_parameter")
        }
    }

    static func invalid(_ parameter: String, _ problem: String) -> HTTPError {
        .badRequest("Parameter \(parameter) \(problem).", code: "invalid_parameter")
    }
}

extension String {
    /// The text without white space at either end.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
