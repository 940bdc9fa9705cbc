@testable import Sandbox
import Testing

/// The weather simulator's three formats read by the repository's routes give back the model's weather.
@Suite("Weather answers through the routes")
struct WeatherRoutesTests {
    typealias P = TestPlaces
    static let service = WeatherSimulator(places: P.source, now: { P.july15 })

    static func run(_ routeID: String, _ parameters: [String: String]) throws -> WebRouteRun {
        try WebRouteRun(routeID, parameters) { service.respond(path: $0, query: $1) }
    }

    static func celsius(fromFahrenheit f: Int) -> Double { Double(f - 32) * 5 / 9 }

    static func close(_ text: String?, _ value: Double, within tolerance: Double = 0.051) -> Bool {
        guard let text, let read = Double(text) else { return false }
        return abs(read - value) <= tolerance
    }

    @Test func yrForecastReadsBackPeriodByPeriod() throws {
        let run = try Self.run("yr-forecast", ["country": "Switzerland", "region": "Bern", "place": "Bern"])
        let place = try #require(run.records("place").first)
        #expect(place.value("name") == "Bern" && place.value("timezone") == "Europe/Zurich")
        #expect(place.value("utc_offset") == "+02:00")
        #expect(place.value("generated") == "2026-07-15T14:00:00+02:00")
        let hours = run.records("hours")
        #expect(hours.count == WeatherSimulator.yrPeriods)
        var start = LocalDateTime(year: 2026, month: 7, day: 15, hour: 12, minute: 0)!
        for hour in hours {
            let end = LocalDateTime(wallSeconds: start.wallSeconds + 6 * 3600)
            let period = Self.service.yrPeriod(P.bern, from: start, to: end)
            #expect(hour.value("from") == start.description + "+02:00")
            #expect(hour.value("to") == end.description + "+02:00")
            #expect(hour.value("period") == String(start.hour / 6))
            #expect(hour.value("condition") == period.symbol.yrSymbol(daytime: period.daytime).name)
            #expect(Self.close(hour.value("temperature_c"), period.reading.temperature.rounded()))
            #expect(Self.close(hour.value("precipitation_mm"), period.precipitation))
            #expect(Self.close(hour.value("wind_mps"), period.reading.windSpeed))
            start = end
        }
        let days = run.records("days")
        #expect(days.count == 10 && days.first?.value("date") == "2026-07-15")
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
    }

    @Test func yrKnowsFourPartPathsAndNotUnknownPlaces() throws {
        let four = try Self.run("yr-forecast", ["country": "United States", "region": "California", "area": "Los Angeles County", "place": "Beverly Hills"])
        #expect(four.records("place").first?.value("utc_offset") == "-07:00")
        let unknown = try Self.run("yr-forecast", ["country": "Sweden", "region": "Norrbotten", "place": "Atlantis"])
        #expect(unknown.answer.status == 404 && unknown.extraction.failure != nil)
        let wrongRegion = Self.service.respond(path: "/place/Switzerland/Zurich/Bern/forecast.xml", query: nil)
        #expect(wrongRegion.status == 404)
        let lulea = Self.service.respond(path: "/place/Sweden/Norrbotten/Lule%C3%A5/forecast.xml", query: nil)
        #expect(lulea.status == 200)
    }

