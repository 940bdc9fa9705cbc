import Foundation
import Server
@testable import Sandbox
import Testing

/// api.weather.gov, simulated: the recorded Washington points and forecasts' shapes, periods
/// and times; the weather model's values; the links back to the server asked; the refusals.
@Suite("api.weather.gov simulator")
struct NWSAPISimulatorTests {
    typealias P = TestPlaces
    static let pointsSample = "nws-points-38.8894,-77.0352-LWX-97,71-2026-magicmirror.json"
    static let forecastSample = "nws-gridpoints-LWX-97,71-forecast-si-2026-02-06-magicmirror.json"
    static let hourlySample = "nws-gridpoints-LWX-97,71-forecast-hourly-si-2026-02-06-magicmirror.json"
    /// 2026-02-06T21:45:05Z, the recorded forecasts' `generatedAt`.
    static let generated: Int64 = 1_770_414_305
    static let service = NWSAPISimulator(places: P.source, now: { generated })
    static let origin = "http://127.0.0.1:8081"

    static func get(_ path: String, _ query: Substring? = nil, headers: HTTPHeaders = JSONSample.userAgent) -> WebAnswer {
        service.respond(to: WebRequest(path: path, query: query, headers: headers), origin: origin)
    }

    /// The grid point of the Washington points answer.
    static func washington() throws -> (grid: NWSGridPoint, forecast: String, hourly: String) {
        let properties = object(object(try JSONSample.parse(get("/points/38.8894,-77.0352").body))["properties"])
        let grid = try #require(NWSGridPoint(latitude: 38.8894, longitude: -77.0352))
        let forecast = try #require(properties["forecast"] as? String), hourly = try #require(properties["forecastHourly"] as? String)
        return (grid, String(forecast.dropFirst(origin.count)), String(hourly.dropFirst(origin.count)))
    }

    @Test func pointsHaveTheRecordedShapeAndLinkBackToTheServerAsked() throws {
        let answer = Self.get("/points/38.8894,-77.0352")
        #expect(answer.status == 200 && answer.contentType == "application/geo+json")
        let recorded = try JSONSample.bytes("nws-points", Self.pointsSample)
        #expect(JSONSample.keyOrder(answer.body) == JSONSample.keyOrder(recorded))
        let ours = object(try JSONSample.parse(answer.body)), theirs = object(try JSONSample.parse(recorded))
        #expect((ours["@context"] as? NSArray)?.isEqual(theirs["@context"]) == true)
        #expect(ours["id"] as? String == Self.origin + "/points/38.8894,-77.0352")
        #expect(array(object(ours["geometry"])["coordinates"]).compactMap(number) == [-77.0352, 38.8894])
        let properties = object(ours["properties"]), recordedProperties = object(theirs["properties"])
        for key in ["gridId", "cwa", "timeZone", "radarStation", "type"] {
            #expect(properties[key] as? String == recordedProperties[key] as? String, "\(key)")
        }
        let grid = try #require(NWSGridPoint(latitude: 38.8894, longitude: -77.0352))
        #expect(grid.office == "LWX" && number(properties["gridX"]) == Double(grid.x) && number(properties["gridY"]) == Double(grid.y))
        #expect(properties["forecast"] as? String == Self.origin + "/gridpoints/LWX/\(grid.x),\(grid.y)/forecast")
        #expect(properties["forecastHourly"] as? String == Self.origin + "/gridpoints/LWX/\(grid.x),\(grid.y)/forecast/hourly")
        let place = object(object(properties["relativeLocation"])["properties"])
        #expect(place["city"] as? String == "Washington" && place["state"] as? String == "DC")
        let distance = try #require(number(object(place["distance"])["value"])), bearing = try #require(number(object(place["bearing"])["value"]))
        let city = try #require(P.all.first { $0.name == "Washington" }).coordinate, mall = GeoPoint(38.8894, -77.0352)
        #expect(abs(distance - city.meters(to: mall)) < 0.01 && distance > 500 && distance < 1000)
        // The Mall is south (a little east) of the test gazetteer's point for Washington.
        #expect(bearing == city.bearing(to: mall).rounded() && bearing > 160 && bearing < 190)
    }

