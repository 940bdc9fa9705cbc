/// The hourly and current variables the Open-Meteo simulator knows, by their names (today's,
/// and the older names Open-Meteo still accepts: `weathercode`, `windspeed_10m`, …).
enum OpenMeteoVariable: String, Sendable, Equatable, OpenMeteoNamed {
    case temperature = "temperature_2m", relativeHumidity = "relative_humidity_2m", dewPoint = "dew_point_2m"
    case precipitation, precipitationProbability = "precipitation_probability", weatherCode = "weather_code"
    case windSpeed = "wind_speed_10m", windDirection = "wind_direction_10m", cloudCover = "cloud_cover"
    case pressure = "pressure_msl", isDay = "is_day"

    /// The unit `*_units` names.
    func unit(_ units: OpenMeteoUnits) -> String {
        switch self {
        case .temperature, .dewPoint: units.temperatureUnit
        case .relativeHumidity, .precipitationProbability, .cloudCover: "%"
        case .precipitation: units.precipitationUnit
        case .weatherCode: "wmo code"
        case .windSpeed: units.windSpeedUnit
        case .windDirection: "°"
        case .pressure: "hPa"
        case .isDay: ""
        }
    }

    /// The value of a reading, formatted as Open-Meteo writes it.
    func value(_ reading: WeatherModel.Reading, _ units: OpenMeteoUnits) -> String {
        switch self {
        case .temperature: units.temperature(reading.temperature)
        case .relativeHumidity: String(reading.humidity)
        case .dewPoint: units.temperature((reading.dewPoint * 10).rounded() / 10)
        case .precipitation: units.precipitation(reading.precipitation)
        case .precipitationProbability: String(reading.precipitationProbability)
        case .weatherCode: String(Self.weatherCode(reading))
        case .windSpeed: units.windSpeed(reading.windSpeed)
        case .windDirection: String(reading.windDirection)
        case .cloudCover: String(Int(reading.cloudCover.rounded()))
        case .pressure: JSONAnswer.decimal(reading.pressure, 1)
        case .isDay: reading.daytime ? "1" : "0"
        }
    }

    /// The WMO code of one hour's reading.
    static func weatherCode(_ reading: WeatherModel.Reading) -> Int {
        reading.condition.wmoCode(cloudCover: reading.cloudCover, millimetresPerHour: reading.precipitation)
    }
}

/// The daily variables the Open-Meteo simulator knows, by their names (today's, and the older
/// ones Open-Meteo still accepts).
enum OpenMeteoDailyVariable: String, Sendable, Equatable, OpenMeteoNamed {
    case temperatureMax = "temperature_2m_max", temperatureMin = "temperature_2m_min"
    case precipitationSum = "precipitation_sum", precipitationHours = "precipitation_hours"
    case precipitationProbabilityMax = "precipitation_probability_max", weatherCode = "weather_code"
    case windSpeedMax = "wind_speed_10m_max", sunrise, sunset

    /// The unit `daily_units` names.
    func unit(_ units: OpenMeteoUnits) -> String {
        switch self {
        case .temperatureMax, .temperatureMin: units.temperatureUnit
        case .precipitationSum: units.precipitationUnit
        case .precipitationHours: "h"
        case .precipitationProbabilityMax: "%"
        case .weatherCode: "wmo code"
        case .windSpeedMax: units.windSpeedUnit
        case .sunrise, .sunset: units.unixTime ? "unixtime" : "iso8601"
        }
    }
}

/// A variable Open-Meteo names: by today's name (its raw value) or by the name it had before
/// Open-Meteo renamed its variables (`weathercode` for `weather_code`).
protocol OpenMeteoNamed: RawRepresentable<String> {}

extension OpenMeteoNamed {
    /// The variable a name asks for, or nil.
    init?(name: String) {
        self.init(rawValue: openMeteoFormerNames[name] ?? name)
    }
}

/// The names Open-Meteo's variables had before the renaming, and today's names for them.
private let openMeteoFormerNames = [
    "relativehumidity_2m": "relative_humidity_2m", "dewpoint_2m": "dew_point_2m", "weathercode": "weather_code",
    "windspeed_10m": "wind_speed_10m", "winddirection_10m": "wind_direction_10m", "cloudcover": "cloud_cover",
    "windspeed_10m_max": "wind_speed_10m_max",
]
