import Foundation
import Model
import Scrape
@testable import Services
import Testing
import Kernel

/// The pieces of the route-weather pipeline that need no upstream: points along a geometry,
/// driving time to a distance, grid cells, repeats, durations, and the records of the shipped
/// weather and directions routes read from their recorded samples.
@Suite("RouteWeatherParts")
struct RouteWeatherPartsTests {
    static let routes = TimetableServiceTests.routes

    static func records(_ route: String, _ sample: String, parameters: [String: String] = [:]) throws -> [Record.Member] {
        let catalog = try RouteCatalog.load(from: routes)
        let body = Array(try Data(contentsOf: URL(fileURLWithPath: "\(routes)/\(route)/samples/\(sample)")))
        return try Extractor.run(catalog[route]!, body: body, parameters: parameters).outcome.get()
    }

    static func position(_ latitude: Double, _ longitude: Double) -> Coordinate { Coordinate(latitude: latitude, longitude: longitude)! }

    /// A straight line north along a meridian: 1° of latitude is 111.2 km.
    static let meridian = DrivingRoute(
        meters: 333_585, seconds: 3 * 3600, points: (0...30).map { position(45 + Double($0) / 10, 7) }, steps: [])

    @Test func samplesFallEveryFiftyKilometresWithTheStartAndTheEnd() {
        let samples = Self.meridian.samples(every: 50_000)
        #expect(samples.count == 8)   // 0, 50, …, 300 km, and the end at 333.6 km
        #expect(samples.first?.meters == 0)
        #expect(abs(samples[1].meters - 50_000) < 1)
        #expect(abs(samples[1].position.latitude - (45 + 50_000 / 111_195)) < 0.001)
        #expect(abs(samples.last!.meters - 333_585) < 1)
        #expect(samples.last!.position == Self.position(48, 7))
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.meters < $1.meters })
    }

    @Test func anEndCloseToTheLastSampleIsNotRepeated() {
        let route = DrivingRoute(meters: 100_500, seconds: 3600, points: [Self.position(0, 0), Self.position(0.9038, 0)], steps: [])
        let samples = route.samples(every: 50_000)
        #expect(samples.count == 3)
        #expect(samples.last!.meters > 100_000)
    }

    @Test func drivingTimeFollowsTheStepsWhenTheyAddUp() {
        let steps = [
            DrivingRoute.Step(instruction: "Head north", location: nil, meters: 10_000, seconds: 1200),   // town, 30 km/h
            DrivingRoute.Step(instruction: "Merge onto I-70 W", location: nil, meters: 90_000, seconds: 3000),
        ]
        let route = DrivingRoute(meters: 100_000, seconds: 4200, points: [Self.position(0, 0), Self.position(0.9, 0)], steps: steps)
        #expect(route.seconds(toMeters: 5000) == 600)
        #expect(route.seconds(toMeters: 55_000) == 1200 + 1500)
        #expect(route.seconds(toMeters: 100_000) == 4200)
        // Steps that do not add up to the route: in proportion to the distance.
        let odd = DrivingRoute(meters: 200_000, seconds: 8000, points: route.points, steps: steps)
        #expect(odd.seconds(toMeters: 50_000) == 2000)
        // Steps without times (a route file that reads none): in proportion too, never all at 0 s.
        let untimed = steps.map { DrivingRoute.Step(instruction: $0.instruction, location: nil, meters: $0.meters, seconds: 0) }
        #expect(DrivingRoute(meters: 100_000, seconds: 4200, points: route.points, steps: untimed).seconds(toMeters: 50_000) == 2100)
    }

    @Test func cellsAreAboutTenKilometresEverywhere() {
        let bern = GridCell(latitude: 46.948, longitude: 7.447)
        #expect(GridCell(latitude: 46.95, longitude: 7.45) == bern)
        // 20 km apart: never one cell; 1 km apart: one cell unless a border lies between.
        #expect(GridCell(latitude: 46.948 + 0.18, longitude: 7.447) != bern)
        #expect(GridCell(latitude: 46.948, longitude: 7.447 + 0.27) != bern)
        let north = GridCell(latitude: 70.0, longitude: 25.0)
        // At 70° a degree of longitude is 38 km: 0.2° (7.6 km) apart may share a cell, 0.6° (23 km) not.
        #expect(GridCell(latitude: 70.0, longitude: 25.6) != north)
        #expect(GridCell(latitude: 70.0, longitude: 25.0 + 0.2).column - north.column <= 1)
    }

    @Test func repeatsAreKeptApartByPostcodeOrByTown() {
        let a = Place(name: "Bethesda", admin: "MD", countryCode: "US", latitude: 38.98, longitude: -77.1, postcode: "20814")
        var b = a
        b.postcode = "20817"
        #expect(RouteWeatherService.key(a, .postcode) != RouteWeatherService.key(b, .postcode))
        #expect(RouteWeatherService.key(a, .city) == RouteWeatherService.key(b, .city))
        let bern = Place(name: "Bern", admin: "BE", countryCode: "CH", latitude: 46.95, longitude: 7.45)
        #expect(RouteWeatherService.key(bern, .postcode) == RouteWeatherService.key(bern, .city))
    }

    @Test(arguments: [(0.0, "PT0M"), (59.0, "PT1M"), (3600.0, "PT1H"), (145_320.0, "PT40H22M"), (1_800.0, "PT30M")])
    func durationsAreWholeMinutes(seconds: Double, text: String) {
        #expect(RouteWeatherService.duration(seconds) == text)
    }

    @Test func googleWeatherDaysAreDatedFromTheForecastDate() throws {
        let lists = try Self.records("google-weather", "restsharp-GoogleWeather-newyork-2010-04-12.xml", parameters: ["place": "New York, NY", "lang": "en"])
        let forecast = WeatherRecords.forecast(lists, today: "2030-01-01")
        #expect(forecast.days.map(\.date) == ["2010-04-12", "2010-04-13", "2010-04-14", "2010-04-15"])
        #expect(forecast.days[0].sky.condition == "Sunny")
        #expect(forecast.days[0].low == Temperature(celsius: 5.6))
        #expect(forecast.days[0].low?.fahrenheit == 42.1)
        #expect(forecast.current?.temperature == Temperature(celsius: 11))
        #expect(forecast.current?.humidity == 28)
        #expect(forecast.hours.isEmpty)
    }

    @Test func yrPeriodsCarryTheirInstants() throws {
        let sample = try FileManager.default.contentsOfDirectory(atPath: "\(Self.routes)/yr-forecast/samples").first { $0.hasSuffix(".xml") && !$0.contains("expected") && !$0.contains("error") }!
        let lists = try Self.records("yr-forecast", sample, parameters: ["country": "Sweden", "region": "Norrbotten", "place": "Luleå"])
        let forecast = WeatherRecords.forecast(lists, today: "2018-11-30")
        #expect(forecast.days.first?.date == "2018-11-30")
        #expect(forecast.hours.count > 10)
        let first = try #require(forecast.hours.first)
        #expect(first.from == "2018-11-30T18:00:00+01:00")
        #expect(first.end - first.start == 6 * 3600)
        // 2018-11-30T20:00+01:00 is in the first period; its temperature is the period's.
        #expect(forecast.hour(at: first.start + 2 * 3600) == first)
        #expect(forecast.hour(at: first.start - 1) == nil)
    }

    @Test func nwsDaysAreDated() throws {
        let sample = try FileManager.default.contentsOfDirectory(atPath: "\(Self.routes)/nws-dwml/samples").first { $0.hasSuffix(".xml") && !$0.contains("expected") && !$0.contains("error") }!
        let forecast = WeatherRecords.forecast(try Self.records("nws-dwml", sample, parameters: ["lat": "40", "lon": "-74"]), today: "2008-12-23")
        #expect(forecast.days.count == 4)   // the recorded request asked for 4 days
        #expect(forecast.days.allSatisfy { $0.date.hasPrefix("2008-12") || $0.date.hasPrefix("2009-01") })
        #expect(forecast.days.contains { $0.precipitation != nil })
    }

    @Test func googleDirectionsGiveTheRouteWithItsGeometryAndSteps() throws {
        let lists = try Self.records(
            "google-directions", "bellevue-kirkland-waypoints-2017-abridged.xml", parameters: ["origin": "a", "destination": "b", "key": "k"])
        let route = try #require(DirectionsRecords.route(lists))
        #expect(route.meters == 9382)
        #expect(route.seconds == 1296)
        #expect(route.points.first == Self.position(47.61393, -122.20155))
        #expect(route.steps.first?.instruction == "Head north on Bellevue Way NE")
        #expect(route.steps.first?.meters == 3029)
        let samples = route.samples(every: 2000)
        #expect(samples.count == 6)   // 0, 2, 4, 6, 8 km and the end
    }

    @Test func googleRoutesGiveTheRouteWithItsGeometryAndSteps() throws {
        let lists = try Self.records(
            "google-routes", "rio-saopaulo-2024-11.json",
            parameters: ["from_lat": "-22.9", "from_lon": "-43.17", "to_lat": "-23.55", "to_lon": "-46.63", "key": "k"])
        let route = try #require(DirectionsRecords.route(lists))
        #expect(route.meters == 433_299)
        #expect(route.seconds == 20_202)   // the route's duration, as served (its leg says 20198 s)
        #expect(route.points.count == 5093)
        #expect(route.points.first == Self.position(-22.90686, -43.17294))
        #expect(route.steps.count == 51)
        #expect(route.steps.first?.instruction == "Siga para norte na Av. Pres. Antônio Carlos em direção a Av. Alm. Barroso")
        #expect(route.steps.first?.meters == 357 && route.steps.first?.seconds == 63)
        // The steps add up to the route, so driving times follow them.
        #expect(abs(route.steps.reduce(0) { $0 + $1.meters } - route.meters) < 1)
        #expect(route.seconds(toMeters: 357) == 63)
        #expect(route.samples(every: 50_000).count == 10)   // 0, 50, …, 400 km and the end at 433 km
    }

    @Test func photonPlacesAreTheirTowns() throws {
        let search = PlaceRecords.places(try Self.records("photon-search", "gambetta-house-2020-11.json", parameters: ["q": "10 avenue Gambetta"]))
        #expect(search.count == 1)
        #expect(search.first?.name == "Paris" && search.first?.admin == "Île-de-France" && search.first?.countryCode == "FR")
        #expect(search.first?.postcode == "75020" && search.first?.latitude == 48.863193 && search.first?.longitude == 2.389089)
        #expect(search.first?.display == "10 Avenue Gambetta, Paris, Île-de-France, 75020, France")
        let reverse = PlaceRecords.places(try Self.records("photon-reverse", "lamspringe-2025-02.json", parameters: ["lat": "52", "lon": "10"]))
        #expect(reverse.map(\.name) == ["Lamspringe"] && reverse.first?.kind == "tourism/information")
    }

    @Test func graphhopperTrackPointsAreTheGeometry() throws {
        let lists = try Self.records("graphhopper-gpx", "trk-gargbot-2020.xml", parameters: ["from": "0,0", "to": "1,1", "key": "k"])
        let route = try #require(DirectionsRecords.route(lists))
        #expect(route.points.count > 5)
        #expect(route.meters > 0)
    }
}
