/// The hourly and current variables the Open-Meteo simulator knows, by their names (today's,
/// and the older names Open-Meteo still accepts: `weathercode`, `windspeed_10m`, …).
enum OpenMeteoVariable: Sendable, Equatable {
    case temperature, relativeHumidity, dewPoint, precipitation, precipitationProbability, weatherCode
    case windSpeed, windDirection, cloudCover, pressure, isDay

    /// The variable a name asks for, or nil.
    init?(name: String) {
        switch name {
        case "temperature_2m": self = .temperature
        case "relative_humidity_2m", "relativehumidity_2m": self = .relativeHumidity
        case "dew_point_2m", "dewpoint_2m": self = .dewPoint
        case "precipitation": self = .precipitation
        case "precipitation_probability": self = .precipitationProbability
        case "weather_code", "weathercode": self = .weatherCode
        case "wind_speed_10m", "windspeed_10m": self = .windSpeed
        case "wind_direction_10m", "winddirection_10m": self = .windDirection
        case "cloud_cover", "cloudcover": self = .cloudCover
        case "pressure_msl": self = .pressure
        case "is_day": self = .isDay
        default: return nil
        }
    }

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

/// The daily variables the Open-Meteo simulator knows.
enum OpenMeteoDailyVariable: Sendable, Equatable {
    case temperatureMax, temperatureMin, precipitationSum, precipitationHours, precipitationProbabilityMax
    case weatherCode, windSpeedMax, sunrise, sunset

    /// The variable a name asks for, or nil.
    init?(name: String) {
        switch name {
        case "temperature_2m_max": self = .temperatureMax
        case "temperature_2m_min": self = .temperatureMin
        case "precipitation_sum": self = .precipitationSum
        case "precipitation_hours": self = .precipitationHours
        case "precipitation_probability_max": self = .precipitationProbabilityMax
        case "weather_code", "weathercode": self = .weatherCode
        case "wind_speed_10m_max", "windspeed_10m_max": self = .windSpeedMax
        case "sunrise": self = .sunrise
        case "sunset": self = .sunset
        default: return nil
        }
    }

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
