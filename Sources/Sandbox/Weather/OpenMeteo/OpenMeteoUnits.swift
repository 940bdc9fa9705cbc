/// The units an Open-Meteo request asks for (`temperature_unit`, `wind_speed_unit`,
/// `precipitation_unit`, `timeformat`) and the conversions from the model's °C, m/s and mm.
struct OpenMeteoUnits: Sendable, Equatable {
    /// The wind speed units Open-Meteo knows, by parameter value: name in `*_units`, factor from m/s.
    static let windSpeeds: [String: (unit: String, perMetrePerSecond: Double)] = [
        "kmh": ("km/h", 3.6), "ms": ("m/s", 1), "mph": ("mp/h", 2.236_936), "kn": ("kn", 1.943_844),
    ]

    var fahrenheit = false
    var windSpeedName = "kmh"
    var inches = false
    /// `timeformat=unixtime`: times as seconds since 1970 instead of local ISO 8601.
    var unixTime = false

    var temperatureUnit: String { fahrenheit ? "°F" : "°C" }
    var precipitationUnit: String { inches ? "inch" : "mm" }
    var windSpeedUnit: String { Self.windSpeeds[windSpeedName]?.unit ?? "km/h" }

    /// A temperature in °C in the asked unit, one decimal.
    func temperature(_ celsius: Double) -> String {
        JSONAnswer.decimal(fahrenheit ? celsius * 9 / 5 + 32 : celsius, 1)
    }

    /// A wind speed in m/s in the asked unit, one decimal.
    func windSpeed(_ metresPerSecond: Double) -> String {
        JSONAnswer.decimal(metresPerSecond * (Self.windSpeeds[windSpeedName]?.perMetrePerSecond ?? 3.6), 1)
    }

    /// A precipitation in mm in the asked unit: mm with one decimal, inches with three.
    func precipitation(_ millimetres: Double) -> String {
        inches ? JSONAnswer.decimal(millimetres / 25.4, 3) : JSONAnswer.decimal(millimetres, 1)
    }
}
