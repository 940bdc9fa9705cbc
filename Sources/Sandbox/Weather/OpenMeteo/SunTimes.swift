#if canImport(Glibc)
import Glibc
#endif

/// Sunrise and sunset by the sunrise equation (the Sun's mean anomaly, equation of the centre,
/// ecliptic longitude and declination, with the 0.833° of refraction and the disc's radius):
/// within a minute or two of the almanacs below the polar circles.
///
/// ```swift
/// SunTimes(latitude: 40.78858, longitude: -73.9661, date: CalendarDate(year: 2026, month: 2, day: 6)!).rise
/// // 07:00 New York time, as Open-Meteo's answer for the day says
/// ```
struct SunTimes: Sendable, Equatable {
    /// The instants of sunrise and sunset; nil in a polar night or a polar day.
    let rise: Int64?
    let set: Int64?
    /// Whether the sun stays up all day (true) or down (false) when there is no rise and set.
    let alwaysUp: Bool

    /// The sun's times at a place on a date (the date around the place's solar noon).
    init(latitude: Double, longitude: Double, date: CalendarDate) {
        let radians = Double.pi / 180
        // Days since the J2000 epoch (2000-01-01 12:00 UTC) at the date's noon UTC, moved to the place's solar noon.
        let solarDay = Double(date.daysSinceEpoch) - 10_957 - longitude / 360
        let anomaly = (357.5291 + 0.98560028 * solarDay).truncatingRemainder(dividingBy: 360)
        let m = anomaly * radians
        let centre = 1.9148 * sin(m) + 0.02 * sin(2 * m) + 0.0003 * sin(3 * m)
        let ecliptic = ((anomaly + centre + 180 + 102.9372).truncatingRemainder(dividingBy: 360)) * radians
        let transit = solarDay + 0.0053 * sin(m) - 0.0069 * sin(2 * ecliptic)
        let declination = asin(sin(ecliptic) * sin(23.4397 * radians))
        let phi = latitude * radians
        let cosHourAngle = (sin(-0.833 * radians) - sin(phi) * sin(declination)) / (cos(phi) * cos(declination))
        guard cosHourAngle >= -1, cosHourAngle <= 1 else {
            rise = nil
            set = nil
            alwaysUp = cosHourAngle < -1
            return
        }
        let halfDay = acos(cosHourAngle) / radians / 360
        // Back from days since J2000 noon to seconds since 1970.
        func instant(_ days: Double) -> Int64 { Int64(((days + 10_957.5) * 86_400).rounded()) }
        rise = instant(transit - halfDay)
        set = instant(transit + halfDay)
        alwaysUp = false
    }
}
