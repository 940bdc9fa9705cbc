import Server
import Services

/// The weather and geocoding endpoints' parameters: anything wrong is a 400 naming the parameter.
enum WeatherParameters {
    /// The longest place name taken.
    static let maxName = 200

    /// A place name from the path or the query: trimmed, not empty, not too long.
    static func name(_ text: String, _ parameter: String) throws(HTTPError) -> String {
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw RequestChecks.invalid(parameter, "must not contain control characters")
        }
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw RequestChecks.invalid(parameter, "must name a place") }
        guard trimmed.utf8.count <= maxName else { throw RequestChecks.invalid(parameter, "must be at most \(maxName) bytes") }
        return trimmed
    }

    /// `day`, 0 to 6, or nil when absent.
    static func day(_ request: Request) throws(HTTPError) -> Int? {
        guard let text = try RequestChecks.single(request, "day") else { return nil }
        guard let day = Int(text), (0...6).contains(day) else { throw RequestChecks.invalid("day", "must be a whole number from 0 (today) to 6") }
        return day
    }

    /// The query of `/api/weather/route/from/{from}/to/{to}`.
    static func route(_ request: Request) throws -> RouteWeatherQuery {
        try RequestChecks.onlyKnown(request, ["day", "depart", "dedupe", "every"])
        var query = RouteWeatherQuery(
            from: try name(try request.parameters.string("from"), "from"), to: try name(try request.parameters.string("to"), "to"))
        query.day = try day(request) ?? 0
        if let text = try RequestChecks.single(request, "depart") {
            guard try RequestChecks.single(request, "day") == nil else { throw RequestChecks.invalid("depart", "and day may not be given together") }
            let parts = text.split(separator: "T", omittingEmptySubsequences: false)
            guard parts.count == 2, let date = LocalDate(iso: String(parts[0])), let time = LocalTime(iso: String(parts[1])) else {
                throw RequestChecks.invalid("depart", "must be a local date and time, YYYY-MM-DDTHH:MM")
            }
            query.depart = (date, time)
        }
        if let text = try RequestChecks.single(request, "dedupe") {
            guard let dedupe = RouteWeatherQuery.Dedupe(rawValue: text) else { throw RequestChecks.invalid("dedupe", "must be postcode or city") }
            query.dedupe = dedupe
        }
        if let text = try RequestChecks.single(request, "every") {
            guard let km = Int(text), (10...500).contains(km) else { throw RequestChecks.invalid("every", "must be kilometres, a whole number from 10 to 500") }
            query.spacing = Double(km) * 1000
        }
        return query
    }
}

