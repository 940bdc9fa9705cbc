@testable import Sandbox
import Testing

/// Open-Meteo's forecast API, simulated: the recorded New York and Munich answers' shapes, the
/// weather model's values, the sun's times against the recorded ones, and the API's refusals.
@Suite("Open-Meteo forecast simulator")
struct OpenMeteoSimulatorTests {
    typealias P = TestPlaces
    static let newYorkSample = "openmeteo-v1-forecast-current-hourly-daily-newyork-2026-02-06-magicmirror.json"
    static let munichSample = "openmeteo-v1-forecast-current_weather-hourly-daily-unixtime-munich-2026-02-07-magicmirror.json"
    /// 2026-02-06T21:30:00Z, 16:30 in New York: the New York sample's `current` time.
    static let newYork: Int64 = 1_770_413_400
    static let service = OpenMeteoSimulator(places: P.source, now: { newYork })
    /// The New York sample's variables.
    static let newYorkQuery: Substring = "latitude=40.78858&longitude=-73.9661"
        + "&current=temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m"
        + "&hourly=temperature_2m,precipitation,weather_code,wind_speed_10m"
        + "&daily=weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset,precipitation_sum&timezone=America%2FNew_York&forecast_days=7"

    static func respond(_ query: Substring, at instant: Int64 = newYork) -> WebAnswer {
        OpenMeteoSimulator(places: P.source, now: { instant }).respond(to: WebRequest(path: OpenMeteoSimulator.path, query: query))
    }

