import Server
@testable import Sandbox
import Testing
import Kernel

/// MET Norway's Locationforecast 2.0 compact, simulated: the recorded Oslo answer's shape, the
/// weather model's values, and the service's terms.
@Suite("MET Norway Locationforecast simulator")
struct MetNoSimulatorTests {
    static let sample = "metno-locationforecast-2.0-compact-oslo-2026-02-06-magicmirror.json"
    /// 2026-02-06T21:10:00Z: the Oslo sample was fetched in that hour, from the update of 20:27:06.
    static let oslo: Int64 = 1_770_412_200
    static let service = MetNoSimulator(now: { oslo })
    static let query: Substring = "lat=59.9139&lon=10.7522&altitude=5"

    /// MET's weather icon names (the weathericon legend): these with `_day`, `_night` or
    /// `_polartwilight`, and the rest as they are.
    static let symbols: Set<String> = {
        let varying = ["clearsky", "fair", "partlycloudy", "lightrainshowers", "rainshowers", "heavyrainshowers",
                       "lightrainshowersandthunder", "rainshowersandthunder", "heavyrainshowersandthunder", "lightsleetshowers",
                       "sleetshowers", "heavysleetshowers", "lightsnowshowers", "snowshowers", "heavysnowshowers"]
        let plain = ["cloudy", "fog", "lightrain", "rain", "heavyrain", "lightrainandthunder", "rainandthunder", "heavyrainandthunder",
                     "lightsleet", "sleet", "heavysleet", "lightsnow", "snow", "heavysnow", "lightsnowandthunder", "snowandthunder",
                     "heavysnowandthunder"]
        return Set(plain + varying.flatMap { [$0 + "_day", $0 + "_night", $0 + "_polartwilight"] })
    }()

    static func request(_ query: Substring?, headers: HTTPHeaders = JSONSample.userAgent) -> WebRequest {
        WebRequest(path: MetNoSimulator.compactPath, query: query, headers: headers)
    }

    @Test func theAnswerHasTheRecordedAnswersShapeStepForStep() throws {
        let answer = Self.service.respond(to: Self.request(Self.query))
        #expect(answer.status == 200 && answer.contentType == "application/json")
        let recorded = try JSONSample.bytes("metno-forecast", Self.sample)
        #expect(JSONSample.keyOrder(answer.body) == JSONSample.keyOrder(recorded))
        let ours = object(try JSONSample.parse(answer.body)), theirs = object(try JSONSample.parse(recorded))
        #expect(ours["type"] as? String == "Feature")
        #expect(array(object(ours["geometry"])["coordinates"]).compactMap(number) == [10.7522, 59.9139, 5])
        let meta = object(object(ours["properties"])["meta"]), theirMeta = object(object(theirs["properties"])["meta"])
        #expect(meta["updated_at"] as? String == theirMeta["updated_at"] as? String)
        #expect(object(meta["units"]) as? [String: String] == object(theirMeta["units"]) as? [String: String])
        let steps = array(object(ours["properties"])["timeseries"]), recordedSteps = array(object(theirs["properties"])["timeseries"])
        // The same instants, and on each the same periods, as MET's answer fetched in the same hour.
        #expect(steps.count == 83 && steps.count == recordedSteps.count)
        for (step, recordedStep) in zip(steps, recordedSteps) {
            let time = object(step)["time"] as? String
            #expect(time == object(recordedStep)["time"] as? String)
            #expect(Set(object(object(step)["data"]).keys) == Set(object(object(recordedStep)["data"]).keys), "\(time ?? "")")
        }
        #expect(Set(try Self.symbolCodes(recorded)).isSubset(of: Self.symbols))
    }

