#if canImport(Glibc)
import Glibc
#endif

/// Deterministic weather: the same point and instant always give the same reading.
///
/// The temperature is a climate by latitude (warm at the equator, about 10 °C a year round at
/// 45°), a season (warmest late in July in the north, late in January in the south, with an
/// amplitude growing with latitude up to 13 °C), a day (warmest at 15:00 local solar time) and "weather
/// systems": smooth noise over 6° cells and days, interpolated so that neighbouring places and
/// hours are alike. Cloud cover from the same noise gives the condition, precipitation,
/// humidity and wind.
///
/// ```swift
/// let reading = WeatherModel().reading(latitude: 46.95, longitude: 7.45, at: 1_780_000_000)
/// reading.temperature   // °C
/// ```
public struct WeatherModel: Sendable {
    /// A model; it has no state.
    public init() {}

    /// The weather at one point and instant (seconds since 1970).
    public struct Reading: Sendable, Equatable {
        /// Air temperature, °C, one decimal.
        public let temperature: Double
        /// The sky.
        public let condition: WeatherCondition
        /// Chance of precipitation in the hour, percent, a multiple of 5.
        public let precipitationProbability: Int
        /// Precipitation in the hour, mm, one decimal.
        public let precipitation: Double
        /// Relative humidity, percent.
        public let humidity: Int
        /// Wind speed, m/s, one decimal.
        public let windSpeed: Double
        /// Wind direction, degrees the wind comes from.
        public let windDirection: Int
        /// Whether the sun is up (6:00 to 18:00 local solar time).
        public let daytime: Bool
        /// The sky covered by cloud, percent, one decimal.
        public let cloudCover: Double

        /// Air pressure at sea level, hPa: low under wet air, high under dry.
        public var pressure: Double { 1013 - 20 * (Double(humidity) - 60) / 40 }

        /// The dew point, °C, from the temperature and the humidity (Magnus' formula).
        public var dewPoint: Double {
            let gamma = log(Double(max(humidity, 1)) / 100) + 17.62 * temperature / (243.12 + temperature)
            return 243.12 * gamma / (17.62 - gamma)
        }
    }

    public func reading(latitude: Double, longitude: Double, at instant: Int64) -> Reading {
        var lattice = NoiseLattice()
        return reading(latitude: latitude, longitude: longitude, at: instant, lattice: &lattice)
    }

    /// The weather at one point and instant, with the lattice values kept in `lattice` for the
    /// next readings: a point's hours share them (a cell is 6° by 6° by a day), and hashing them
    /// was most of a forecast's work.
    func reading(latitude: Double, longitude: Double, at instant: Int64, lattice: inout NoiseLattice) -> Reading {
        let days = Double(instant) / 86_400
        let solarHour = ((Double(instant % 86_400 + 86_400) / 3600 + longitude / 15).truncatingRemainder(dividingBy: 24) + 24)
            .truncatingRemainder(dividingBy: 24)
        let dayOfYear = (days + 0.5).truncatingRemainder(dividingBy: 365.2425)
        let absLat = min(abs(latitude), 90)
        let mean = 27 - 0.45 * max(0, absLat - 12) - 0.004 * max(0, absLat - 45) * max(0, absLat - 45)
        let amplitude = min(0.22 * absLat, 13)
        var season = cos(2 * .pi * (dayOfYear - 200) / 365.2425)
        if latitude < 0 { season = -season }
        let system = noise(latitude, longitude, days, salt: 1, lattice: &lattice)
        let clouds = max(0, min(1, 0.5 + 0.75 * noise(latitude, longitude, days, salt: 2, lattice: &lattice)))
        let daily = (6 - 3 * clouds) * cos(2 * .pi * (solarHour - 15) / 24)
        let temperature = mean + amplitude * season + daily + 4 * system
        let fogChance = noise(latitude, longitude, days, salt: 4, lattice: &lattice)
        let condition: WeatherCondition
        switch clouds {
        case ..<0.3: condition = (solarHour < 9 && solarHour > 3 && fogChance > 0.25) ? .fog : .clear
        case ..<0.55: condition = .partlyCloudy
        case ..<0.72: condition = (solarHour < 10 && fogChance > 0.2) ? .fog : .cloudy
        default: condition = temperature <= 0.5 ? .snow : (temperature >= 22 && clouds > 0.85 ? .thunder : .rain)
        }
        let probability = Int((max(0, min(1, (clouds - 0.5) / 0.55)) * 20).rounded()) * 5
        let precipitation = condition == .rain || condition == .snow || condition == .thunder ? (clouds - 0.7) * (condition == .thunder ? 12 : 5) : 0
        let wind = 1.5 + 8 * abs(noise(latitude, longitude, days, salt: 3, lattice: &lattice)) + 2 * clouds
        return Reading(
            temperature: round1(temperature), condition: condition, precipitationProbability: probability,
            precipitation: round1(max(0, precipitation)), humidity: Int((40 + 55 * clouds).rounded()),
            windSpeed: round1(wind), windDirection: Int((noise(latitude, longitude, days, salt: 5, lattice: &lattice) + 1) * 180) % 360,
            daytime: solarHour >= 6 && solarHour < 18, cloudCover: round1(clouds * 100))
    }

    /// Smooth noise in -1...1: hashed values on a grid of 6° by 6° by 1 day, interpolated.
    func noise(_ latitude: Double, _ longitude: Double, _ days: Double, salt: Int, lattice: inout NoiseLattice) -> Double {
        let x = (longitude + 180) / 6, y = (latitude + 90) / 6, t = days
        let x0 = floor(x), y0 = floor(y), t0 = floor(t)
        let fx = smooth(x - x0), fy = smooth(y - y0), ft = smooth(t - t0)
        let corners = lattice.corners(x: Int(x0), y: Int(y0), t: Int(t0), salt: salt)
        let weightsX = (1 - fx, fx), weightsY = (1 - fy, fy), weightsT = (1 - ft, ft)
        var total = 0.0
        for dx in 0..<2 {
            let wx = dx == 0 ? weightsX.0 : weightsX.1
            for dy in 0..<2 {
                let wy = dy == 0 ? weightsY.0 : weightsY.1
                for dt in 0..<2 {
                    let wt = dt == 0 ? weightsT.0 : weightsT.1
                    total += wx * wy * wt * corners[dx * 4 + dy * 2 + dt]
                }
            }
        }
        return total
    }

    private func smooth(_ f: Double) -> Double { f * f * (3 - 2 * f) }

    private func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