    @Test(arguments: [("en", "US"), ("de", "SI")])
    func googleWeatherGivesDaysInTheAnswersUnit(language: String, unit: String) throws {
        let run = try Self.run("google-weather", ["place": "Beverly Hills, CA", "lang": language])
        let place = try #require(run.records("place").first)
        #expect(place.value("name") == "Beverly Hills, CA" && place.value("unit_system") == unit)
        #expect(place.value("generated") == "2026-07-15")
        let current = try #require(run.records("current").first)
        let now = WeatherModel().reading(latitude: P.beverlyHills.latitude, longitude: P.beverlyHills.longitude, at: P.july15)
        #expect(Self.close(current.value("temperature_c"), now.temperature.rounded()))
        #expect(current.value("condition") == now.condition.google.text && current.value("humidity") == String(now.humidity))
        let days = run.records("days")
        #expect(days.count == 4)
        #expect(days.map { $0.value("day_of_week") } == (language == "en" ? ["Wed", "Thu", "Fri", "Sat"] : ["Mi.", "Do.", "Fr.", "Sa."]))
        for (index, day) in days.enumerated() {
            let date = CalendarDate(year: 2026, month: 7, day: 15 + index)!
            let midnight = Self.service.instant(LocalDateTime(date: date, secondOfDay: 0), in: P.beverlyHills)
            let summary = WeatherModel().summary(latitude: P.beverlyHills.latitude, longitude: P.beverlyHills.longitude, from: midnight, hours: 24, conditionHour: 14)
            let low = unit == "US" ? Self.celsius(fromFahrenheit: WeatherModel.fahrenheit(summary.low)) : summary.low.rounded()
            let high = unit == "US" ? Self.celsius(fromFahrenheit: WeatherModel.fahrenheit(summary.high)) : summary.high.rounded()
            #expect(Self.close(day.value("low_c"), low), "\(day.value("low_c") ?? "") \(low)")
            #expect(Self.close(day.value("high_c"), high))
            #expect(day.value("condition") == summary.condition.google.text)
        }
    }

    @Test func googleWeatherFindsPostcodesAndCoordinatesButNotEverything() throws {
        let postcode = try Self.run("google-weather", ["place": "90210"])
        #expect(postcode.records("place").first?.value("name") == "Beverly Hills, CA")
        let point = try Self.run("google-weather", ["place": ",,,46948090,7447440"])
        let place = try #require(point.records("place").first)
        #expect(place.value("name") == "Bern, BE" && Self.close(place.value("lat"), 46.94809, within: 0.000_001))
        for unknown in ["Atlantis", ",,,0,0", ",,,x,y", ""] {
            let run = try Self.run("google-weather", ["place": unknown])
            #expect(run.extraction.failure?.code == "unknown_place", "\(unknown)")
        }
    }

    @Test func nwsGivesDaysInFahrenheitForUSPointsOnly() throws {
        let run = try Self.run("nws-dwml", ["lat": "38.98", "lon": "-77.10", "days": "4"])
        let days = run.records("days")
        #expect(days.count == 4)
        for (index, day) in days.enumerated() {
            let date = CalendarDate(year: 2026, month: 7, day: 15 + index)!
            #expect(day.value("date") == date.description)
            let start = Self.service.instant(LocalDateTime(date: date, secondOfDay: 6 * 3600), in: P.bethesda)
            let model = WeatherModel(), point = GeoPoint(38.98, -77.10)
            let summary = model.summary(latitude: point.latitude, longitude: point.longitude, from: start, hours: 24, conditionHour: 8)
            let halves = [start, start + 12 * 3600].map {
                model.summary(latitude: point.latitude, longitude: point.longitude, from: $0, hours: 12, conditionHour: 6).precipitationProbability
            }
            #expect(Self.close(day.value("high_c"), Self.celsius(fromFahrenheit: WeatherModel.fahrenheit(summary.high))))
            #expect(Self.close(day.value("low_c"), Self.celsius(fromFahrenheit: WeatherModel.fahrenheit(summary.low))))
            #expect(day.value("condition") == summary.condition.nws.summary)
            #expect(day.value("precipitation") == String(halves.max()!))
        }
        #expect(try run.strings("/dwml/data/time-layout/layout-key") == ["k-p24h-n4-1", "k-p12h-n8-2", "k-p4d-n1-3"])
        for parameters in [["lat": "46.94809", "lon": "7.44744"], ["lat": "91", "lon": "0"], ["lat": "38.98", "lon": "-77.1", "days": "9"]] {
            let outside = try Self.run("nws-dwml", parameters)
            #expect(outside.extraction.failure?.code == "unknown_place", "\(parameters)")
        }
    }
}