    @Test func theAnswerHasTheRecordedAnswersShape() throws {
        let answer = Self.respond(Self.newYorkQuery)
        #expect(answer.status == 200 && answer.contentType == "application/json; charset=utf-8")
        let recorded = try JSONSample.bytes("open-meteo-forecast", Self.newYorkSample)
        #expect(JSONSample.keyOrder(answer.body) == JSONSample.keyOrder(recorded))
        let ours = object(try JSONSample.parse(answer.body)), theirs = object(try JSONSample.parse(recorded))
        for units in ["current_units", "hourly_units", "daily_units"] {
            #expect(object(ours[units]) as? [String: String] == object(theirs[units]) as? [String: String], "\(units)")
        }
        for key in ["utc_offset_seconds", "timezone", "timezone_abbreviation"] {
            #expect("\(ours[key] ?? "")" == "\(theirs[key] ?? "")", "\(key)")
        }
        #expect(number(ours["latitude"]) == 40.8 && number(ours["longitude"]) == -73.975)
        let current = object(ours["current"]), theirCurrent = object(theirs["current"])
        #expect(current["time"] as? String == theirCurrent["time"] as? String && number(current["interval"]) == 900)
        let hourly = object(ours["hourly"]), theirHourly = object(theirs["hourly"])
        #expect(array(hourly["time"]) as? [String] == array(theirHourly["time"]) as? [String])
        for (name, values) in hourly { #expect(array(values).count == 168, "\(name)") }
        let daily = object(ours["daily"]), theirDaily = object(theirs["daily"])
        #expect(array(daily["time"]) as? [String] == array(theirDaily["time"]) as? [String])
    }

    @Test func valuesAreTheWeatherModelsAtTheGridCell() throws {
        let ours = object(try JSONSample.parse(Self.respond(Self.newYorkQuery).body))
        let model = WeatherModel(), midnight: Int64 = 1_770_354_000  // 2026-02-06T00:00-05:00
        let hourly = object(ours["hourly"])
        let temperatures = array(hourly["temperature_2m"]).compactMap(number), codes = array(hourly["weather_code"]).compactMap(number)
        let wind = array(hourly["wind_speed_10m"]).compactMap(number), rain = array(hourly["precipitation"]).compactMap(number)
        var readings: [WeatherModel.Reading] = []
        for hour in 0..<168 {
            let reading = model.reading(latitude: 40.8, longitude: -73.975, at: midnight + Int64(hour) * 3600)
            readings.append(reading)
            #expect(temperatures[hour] == reading.temperature)
            #expect(rain[hour] == reading.precipitation)
            #expect(abs(wind[hour] - reading.windSpeed * 3.6) < 0.051)
            #expect(Int(codes[hour]) == reading.condition.wmoCode(cloudCover: reading.cloudCover, millimetresPerHour: reading.precipitation))
        }
        let daily = object(ours["daily"])
        let highs = array(daily["temperature_2m_max"]).compactMap(number), lows = array(daily["temperature_2m_min"]).compactMap(number)
        let sums = array(daily["precipitation_sum"]).compactMap(number), dailyCodes = array(daily["weather_code"]).compactMap(number)
        for day in 0..<7 {
            let hours = readings[(day * 24)..<(day * 24 + 24)]
            #expect(highs[day] == hours.map(\.temperature).max() && lows[day] == hours.map(\.temperature).min())
            #expect(abs(sums[day] - hours.reduce(0) { $0 + $1.precipitation }) < 0.051)
            #expect(Int(dailyCodes[day]) == hours.map(OpenMeteoVariable.weatherCode).max())
        }
        let current = object(ours["current"])
        let now = model.reading(latitude: 40.8, longitude: -73.975, at: Self.newYork)
        #expect(number(current["temperature_2m"]) == now.temperature && number(current["relative_humidity_2m"]) == Double(now.humidity))
        #expect(number(current["wind_direction_10m"]) == Double(now.windDirection))
    }

    @Test func sunriseAndSunsetAreWithinTwoMinutesOfTheRecordedOnes() throws {
        let ours = object(object(try JSONSample.parse(Self.respond(Self.newYorkQuery).body))["daily"])
        let theirs = object(object(try JSONSample.parse(try JSONSample.bytes("open-meteo-forecast", Self.newYorkSample)))["daily"])
        func minutes(_ text: Any) -> Int? {
            guard let text = text as? String, let time = text.split(separator: "T").last else { return nil }
            let parts = time.split(separator: ":").compactMap { Int($0) }
            return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
        }
        for key in ["sunrise", "sunset"] {
            let mine = array(ours[key]).map(minutes), recorded = array(theirs[key]).map(minutes)
            #expect(mine.count == 7 && recorded.count == 7)
            for (a, b) in zip(mine, recorded) { #expect(abs((a ?? 0) - (b ?? -100)) <= 2, "\(key) \(a ?? -1) \(b ?? -1)") }
        }
    }

    @Test func unixTimeAndTheOldNamesAnswerAsTheMunichSample() throws {
        // 2026-02-07T15:15:00Z, the Munich sample's current time.
        let answer = Self.respond(
            "latitude=48.14&longitude=11.58&hourly=temperature_2m,windspeed_10m,winddirection_10m,relativehumidity_2m"
                + "&daily=temperature_2m_max,temperature_2m_min,sunrise,sunset&timeformat=unixtime&timezone=Europe/Berlin&current_weather=true",
            at: 1_770_477_300)
        let ours = object(try JSONSample.parse(answer.body))
        let theirs = object(try JSONSample.parse(try JSONSample.fixture(Self.munichSample)))
        #expect(JSONSample.keyOrder(answer.body) == JSONSample.keyOrder(try JSONSample.fixture(Self.munichSample)))
        for units in ["current_weather_units", "hourly_units", "daily_units"] {
            #expect(object(ours[units]) as? [String: String] == object(theirs[units]) as? [String: String], "\(units)")
        }
        let legacy = object(ours["current_weather"]), recordedLegacy = object(theirs["current_weather"])
        #expect(number(legacy["time"]) == number(recordedLegacy["time"]) && number(legacy["interval"]) == 900)
        let reading = WeatherModel().reading(latitude: 48.15, longitude: 11.575, at: 1_770_477_300)
        #expect(number(legacy["temperature"]) == reading.temperature && number(legacy["is_day"]) == (reading.daytime ? 1 : 0))
        #expect(number(ours["latitude"]) == 48.15 && number(ours["longitude"]) == 11.575)
        #expect(number(ours["utc_offset_seconds"]) == 3600 && ours["timezone_abbreviation"] as? String == "GMT+1")
        let times = array(object(ours["hourly"])["time"]).compactMap(number), recordedTimes = array(object(theirs["hourly"])["time"]).compactMap(number)
        #expect(Array(times.prefix(recordedTimes.count)) == recordedTimes)
        let days = array(object(ours["daily"])["time"]).compactMap(number), recordedDays = array(object(theirs["daily"])["time"]).compactMap(number)
        #expect(Array(days.prefix(recordedDays.count)) == recordedDays)
        for key in ["sunrise", "sunset"] {
            let mine = array(object(ours["daily"])[key]).compactMap(number), recorded = array(object(theirs["daily"])[key]).compactMap(number)
            for (a, b) in zip(mine, recorded) { #expect(abs(a - b) <= 120, "\(key) \(a) \(b)") }
        }
    }

    @Test func unitsAreConverted() throws {
        let query: Substring = "latitude=46.95&longitude=7.45&hourly=temperature_2m,wind_speed_10m,precipitation&forecast_days=1"
        let metric = object(try JSONSample.parse(Self.respond(query).body))
        let imperial = object(try JSONSample.parse(Self.respond(query + "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch").body))
        #expect(object(imperial["hourly_units"]) as? [String: String]
            == ["time": "iso8601", "temperature_2m": "°F", "wind_speed_10m": "mp/h", "precipitation": "inch"])
        let celsius = array(object(metric["hourly"])["temperature_2m"]).compactMap(number)
        let fahrenheit = array(object(imperial["hourly"])["temperature_2m"]).compactMap(number)
        #expect(celsius.count == 24 && fahrenheit.count == 24)
        for (c, f) in zip(celsius, fahrenheit) { #expect(abs(c * 9 / 5 + 32 - f) < 0.051) }
        #expect(metric["timezone"] as? String == "GMT" && number(metric["utc_offset_seconds"]) == 0)
    }

    @Test func timezoneAutoIsTheNearestPlacesZone() throws {
        let answer = Self.respond("latitude=46.95&longitude=7.45&daily=sunrise&timezone=auto", at: P.july15)
        let ours = object(try JSONSample.parse(answer.body))
        #expect(ours["timezone"] as? String == "Europe/Zurich" && number(ours["utc_offset_seconds"]) == 7200)
        #expect(ours["timezone_abbreviation"] as? String == "GMT+2")
        #expect(array(object(ours["daily"])["time"]).first as? String == "2026-07-15")
        #expect(OpenMeteoRenderer.abbreviation(19_800) == "GMT+5:30" && OpenMeteoRenderer.abbreviation(-18_000) == "GMT-5")
    }

    @Test func forecastDaysBoundTheArrays() throws {
        let none = object(try JSONSample.parse(Self.respond("latitude=1&longitude=2&hourly=temperature_2m&daily=sunset&forecast_days=0").body))
        #expect(array(object(none["hourly"])["time"]).isEmpty && array(object(none["daily"])["sunset"]).isEmpty)
        let most = object(try JSONSample.parse(Self.respond("latitude=1&longitude=2&hourly=is_day&forecast_days=16").body))
        #expect(array(object(most["hourly"])["is_day"]).count == 384)
    }

    @Test(arguments: [
        ("latitude=40&longitude=-74&hourly=tempeture_2m", "Cannot initialize WeatherVariable from invalid String value tempeture_2m for key hourly"),
        ("latitude=40&longitude=-74&daily=temperature_2m", "Cannot initialize ForecastVariableDaily from invalid String value temperature_2m for key daily"),
        ("latitude=40&longitude=-74&current=sunrise", "Cannot initialize WeatherVariable from invalid String value sunrise for key current"),
        ("latitude=99&longitude=-74", "Latitude must be in range of -90 to 90°. Given: 99.0."),
        ("latitude=40&longitude=-200.5", "Longitude must be in range of -180 to 180°. Given: -200.5."),
        ("latitude=nan&longitude=-74", "Latitude must be in range of -90 to 90°. Given: nan."),
        ("latitude=abc&longitude=-74", "Value of type 'Float' required for key 'latitude'."),
        ("longitude=-74", "Value of type 'Float' required for key 'latitude'."),
        ("latitude=40&longitude=", "Value of type 'Float' required for key 'longitude'."),
        ("latitude=40&longitude=-74&forecast_days=17", "Forecast days is invalid. Allowed range 0 to 16. Given 17."),
        ("latitude=40&longitude=-74&forecast_days=-1", "Forecast days is invalid. Allowed range 0 to 16. Given -1."),
        ("latitude=40&longitude=-74&forecast_days=seven", "Value of type 'Int' required for key 'forecast_days'."),
        ("latitude=40&longitude=-74&timezone=Mars/Olympus", "Invalid timezone"),
        ("latitude=40&longitude=-74&timezone=..%2F..%2Fetc%2Fpasswd", "Invalid timezone"),
        ("latitude=40&longitude=-74&temperature_unit=kelvin", "Cannot initialize TemperatureUnit from invalid String value kelvin for key temperature_unit"),
        ("latitude=40&longitude=-74&current_weather=yes", "Cannot initialize Bool from invalid String value yes for key current_weather"),
        ("latitude=40&longitude=-74&hourly=%22%3E%3Cscript%3E", "Cannot initialize WeatherVariable from invalid String value \"><script> for key hourly"),
    ])
    func refusalsCarryTheAPIsReasons(query: String, reason: String) throws {
        let answer = Self.respond(Substring(query))
        #expect(answer.status == 400, "\(query)")
        let body = object(try JSONSample.parse(answer.body))
        #expect(body["error"] as? Bool == true)
        #expect(body["reason"] as? String == reason, "\(query)")
        #expect(String(decoding: answer.body, as: UTF8.self).hasPrefix("{\"error\":true,\"reason\":"))
    }

    @Test func overlongQueriesAndOtherPathsAreRefused() {
        #expect(Self.respond(Substring("latitude=1&longitude=2&hourly=" + String(repeating: "a", count: 600))).status == 414)
        let other = Self.service.respond(to: WebRequest(path: "/v1/archive", query: "latitude=1&longitude=2"))
        #expect(other.status == 404)
    }
}
