import Model
import Server
import Services

/// The timetable endpoints' parameters, checked: anything wrong is a 400 naming the parameter.
enum SBBParameters {
    /// `/api/sbb/from/{from}/to/{to}` with `date`, `time`, `arrival`, `via`, `limit`, `transport`, `lat`, `lon`.
    static func connections(_ request: Request) throws -> ConnectionQuery {
        try RequestChecks.onlyKnown(request, ["date", "time", "arrival", "via", "limit", "transport", "lat", "lon"])
        var query = ConnectionQuery(
            origins: try stations(request.parameters.list("from"), "from", max: ConnectionQuery.maxStations),
            destinations: try stations(request.parameters.list("to"), "to", max: ConnectionQuery.maxStations))
        if let text = try RequestChecks.single(request, "date") {
            guard let date = LocalDate(iso: text) else { throw RequestChecks.invalid("date", "must be a date as YYYY-MM-DD, such as 2026-12-01") }
            query.date = date
        }
        if let text = try RequestChecks.single(request, "time") {
            guard let time = LocalTime(iso: text) else { throw RequestChecks.invalid("time", "must be a time as HH:MM from 00:00 to 23:59") }
            query.time = time
        }
        if let text = try RequestChecks.single(request, "arrival") {
            switch text {
            case "1", "true": query.isArrivalTime = true
            case "0", "false": query.isArrivalTime = false
            default: throw RequestChecks.invalid("arrival", "must be 1 or 0")
            }
        }
        let via = request.query.values(for: "via")
        guard via.count <= ConnectionQuery.maxVia else { throw RequestChecks.invalid("via", "may be given at most \(ConnectionQuery.maxVia) times") }
        query.via = try stations(via, "via", max: ConnectionQuery.maxVia, allowEmptyList: true)
        query.limit = try RequestChecks.limit(request, ConnectionQuery.limits, default: ConnectionQuery.defaultLimit)
        for text in request.query.values(for: "transport") {
            guard let kind = Station.Kind(rawValue: text) else {
                throw RequestChecks.invalid("transport", "must be one of \(Station.Kind.allCases.map(\.rawValue).joined(separator: ", ")); got \"\(text.prefix(40))\"")
            }
            query.transports.insert(kind)
        }
        query.position = try RequestChecks.position(request)
        return query
    }

    /// `/api/sbb/stationboard/{station}` with `datetime`, `type`, `limit`, `lat`, `lon`.
    static func board(_ request: Request) throws -> BoardQuery {
        try RequestChecks.onlyKnown(request, ["datetime", "type", "limit", "lat", "lon"])
        var query = BoardQuery(station: try stations([request.parameters.string("station")], "station", max: 1)[0])
        if let text = try RequestChecks.single(request, "datetime") {
            // `YYYY-MM-DDTHH:MM`, or with a space for the `T` as forms send it.
            let parts = text.split(separator: "T", maxSplits: 1).count == 2 ? text.split(separator: "T") : text.split(separator: " ")
            guard parts.count == 2, let date = LocalDate(iso: String(parts[0])), let time = LocalTime(iso: String(parts[1])) else {
                throw RequestChecks.invalid("datetime", "must be a date and time as YYYY-MM-DDTHH:MM, such as 2026-12-01T08:00")
            }
            query.date = date
            query.time = time
        }
        if let text = try RequestChecks.single(request, "type") {
            guard let kind = StationBoard.Kind(rawValue: text) else { throw RequestChecks.invalid("type", "must be departure or arrival") }
            query.kind = kind
        }
        query.limit = try RequestChecks.limit(request, BoardQuery.limits, default: BoardQuery.defaultLimit)
        query.position = try RequestChecks.position(request)
        return query
    }

    /// Names from a list parameter: 1…`max` of them, none empty or longer than 100 characters.
    static func stations(_ names: [String], _ parameter: String, max: Int, allowEmptyList: Bool = false) throws(HTTPError) -> [String] {
        guard allowEmptyList || !names.isEmpty else { throw RequestChecks.invalid(parameter, "needs at least one station") }
        guard !names.contains(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) else {
            throw RequestChecks.invalid(parameter, "has a control character in a station name")
        }
        guard names.count <= max else { throw RequestChecks.invalid(parameter, "has \(names.count) stations; at most \(max) are allowed") }
        return try names.enumerated().map { (index, name) throws(HTTPError) -> String in
            let trimmed = name.trimmingWhitespace()
            let position = names.count > 1 ? " (station \(index + 1))" : ""
            guard !trimmed.isEmpty else { throw RequestChecks.invalid(parameter, "has an empty station name\(position)") }
            guard trimmed.count <= ConnectionQuery.maxNameCharacters else {
                throw RequestChecks.invalid(parameter, "has a station name longer than \(ConnectionQuery.maxNameCharacters) characters\(position)")
            }
            return trimmed
        }
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
