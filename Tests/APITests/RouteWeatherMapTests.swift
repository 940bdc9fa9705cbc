import Foundation
import HTTPTesting
import Kernel
import Markup
import Testing
@testable import Model

/// The map renderer on its own: made-up routes, hostile names, crowded and empty maps.
@Suite("RouteWeatherMap")
struct RouteWeatherMapTests {
    static func place(_ name: String, _ latitude: Double, _ longitude: Double, id: Int? = nil, population: Int? = nil) -> Place {
        Place(id: id, name: name, admin: "XX", countryCode: "US", latitude: latitude, longitude: longitude, population: population)
    }

    /// A route of `count` places on a straight line eastwards, the high rising 1 °C per place from −15 °C.
    static func weather(_ count: Int, names: (Int) -> String = { "Town \($0)" }) -> (RouteWeather, [Coordinate]) {
        let line = (0...count * 4).map { Coordinate(latitude: 39 + sin(Double($0) / 10) * 0.5, longitude: -100 + Double($0) * 0.05)! }
        let rows = (0..<count).map { index in
            let position = line[index * 4]
            var row = RoutePlace(index: index, place: place(names(index), position.latitude, position.longitude, id: index + 1), distance: Distance(meters: Double(index) * 20_000))
            if index % 7 == 3 {
                row.error = PlaceError(code: "no_forecast", message: "No forecast <here> & now.")
            } else {
                row.day = ForecastDay(date: "2026-11-30", low: Temperature(celsius: Double(index) - 20), high: Temperature(celsius: Double(index) - 15))
            }
            return row
        }
        let weather = RouteWeather(
            from: rows.first?.place ?? place("A", 39, -100), to: rows.last?.place ?? place("B", 39, -99), day: 1, date: "2026-11-30",
            distance: Distance(meters: Double(count) * 20_000), duration: "PT5H", dedupe: "postcode", sources: ["weather": "yr"],
            credit: "Data from MET Norway", places: rows)
        return (weather, line)
    }

    static func parse(_ bytes: [UInt8]) throws -> XPathEvaluator {
        try XPathEvaluator(try Document.parse(bytes, as: .xml), namespaces: [("s", "http://www.w3.org/2000/svg")])
    }

    @Test("Hostile names are text: escaped, never markup; long ones are cut in labels")
    func hostileNames() throws {
        let evil = #"<script>alert("x")</script> & <a href="http://e.test">"#
        let (weather, line) = Self.weather(3) { $0 == 1 ? evil : "Town \($0)" + String(repeating: "z", count: $0 * 40) }
        let bytes = RouteWeatherMap(line: line, places: weather.places.map(\.place)).render(weather, line: line, towns: [Self.place(evil, 39.2, -99.95)])
        let xpath = try Self.parse(bytes)
        #expect(try xpath.strings(XPathExpression("count(//s:script | //s:a)")) == ["0"])
        #expect(try xpath.strings(XPathExpression("//s:g[@class='place']/s:title")).contains { $0.hasPrefix("2. " + evil) })
        #expect(try xpath.strings(XPathExpression("//@*[contains(., 'http')]")).isEmpty)
        let labels = try xpath.strings(XPathExpression("//s:text"))
        #expect(labels.allSatisfy { $0.count <= 150 })
        #expect(labels.contains { $0.contains("…") })
    }

    @Test("Crowded: every marker drawn, labels inside the map and apart, errors grey, at most 8 towns")
    func crowded() throws {
        let (weather, line) = Self.weather(150)
        let towns = (0..<40).map { Self.place("City \($0)", 39 + Double($0 % 5) * 0.1, -100 + Double($0) * 0.7, id: 1000 + $0, population: 100_000 - $0) }
        let map = RouteWeatherMap(line: line, places: weather.places.map(\.place))
        let bytes = map.render(weather, line: line, towns: towns)
        #expect(bytes.count < 80_000)
        let xpath = try Self.parse(bytes)
        #expect(try xpath.strings(XPathExpression("count(//s:g[@class='place']/s:circle)")) == ["150"])
        let fills = try xpath.strings(XPathExpression("//s:g[@class='place']/s:circle/@fill"))
        #expect(fills[3] == TemperatureScale.none && fills[0] == TemperatureScale.colors[0] && fills[149] == TemperatureScale.colors.last)
        #expect(try xpath.strings(XPathExpression("count(//s:g[@class='town'])")).first.flatMap(Int.init).map { $0 <= 8 } == true)
        let xs = try xpath.strings(XPathExpression("//s:g/s:text/@x")).compactMap(Double.init)
        let ys = try xpath.strings(XPathExpression("//s:g/s:text/@y")).compactMap(Double.init)
        #expect(!xs.isEmpty && xs.allSatisfy { (0...800).contains($0) } && ys.allSatisfy { (0...600).contains($0) })
    }

