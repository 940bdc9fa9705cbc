/// The periods of api.weather.gov's forecasts from the weather model at a grid cell's centre.
///
/// - The 12-hour forecast: 14 periods, day from 06:00 to 18:00 local time and night from 18:00 to
///   06:00, the first one starting at the current hour and ending at the next of those
///   boundaries; named "Today" (before noon) or "This Afternoon", "Tonight" (or "Overnight"
///   after midnight, then "Today") first, then by weekday ("Wednesday", "Wednesday Night"). The temperature is
///   the day's high or the night's low, the chance of precipitation the highest hourly one.
/// - The hourly forecast: 156 one-hour periods from the current hour, without names.
struct NWSForecaster {
    static let periodCount = 14
    static let hourCount = 156

    let model: WeatherModel
    let point: GeoPoint
    let zone: PlaceZone
    /// Celsius and km/h (`units=si`), or Fahrenheit and mph.
    let si: Bool

    /// The 12-hour periods from the hour of `now`.
    func periods(now: Int64) -> [NWSRenderer.Period] {
        var start = MetNoTimeline.floor(now, 3600)
        var bounds: [(start: Int64, end: Int64)] = []
        while bounds.count < Self.periodCount {
            let local = zone.local(start)
            let endDate = local.hour >= 18 ? local.date.adding(days: 1) : local.date
            let endHour = local.hour >= 6 && local.hour < 18 ? 18 : 6
            let end = zone.instant(of: LocalDateTime(date: endDate, secondOfDay: endHour * 3600))
            // A zone's rules always move the next boundary on; at least an hour, whatever a zone says.
            let next = max(end, start + 3600)
            bounds.append((start, next))
            start = next
        }
        let hours = HourlyReadings(model: model, latitude: point.latitude, longitude: point.longitude, from: bounds[0].start,
                                   hours: Int((bounds[bounds.count - 1].end - bounds[0].start) / 3600))
        let firstHour = zone.local(bounds[0].start).hour
        return bounds.enumerated().map { index, bound in
            let local = zone.local(bound.start)
            let isDaytime = local.hour >= 6 && local.hour < 18
            let weather = hours.period(from: bound.start, hours: max(1, Int((bound.end - bound.start) / 3600)))
            let name = Self.name(index: index, local: local, isDaytime: isDaytime, firstHour: firstHour)
            let temperature = temperature(isDaytime ? weather.high : weather.low)
            let chance = weather.precipitationChance
            let condition = weather.condition, representative = weather.representative
            let wind = windSpeed(weather.windRange.low, weather.windRange.high)
            return NWSRenderer.Period(
                name: name, start: zone.moment(bound.start), end: zone.moment(bound.end), isDaytime: isDaytime,
                temperature: temperature, precipitationChance: chance, dewPoint: nil, humidity: nil,
                windSpeed: wind, windDirection: Self.compass(representative.windDirection),
                icon: Self.icon(condition, daytime: isDaytime, cloudCover: representative.cloudCover, chance: chance, size: "medium"),
                shortForecast: condition.nwsShortForecast(
                    daytime: isDaytime, cloudCover: representative.cloudCover, millimetresPerHour: weather.millimetresPerHour, precipitationChance: chance),
                detailedForecast: detailed(weather, isDaytime: isDaytime, temperature: temperature, wind: wind))
        }
    }

    /// The hourly periods from the hour of `now`.
    func hourly(now: Int64) -> [NWSRenderer.Period] {
        let first = MetNoTimeline.floor(now, 3600)
        let hours = HourlyReadings(model: model, latitude: point.latitude, longitude: point.longitude, from: first, hours: Self.hourCount)
        return hours.readings.enumerated().map { index, reading in
            let start = first + Int64(index) * 3600
            let hour = zone.local(start).hour
            let isDaytime = hour >= 6 && hour < 18
            let speed = Int(windSpeed(reading.windSpeed).rounded())
            return NWSRenderer.Period(
                name: "", start: zone.moment(start), end: zone.moment(start + 3600), isDaytime: isDaytime,
                temperature: temperature(reading.temperature), precipitationChance: reading.precipitationProbability,
                // The API rounds the dew point to a whole °F and gives it in °C unrounded.
                dewPoint: Double(WeatherModel.fahrenheit(reading.dewPoint) - 32) * 5 / 9, humidity: reading.humidity,
                windSpeed: "\(speed) \(si ? "km/h" : "mph")", windDirection: Self.compass(reading.windDirection),
                icon: Self.icon(reading.condition, daytime: isDaytime, cloudCover: reading.cloudCover, chance: reading.precipitationProbability, size: "small"),
                shortForecast: reading.condition.nwsShortForecast(
                    daytime: isDaytime, cloudCover: reading.cloudCover, millimetresPerHour: reading.precipitation,
                    precipitationChance: reading.precipitationProbability),
                detailedForecast: "")
        }
    }

