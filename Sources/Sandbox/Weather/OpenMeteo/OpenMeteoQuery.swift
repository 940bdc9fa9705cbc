import Kernel

/// An Open-Meteo `/v1/forecast` query, read and checked as the API checks it; a refusal carries
/// the API's `reason` text (a type error first, then the coordinates' ranges, then the days).
struct OpenMeteoQuery: Sendable {
    /// Why a query was refused: the `reason` of `{"error":true,"reason":…}`.
    struct Refusal: Error, Equatable {
        let reason: String
    }

    /// Which zone the answer's local times are in.
    enum Zone: Sendable, Equatable {
        /// GMT, the default.
        case gmt
        /// The zone of the place nearest to the point.
        case auto
        /// A named IANA zone.
        case named(String)
    }

    /// The most days a forecast reaches.
    static let maximumDays = 16
    /// The longest variable name read; a longer one is refused as unknown.
    static let maximumNameLength = 64

    var latitude: Double
    var longitude: Double
    var hourly: [(name: String, variable: OpenMeteoVariable)] = []
    var daily: [(name: String, variable: OpenMeteoDailyVariable)] = []
    var current: [(name: String, variable: OpenMeteoVariable)] = []
    /// The legacy `current_weather=true`.
    var currentWeather = false
    var zone = Zone.gmt
    var forecastDays = 7
    var units = OpenMeteoUnits()

    init(_ query: WebQuery) throws(Refusal) {
        latitude = try Self.float(query, "latitude")
        longitude = try Self.float(query, "longitude")
        hourly = try Self.names(query, "hourly", kind: "WeatherVariable", OpenMeteoVariable.init(name:))
        current = try Self.names(query, "current", kind: "WeatherVariable", OpenMeteoVariable.init(name:))
        daily = try Self.names(query, "daily", kind: "ForecastVariableDaily", OpenMeteoDailyVariable.init(name:))
        units = try Self.units(query)
        if let flag = query["current_weather"] {
            guard flag == "true" || flag == "false" else {
                throw Refusal(reason: "Cannot initialize Bool from invalid String value \(MetNoSimulator.clipped(flag)) for key current_weather")
            }
            currentWeather = flag == "true"
        }
        if let text = query["forecast_days"] {
            guard let days = Int(text), text.utf8.count <= 6 else { throw Refusal(reason: "Value of type 'Int' required for key 'forecast_days'.") }
            forecastDays = days
        }
        guard (-90...90).contains(latitude) else { throw Refusal(reason: "Latitude must be in range of -90 to 90°. Given: \(Self.given(latitude)).") }
        guard (-180...180).contains(longitude) else {
            throw Refusal(reason: "Longitude must be in range of -180 to 180°. Given: \(Self.given(longitude)).")
        }
        guard (0...Self.maximumDays).contains(forecastDays) else {
            throw Refusal(reason: "Forecast days is invalid. Allowed range 0 to \(Self.maximumDays). Given \(forecastDays).")
        }
        zone = try Self.zone(query["timezone"])
    }

    /// A float parameter as Swift reads one (so "nan" reads, and fails the range check after).
    private static func float(_ query: WebQuery, _ name: String) throws(Refusal) -> Double {
        guard let text = query[name], text.utf8.count <= DecimalText.maximumLength, let value = Double(text) else {
            throw Refusal(reason: "Value of type 'Float' required for key '\(name)'.")
        }
        return value
    }

    /// The comma-separated names of every `name=` parameter, each known, each once.
    private static func names<Variable>(
        _ query: WebQuery, _ key: String, kind: String, _ make: (String) -> Variable?
    ) throws(Refusal) -> [(name: String, variable: Variable)] {
        var found: [(name: String, variable: Variable)] = []
        for list in query.all(key) {
            for piece in list.split(separator: ",") {
                let name = String(piece)
                guard name.utf8.count <= maximumNameLength, let variable = make(name) else {
                    throw Refusal(reason: "Cannot initialize \(kind) from invalid String value \(MetNoSimulator.clipped(name)) for key \(key)")
                }
                if !found.contains(where: { $0.name == name }) { found.append((name, variable)) }
            }
        }
        return found
    }

    private static func units(_ query: WebQuery) throws(Refusal) -> OpenMeteoUnits {
        var units = OpenMeteoUnits()
        func refuse(_ kind: String, _ value: String, _ key: String) -> Refusal {
            Refusal(reason: "Cannot initialize \(kind) from invalid String value \(MetNoSimulator.clipped(value)) for key \(key)")
        }
        if let value = query["temperature_unit"] {
            guard value == "celsius" || value == "fahrenheit" else { throw refuse("TemperatureUnit", value, "temperature_unit") }
            units.fahrenheit = value == "fahrenheit"
        }
        if let value = query["wind_speed_unit"] ?? query["windspeed_unit"] {
            guard OpenMeteoUnits.windSpeeds[value] != nil else { throw refuse("WindspeedUnit", value, "wind_speed_unit") }
            units.windSpeedName = value
        }
        if let value = query["precipitation_unit"] {
            guard value == "mm" || value == "inch" else { throw refuse("PrecipitationUnit", value, "precipitation_unit") }
            units.inches = value == "inch"
        }
        if let value = query["timeformat"] {
            guard value == "iso8601" || value == "unixtime" else { throw refuse("Timeformat", value, "timeformat") }
            units.unixTime = value == "unixtime"
        }
        return units
    }

    private static func zone(_ text: String?) throws(Refusal) -> Zone {
        guard let text, !text.isEmpty else { return .gmt }
        switch text {
        case "GMT", "UTC": return .gmt
        case "auto": return .auto
        default:
            guard (try? ZoneRules.named(text)) != nil else { throw Refusal(reason: "Invalid timezone") }
            return .named(text)
        }
    }

    /// A number as the API echoes it in a reason ("99.0", "nan").
    private static func given(_ value: Double) -> String {
        Float(value).description
    }
}