    @Test func everyPointsGridPointIsAForecastAndNoOtherIs() throws {
        for place in P.all where place.countryCode == "US" {
            let grid = try #require(NWSGridPoint(latitude: place.latitude, longitude: place.longitude), "\(place.name)")
            #expect(NWSGridPoint(office: grid.office, x: grid.x, y: grid.y) == grid, "\(place.name)")
            let outline = grid.outline
            #expect(outline[2].latitude > place.latitude && outline[0].latitude <= place.latitude)
            #expect(outline[2].longitude <= place.longitude && outline[0].longitude > place.longitude)
        }
        #expect(NWSGridPoint(latitude: 34.07362, longitude: -118.40036)?.office == "LOX")
        #expect(NWSGridPoint(latitude: 40.71427, longitude: -74.00597)?.office == "OKX")
        for (office, x, y) in [("LWX", 0, 0), ("LWX", 799, 799), ("LWX", -1, 5), ("LWX", 800, 5), ("XXX", 400, 400), ("lwx", 400, 400)] {
            #expect(NWSGridPoint(office: office, x: x, y: y) == nil, "\(office)/\(x),\(y)")
        }
    }

    @Test func theForecastHasTheRecordedPeriodsAndTheModelsWeather() throws {
        let (grid, path, _) = try Self.washington()
        let answer = Self.get(path, "units=si")
        #expect(answer.status == 200 && answer.contentType == "application/geo+json")
        let recorded = try JSONSample.bytes("nws-forecast", Self.forecastSample)
        #expect(JSONSample.keyOrder(answer.body) == JSONSample.keyOrder(recorded))
        let ours = object(try JSONSample.parse(answer.body)), theirs = object(try JSONSample.parse(recorded))
        let properties = object(ours["properties"])
        #expect(properties["units"] as? String == "si" && properties["generatedAt"] as? String == "2026-02-06T21:45:05+00:00")
        let periods = array(properties["periods"]).map { object($0) }, recordedPeriods = array(object(theirs["properties"])["periods"]).map { object($0) }
        #expect(periods.count == 14)
        let model = WeatherModel(), centre = grid.centre
        for (period, recordedPeriod) in zip(periods, recordedPeriods) {
            for key in ["name", "startTime", "endTime", "isDaytime", "temperatureUnit"] {
                #expect("\(period[key] ?? "")" == "\(recordedPeriod[key] ?? "")", "\(key)")
            }
            let start = try #require(Self.instant(period["startTime"] as? String)), end = try #require(Self.instant(period["endTime"] as? String))
            let readings = stride(from: start, to: end, by: 3600).map { model.reading(latitude: centre.latitude, longitude: centre.longitude, at: $0) }
            let day = period["isDaytime"] as? Bool == true
            let expected = day ? readings.map(\.temperature).max()! : readings.map(\.temperature).min()!
            #expect(number(period["temperature"]) == expected.rounded())
            #expect(number(object(period["probabilityOfPrecipitation"])["value"]) == Double(readings.map(\.precipitationProbability).max()!))
            let short = try #require(period["shortForecast"] as? String)
            #expect(!short.isEmpty && (period["detailedForecast"] as? String ?? "").contains(day ? "high near" : "low near"))
            #expect((period["icon"] as? String ?? "").hasPrefix("https://api.weather.gov/icons/land/" + (day ? "day/" : "night/")))
        }
    }