    @Test("No places and no line, or one place, still make a whole image")
    func degenerate() throws {
        var (weather, _) = Self.weather(1)
        let one = RouteWeatherMap(line: [], places: weather.places.map(\.place)).render(weather, line: [], towns: [])
        #expect(try Self.parse(one).strings(XPathExpression("count(//s:g[@class='place'])")) == ["1"])
        weather.places = []
        let none = RouteWeatherMap(line: [], places: []).render(weather, line: [], towns: [])
        let xpath = try Self.parse(none)
        #expect(try xpath.strings(XPathExpression("count(//s:g[@class='place'])")) == ["0"])
        #expect(try xpath.strings(XPathExpression("/s:svg/s:desc")).first?.hasPrefix("0 places") == true)
    }

    @Test("Labels never overlap each other, their points, or the edges", arguments: [7, 42])
    func labels(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var placer = LabelPlacer(bounds: MapProjection.Rectangle(left: 10, top: 50, right: 790, bottom: 530))
        let points = (0..<200).map { _ in (x: 10 + random.unit() * 780, y: 50 + random.unit() * 480) }
        for point in points { placer.reserve(x: point.x, y: point.y, radius: 5) }
        var placed = 0
        for point in points where placer.place("Somewhere 10/20 °C", x: point.x, y: point.y, radius: 5, fontSize: 10) != nil { placed += 1 }
        #expect(placed > 10 && placed < 200)
        // The first 200 boxes are the points' discs, which may overlap each other and the edges.
        let boxes = placer.taken
        #expect(boxes.count == 200 + placed)
        for (index, box) in boxes.enumerated() where index >= 200 {
            #expect(box.left >= 10 && box.right <= 790 && box.top >= 50 && box.bottom <= 530)
            for other in boxes[..<index] {
                #expect(!box.overlaps(other))
            }
        }
    }

    @Test("Colours by 5 °C from below −10 to 30 and above; grey without weather")
    func colours() {
        #expect(TemperatureScale.color(-25) == TemperatureScale.colors[0])
        #expect(TemperatureScale.color(-10) == TemperatureScale.colors[1])
        #expect(TemperatureScale.color(0) == TemperatureScale.colors[3])
        #expect(TemperatureScale.color(4.9) == TemperatureScale.colors[3])
        #expect(TemperatureScale.color(30) == TemperatureScale.colors[9])
        #expect(TemperatureScale.color(nil) == TemperatureScale.none && TemperatureScale.color(.nan) == TemperatureScale.none)
        #expect(Set(TemperatureScale.colors).count == TemperatureScale.edges.count + 1)
    }

    @Test("Scale bar lengths are round; numbers are short")
    func numbers() {
        #expect(RouteWeatherMap.roundLength(maxMeters: 740_000) == 500_000)
        #expect(RouteWeatherMap.roundLength(maxMeters: 1_900) == 1_000)
        #expect(RouteWeatherMap.roundLength(maxMeters: 25_000) == 20_000)
        #expect(RouteWeatherMap.roundLength(maxMeters: 0.5) == 1 && RouteWeatherMap.roundLength(maxMeters: .infinity) == 1)
        #expect(RouteWeatherMap.degrees(-2.6) == "−3" && RouteWeatherMap.degrees(-0.4) == "0" && RouteWeatherMap.degrees(12.5) == "13")
        #expect(RouteWeatherMap.decimal(-2.34) == "−2.3" && RouteWeatherMap.decimal(9) == "9")
        #expect(RouteWeatherMap.number(123.44) == "123.4" && RouteWeatherMap.number(80) == "80" && RouteWeatherMap.number(.nan) == "0")
        #expect(RouteWeatherMap.grouped(4_192) == "4,192" && RouteWeatherMap.grouped(999) == "999" && RouteWeatherMap.grouped(1_000_000) == "1,000,000")
    }

    @Test("The projection shows every position inside its rectangle, across the antimeridian too")
    func projection() {
        let area = RouteWeatherMap.area
        for line in [
            [Coordinate(latitude: 38.98, longitude: -77.1)!, Coordinate(latitude: 34.07, longitude: -118.4)!],
            [Coordinate(latitude: -18.1, longitude: 178.4)!, Coordinate(latitude: -16.0, longitude: -179.5)!],
            [Coordinate(latitude: 46.95, longitude: 7.45)!],
        ] {
            let projection = MapProjection(fitting: line, in: area)
            for position in line {
                let point = projection.point(position)
                #expect(point.x > area.left && point.x < area.right && point.y > area.top && point.y < area.bottom, "\(position)")
            }
            let box = projection.bounds
            #expect(box.south < line.map(\.latitude).min()! && box.north > line.map(\.latitude).max()!)
            // At least 20 km across, even for one position.
            #expect(projection.metersPerPixel * area.width >= 20_000)
        }
        let fiji = MapProjection(fitting: [Coordinate(latitude: -18.1, longitude: 178.4)!, Coordinate(latitude: -16.0, longitude: -179.5)!], in: area)
        #expect(fiji.bounds.west > fiji.bounds.east)
    }
}