    /// A period's name: the first two by the time of day (the night after today's day is
    /// "Tonight", the day after a night's small hours "Today"), the others by weekday.
    static func name(index: Int, local: LocalDateTime, isDaytime: Bool, firstHour: Int) -> String {
        if index == 0 {
            if isDaytime { return local.hour < 12 ? "Today" : "This Afternoon" }
            return local.hour >= 18 ? "Tonight" : "Overnight"
        }
        if index == 1 && firstHour >= 6 && firstHour < 18 { return "Tonight" }
        if index == 1 && firstHour < 6 { return "Today" }
        let day = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][local.date.weekday - 1]
        return isDaytime ? day : day + " Night"
    }

    /// A temperature in the answer's unit, whole degrees.
    func temperature(_ celsius: Double) -> Int {
        si ? Int(celsius.rounded()) : WeatherModel.fahrenheit(celsius)
    }

    /// A wind speed in the answer's unit.
    func windSpeed(_ metresPerSecond: Double) -> Double {
        metresPerSecond * (si ? 3.6 : 2.236_936)
    }

    /// "4 km/h", or "2 to 35 km/h" for a range.
    func windSpeed(_ low: Double, _ high: Double) -> String {
        let from = Int(windSpeed(low).rounded()), to = Int(windSpeed(high).rounded())
        return (from == to ? "\(from)" : "\(from) to \(to)") + (si ? " km/h" : " mph")
    }

    /// The 16-point compass direction the wind comes from ("NNW").
    static func compass(_ degrees: Int) -> String {
        let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        return points[Int((Double(degrees % 360) / 22.5).rounded()) % 16]
    }

    /// The icon's address: api.weather.gov's land icons, day or night, with the chance of
    /// precipitation (to ten percent) after a wet one (`.../day/rain,40?size=medium`).
    static func icon(_ condition: WeatherCondition, daytime: Bool, cloudCover: Double, chance: Int, size: String) -> String {
        let name = condition.nwsIcon(cloudCover: cloudCover)
        let suffix = condition.isWet ? "," + String((chance + 5) / 10 * 10) : ""
        return "https://api.weather.gov/icons/land/" + (daytime ? "day/" : "night/") + name + suffix + "?size=" + size
    }

    /// The sentences of `detailedForecast`: what falls and how likely, the sky and the
    /// temperature, the wind, the chance of precipitation.
    func detailed(_ weather: PeriodWeather, isDaytime: Bool, temperature: Int, wind: String) -> String {
        let condition = weather.condition, chance = weather.precipitationChance, representative = weather.representative
        var sentences: [String] = []
        var sky: String
        if condition.isWet {
            let what = condition.nwsWords(daytime: isDaytime, cloudCover: representative.cloudCover, millimetresPerHour: weather.millimetresPerHour).lowercased()
            switch chance {
            case ..<25: sentences.append("A slight chance of \(what).")
            case ..<55: sentences.append("A chance of \(what).")
            case ..<80: sentences.append(what.prefix(1).uppercased() + what.dropFirst() + " likely.")
            default: sentences.append(what.prefix(1).uppercased() + what.dropFirst() + ".")
            }
            sky = "Cloudy"
        } else {
            let words = condition.nwsWords(daytime: isDaytime, cloudCover: representative.cloudCover, millimetresPerHour: 0)
            sky = words.prefix(1) + words.dropFirst().lowercased()
        }
        sentences.append("\(sky), with a \(isDaytime ? "high" : "low") near \(temperature).")
        let direction = Self.directionName(Self.compass(representative.windDirection))
        sentences.append("\(direction) wind \(wind.contains(" to ") ? wind : "around " + wind).")
        if chance >= 20 { sentences.append("Chance of precipitation is \((chance + 5) / 10 * 10)%.") }
        return sentences.joined(separator: " ")
    }

    /// "NNW" → "North northwest", as the detailed forecasts name wind directions.
    static func directionName(_ compass: String) -> String {
        let words = compass.map { letter -> String in
            switch letter {
            case "N": "north"
            case "S": "south"
            case "E": "east"
            default: "west"
            }
        }
        let name = compass.count == 3 ? words[0] + " " + words[1] + words[2] : words.joined()
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