    @Test func theHourlyForecastHasTheRecordedHours() throws {
        let (grid, _, path) = try Self.washington()
        let answer = Self.get(path, "units=si")
        // The hourly forecast is no route's answer (nws-forecast reads the twelve-hour one), so its
        // recording is kept with the tests.
        let recorded = try JSONSample.fixture(Self.hourlySample)
        #expect(JSONSample.keyOrder(answer.body) == JSONSample.keyOrder(recorded))
        let periods = array(object(object(try JSONSample.parse(answer.body))["properties"])["periods"]).map { object($0) }
        let recordedPeriods = array(object(object(try JSONSample.parse(recorded))["properties"])["periods"]).map { object($0) }
        #expect(periods.count == 156 && recordedPeriods.count == 156)
        let model = WeatherModel(), centre = grid.centre
        for (index, (period, recordedPeriod)) in zip(periods, recordedPeriods).enumerated() {
            for key in ["number", "name", "startTime", "endTime", "isDaytime"] {
                #expect("\(period[key] ?? "")" == "\(recordedPeriod[key] ?? "")", "\(index) \(key)")
            }
            let reading = model.reading(latitude: centre.latitude, longitude: centre.longitude, at: 1_770_411_600 + Int64(index) * 3600)
            #expect(number(period["temperature"]) == reading.temperature.rounded())
            #expect(number(object(period["relativeHumidity"])["value"]) == Double(reading.humidity))
            let dewPoint = try #require(number(object(period["dewpoint"])["value"]))
            #expect(abs(dewPoint - reading.dewPoint) <= 0.3)
            #expect(period["windSpeed"] as? String == "\(Int((reading.windSpeed * 3.6).rounded())) km/h")
        }
    }

    @Test func usUnitsAreFahrenheitAndMilesPerHour() throws {
        let (_, path, _) = try Self.washington()
        let periods = array(object(object(try JSONSample.parse(Self.get(path).body))["properties"])["periods"]).map { object($0) }
        let metric = array(object(object(try JSONSample.parse(Self.get(path, "units=si").body))["properties"])["periods"]).map { object($0) }
        #expect(periods.allSatisfy { $0["temperatureUnit"] as? String == "F" && ($0["windSpeed"] as? String ?? "").hasSuffix(" mph") })
        for (f, c) in zip(periods, metric) {
            let fahrenheit = try #require(number(f["temperature"])), celsius = try #require(number(c["temperature"]))
            // Each is rounded to a whole degree of its own scale.
            #expect(abs((fahrenheit - 32) * 5 / 9 - celsius) <= 0.8)
        }
        let refused = Self.get(path, "units=kelvin")
        #expect(refused.status == 400 && refused.contentType == "application/problem+json")
    }

    @Test func pointsOutsideTheUnitedStatesAndUnknownGridPointsAre404Problems() throws {
        let bern = Self.get("/points/46.9481,7.4474")
        #expect(bern.status == 404 && bern.contentType == "application/problem+json")
        let problem = object(try JSONSample.parse(bern.body))
        #expect(JSONSample.keyOrder(bern.body) == [["correlationId", "title", "type", "status", "detail", "instance"]])
        #expect(problem["title"] as? String == "Data Unavailable For Requested Point")
        #expect(problem["type"] as? String == "https://api.weather.gov/problems/InvalidPoint" && number(problem["status"]) == 404)
        #expect(problem["detail"] as? String == "Unable to provide data for requested point 46.9481,7.4474")
        #expect((problem["instance"] as? String ?? "").hasPrefix(Self.origin + "/requests/"))
        for path in ["/points/0,-150", "/gridpoints/LWX/0,0/forecast", "/gridpoints/XXX/400,400/forecast", "/gridpoints/LWX/abc/forecast/hourly",
                     "/gridpoints/LWX/99999999999,1/forecast"] {
            let answer = Self.get(path)
            #expect(answer.status == 404, "\(path)")
            #expect(object(try JSONSample.parse(answer.body))["type"] as? String == "https://api.weather.gov/problems/InvalidPoint", "\(path)")
        }
        let unknown = Self.get("/gridpoints/LWX/97,71/forecast/daily")
        let notFound = object(try JSONSample.parse(unknown.body))
        #expect(unknown.status == 404 && notFound["title"] as? String == "Not Found")
    }