    @Test func valuesAreTheWeatherModels() throws {
        let answer = Self.service.respond(to: WebRequest(path: MetNoSimulator.compactPath, query: "lat=59.9139&lon=10.7522", headers: JSONSample.userAgent))
        let steps = array(object(object(try JSONSample.parse(answer.body))["properties"])["timeseries"])
        let model = WeatherModel()
        var instant = Self.oslo / 3600 * 3600
        for (index, value) in steps.enumerated() {
            let step = object(value), data = object(step["data"])
            #expect(step["time"] as? String == LocalDateTime(wallSeconds: instant).description + "Z")
            let reading = model.reading(latitude: 59.9139, longitude: 10.7522, at: instant)
            let details = object(object(data["instant"])["details"])
            #expect(number(details["air_temperature"]) == reading.temperature)
            #expect(number(details["relative_humidity"]) == Double(reading.humidity))
            #expect(number(details["wind_speed"]) == reading.windSpeed)
            #expect(number(details["wind_from_direction"]) == Double(reading.windDirection))
            #expect(number(details["cloud_area_fraction"]) == reading.cloudCover)
            #expect(number(details["air_pressure_at_sea_level"]) == reading.pressure)
            for hours in [1, 6, 12] {
                guard let period = data["next_\(hours)_hours"] as? [String: Any] else { continue }
                let readings = (0..<hours).map { model.reading(latitude: 59.9139, longitude: 10.7522, at: instant + Int64($0) * 3600) }
                let total = (readings.reduce(0) { $0 + $1.precipitation } * 10).rounded() / 10
                let weather = PeriodWeather(readings: readings)
                let symbol = weather.condition.metNoSymbol(
                    daytime: weather.representative.daytime, cloudCover: weather.representative.cloudCover, millimetresPerHour: total / Double(hours))
                #expect(object(period["summary"])["symbol_code"] as? String == symbol)
                #expect(Self.symbols.contains(symbol))
                if hours < 12 { #expect(number(object(period["details"])["precipitation_amount"]) == total) }
                if hours == 1 { #expect(weather.condition == reading.condition) }
            }
            // 51 hourly steps, then six-hourly ones.
            instant += index < 51 ? 3600 : 6 * 3600
        }
    }

    @Test func theAltitudeMovesTheTemperatureByTheLapseRate() throws {
        let low = Self.service.respond(to: Self.request("lat=46.9481&lon=7.4474"))
        let high = Self.service.respond(to: Self.request("lat=46.9481&lon=7.4474&altitude=2000"))
        func first(_ answer: WebAnswer) throws -> (Double?, [Double]) {
            let json = object(try JSONSample.parse(answer.body))
            let step = object(array(object(json["properties"])["timeseries"]).first)
            return (number(object(object(object(step["data"])["instant"])["details"])["air_temperature"]),
                    array(object(json["geometry"])["coordinates"]).compactMap(number))
        }
        let (sea, seaPoint) = try first(low), (mountain, mountainPoint) = try first(high)
        #expect(seaPoint == [7.4474, 46.9481, 0] && mountainPoint == [7.4474, 46.9481, 2000])
        let expected = ((try #require(sea)) - 13) * 10
        #expect(mountain.map { ($0 * 10).rounded() } == expected.rounded())
    }

    @Test func updatesHourlyOnTheInjectedClockWithLastModifiedAndExpires() throws {
        let answer = Self.service.respond(to: Self.request(Self.query))
        let fields = Dictionary(answer.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(fields["Last-Modified"] == "Fri, 06 Feb 2026 20:27:06 GMT")
        #expect(fields["Expires"] == "Fri, 06 Feb 2026 21:27:06 GMT")
        // Twenty minutes later the next update is out: a new time, a new answer.
        let later = MetNoSimulator(now: { Self.oslo + 20 * 60 }).respond(to: Self.request(Self.query))
        let laterFields = Dictionary(later.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(laterFields["Last-Modified"] == "Fri, 06 Feb 2026 21:27:06 GMT" && laterFields["Expires"] == "Fri, 06 Feb 2026 22:27:06 GMT")
        let meta = object(object(object(try JSONSample.parse(later.body))["properties"])["meta"])
        #expect(meta["updated_at"] as? String == "2026-02-06T21:27:06Z")
    }

    @Test(arguments: [
        ("Fri, 06 Feb 2026 20:27:06 GMT", 304), ("Fri, 06 Feb 2026 21:00:00 GMT", 304), ("Fri, 06 Feb 2026 20:27:05 GMT", 200),
        ("Thu, 05 Feb 2026 20:27:06 GMT", 200), ("yesterday", 200), ("Fri, 06 Feb 2026 20:27:06 CET", 200), ("", 200),
    ])
    func ifModifiedSinceNotOlderThanTheUpdateGets304(since: String, status: Int) {
        var headers = JSONSample.userAgent
        headers.add("If-Modified-Since", since)
        let answer = Self.service.respond(to: Self.request(Self.query, headers: headers))
        #expect(answer.status == status, "\(since)")
        #expect(answer.headers.contains { $0.name == "Last-Modified" } && answer.headers.contains { $0.name == "Expires" })
        if status == 304 { #expect(answer.body.isEmpty && answer.contentType.isEmpty) }
    }

    @Test(arguments: [nil, "", "  ", "curl/8.5.0", "Wget/1.21", "python-requests/2.31.0", "Dalvik/2.1.0 (Linux; U; Android 14)", "okhttp/4.12.0",
                      "Go-http-client/1.1", "Java/17.0.2"])
    func aMissingOrGenericUserAgentIsForbidden(agent: String?) {
        var headers = HTTPHeaders()
        if let agent { headers.add("User-Agent", agent) }
        let answer = Self.service.respond(to: Self.request(Self.query, headers: headers))
        #expect(answer.status == 403 && answer.contentType.hasPrefix("text/html"), "\(agent ?? "none")")
        #expect(String(decoding: answer.body, as: UTF8.self).contains("User-Agent"))
    }

    @Test(arguments: [
        ("lat=59.91391&lon=10.7522", 403, "more than 4 decimals"), ("lat=59.9139&lon=10.75221", 403, "more than 4 decimals"),
        ("lon=10.75", 400, "Missing parameter: lat"), ("lat=59.9&lon=", 400, "Missing parameter: lon"), ("lat=abc&lon=10", 400, "not a number"),
        ("lat=nan&lon=10", 400, "not a number"), ("lat=1e3&lon=10", 400, "not a number"), ("lat=-0x1p3&lon=10", 400, "not a number"),
        ("lat=91&lon=10", 400, "out of range"), ("lat=59&lon=-180.5", 400, "out of range"), ("lat=59&lon=10&altitude=1.5", 400, "altitude"),
        ("lat=59&lon=10&altitude=99999999999", 400, "altitude"), ("lat=%3Cscript%3E&lon=10", 400, "&lt;script&gt;"),
    ])
    func hostileQueriesGetMETsErrors(query: String, status: Int, text: String) {
        let answer = Self.service.respond(to: Self.request(Substring(query)))
        #expect(answer.status == status, "\(query)")
        let page = String(decoding: answer.body, as: UTF8.self)
        #expect(page.contains(text) && !page.contains("<script>"), "\(query): \(page)")
    }

    @Test func overlongQueriesAndOtherPathsAreRefused() {
        let long = Self.service.respond(to: Self.request(Substring("lat=" + String(repeating: "9", count: 600) + "&lon=1")))
        #expect(long.status == 414)
        let other = Self.service.respond(to: WebRequest(path: "/weatherapi/locationforecast/1.9/", headers: JSONSample.userAgent))
        #expect(other.status == 404)
    }

    @Test func theTimelineIsHourlyThenSixHourlyToTenDaysAfterTheRun() {
        let timeline = MetNoTimeline(now: Self.oslo, updated: 1_770_409_626)
        let steps = timeline.steps
        #expect(steps.first == 1_770_411_600 && steps.count == 83)
        #expect(zip(steps, steps.dropFirst()).map { $1 - $0 }.filter { $0 == 3600 }.count == 51)
        // 2026-02-06T18:00Z, the update's model run, plus ten days.
        let run: Int64 = 1_770_400_800
        #expect(steps.last == run + 240 * 3600)
        #expect(timeline.periods(at: steps[0]) == [1, 6, 12])
        #expect(timeline.periods(at: steps[steps.count - 2]) == [6] && timeline.periods(at: steps[steps.count - 1]).isEmpty)
    }

    @Test func httpDatesReadBackAndRefuseOtherForms() {
        #expect(HTTPDate.text(1_595_245_471) == "Mon, 20 Jul 2020 11:44:31 GMT")
        #expect(HTTPDate.instant("Mon, 20 Jul 2020 11:44:31 GMT") == 1_595_245_471)
        for text in ["Monday, 20-Jul-20 11:44:31 GMT", "Mon, 20 Jul 2020 11:44:31 +0000", "Mon, 31 Feb 2020 11:44:31 GMT", "Mon, 20 Jul 2020 25:44:31 GMT", ""] {
            #expect(HTTPDate.instant(text) == nil, "\(text)")
        }
    }

    static func symbolCodes(_ bytes: [UInt8]) throws -> [String] {
        array(object(object(try JSONSample.parse(bytes))["properties"])["timeseries"]).flatMap { step in
            let data = object(object(step)["data"])
            return ["next_1_hours", "next_6_hours", "next_12_hours"].compactMap {
                ((data[$0] as? [String: Any])?["summary"] as? [String: Any])?["symbol_code"] as? String
            }
        }
    }
}