    @Test(arguments: ["abc", "38.8894", "91,0", "38.8894,-181", "nan,nan", "1e2,3", "%3Cscript%3E,1", "38.8894,-77.0352,5", ",",
                      String(repeating: "9", count: 3000) + ",1", "%FF%FE,1"])
    func malformedPointsAre400Problems(point: String) throws {
        let answer = Self.get("/points/" + point)
        #expect(answer.status == 400, "\(point)")
        let problem = object(try JSONSample.parse(answer.body))
        #expect(problem["type"] as? String == "https://api.weather.gov/problems/InvalidParameter")
        let detail = problem["detail"] as? String ?? ""
        #expect(detail.hasSuffix("does not appear to be a valid coordinate") && detail.count < 160)
    }

    @Test func morePreciseThanFourDecimalsIsRedirectedToTheRoundedPoint() throws {
        let answer = Self.get("/points/38.88941,-77.035249")
        #expect(answer.status == 301)
        #expect(answer.headers.first { $0.name == "Location" }?.value == Self.origin + "/points/38.8894,-77.0352")
        #expect(object(try JSONSample.parse(answer.body))["type"] as? String == "https://api.weather.gov/problems/AdjustPointPrecision")
    }

    @Test(arguments: [nil, "", " "])
    func withoutAUserAgentAccessIsDenied(agent: String?) {
        var headers = HTTPHeaders()
        if let agent { headers.add("User-Agent", agent) }
        let answer = Self.get("/points/38.8894,-77.0352", headers: headers)
        #expect(answer.status == 403 && answer.contentType == "text/html")
        #expect(String(decoding: answer.body, as: UTF8.self).contains("Access Denied"))
    }

    @Test func periodsAreNamedByTheTimeOfDayThenTheWeekday() {
        let morning = LocalDateTime(year: 2026, month: 7, day: 15, hour: 9, minute: 0)!
        #expect(NWSForecaster.name(index: 0, local: morning, isDaytime: true, firstHour: 9) == "Today")
        let small = LocalDateTime(year: 2026, month: 7, day: 15, hour: 2, minute: 0)!
        #expect(NWSForecaster.name(index: 0, local: small, isDaytime: false, firstHour: 2) == "Overnight")
        #expect(NWSForecaster.name(index: 1, local: morning, isDaytime: true, firstHour: 2) == "Today")
        let evening = LocalDateTime(year: 2026, month: 7, day: 15, hour: 18, minute: 0)!
        #expect(NWSForecaster.name(index: 1, local: evening, isDaytime: false, firstHour: 13) == "Tonight")
        #expect(NWSForecaster.name(index: 0, local: evening, isDaytime: false, firstHour: 18) == "Tonight")
        let nextMorning = LocalDateTime(year: 2026, month: 7, day: 16, hour: 6, minute: 0)!
        #expect(NWSForecaster.name(index: 1, local: nextMorning, isDaytime: true, firstHour: 18) == "Thursday")
        #expect(NWSForecaster.name(index: 3, local: evening, isDaytime: false, firstHour: 13) == "Wednesday Night")
        #expect(NWSForecaster.compass(0) == "N" && NWSForecaster.compass(350) == "N" && NWSForecaster.compass(200) == "SSW")
        #expect(NWSForecaster.directionName("NNW") == "North northwest" && NWSForecaster.directionName("S") == "South")
    }

    /// The instant of `2026-02-06T16:00:00-05:00`.
    static func instant(_ text: String?) -> Int64? {
        guard let text, text.count == 25, let local = LocalDateTime(
            year: Int(text.prefix(4))!, month: Int(text.dropFirst(5).prefix(2))!, day: Int(text.dropFirst(8).prefix(2))!,
            hour: Int(text.dropFirst(11).prefix(2))!, minute: Int(text.dropFirst(14).prefix(2))!)
        else { return nil }
        let sign: Int64 = text.dropFirst(19).hasPrefix("-") ? -1 : 1
        let offset = sign * (Int64(text.dropFirst(20).prefix(2))! * 3600 + Int64(text.dropFirst(23).prefix(2))! * 60)
        return local.wallSeconds - offset
    }
}
