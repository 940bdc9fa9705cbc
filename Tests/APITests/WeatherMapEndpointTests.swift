import Foundation
import HTTPTesting
import Markup
import Testing
@testable import API

/// The route's weather as an SVG map over the real parts (see `WeatherApp`): parsed with libxml2
/// and checked against the JSON document of the same request.
@Suite("WeatherMapEndpoint", .serialized)
struct WeatherMapEndpointTests {
    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// The parsed image and an XPath evaluator with `s` bound to the SVG namespace.
    static func parse(_ bytes: [UInt8]) throws -> (Document, XPathEvaluator) {
        let document = try Document.parse(bytes, as: .xml)
        return (document, try XPathEvaluator(document, namespaces: [("s", svgNamespace)]))
    }

    static func strings(_ xpath: XPathEvaluator, _ expression: String) throws -> [String] {
        try xpath.strings(XPathExpression(expression))
    }

    /// A polyline's `points` as pairs.
    static func points(_ text: String) -> [(x: Double, y: Double)] {
        text.split(separator: " ").compactMap { pair in
            let parts = pair.split(separator: ",").compactMap { Double($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    /// Where along a line a point's nearest spot lies: the segment's index plus the fraction of it.
    static func position(of point: (x: Double, y: Double), along line: [(x: Double, y: Double)]) -> Double {
        var best = (distance: Double.infinity, at: 0.0)
        for (index, (a, b)) in zip(line, line.dropFirst()).enumerated() {
            let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length2)) : 0
            let x = a.x + t * dx - point.x, y = a.y + t * dy - point.y
            let distance = (x * x + y * y).squareRoot()
            if distance < best.distance { best = (distance, Double(index) + t) }
        }
        return best.at
    }

    /// The SVG 1.1 DTD as Debian's w3c-sgml-lib installs it.
    static let svg11DTD = "/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd"

    @Test("Bethesda, MD → 90210: well-formed SVG 1.1, self-contained, under 60 KB, one marker per place of the document in driving order")
    func bethesdaToBeverlyHills() async throws {
        try await WeatherApp.with { app in
            let response = try await app.live.get("/api/weather/route/from/Bethesda,%20MD/to/90210.svg?day=1")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "image/svg+xml")
            #expect(response.header("Cache-Control") == "public, max-age=600")
            #expect(response.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *")
            #expect(response.body.count < 60_000, "\(response.body.count) bytes")
            // xmllint, the same parser as a command, finds it well-formed and valid against the
            // SVG 1.1 DTD (Debian's w3c-sgml-lib, which `make test` installs).
            #expect(FileManager.default.fileExists(atPath: Self.svg11DTD), "\(Self.svg11DTD) is missing: apt-get install w3c-sgml-lib")
            let lint = try await offPool {
                try ChildProcess.run("/usr/bin/xmllint", arguments: ["--noout", "--nonet", "--dtdvalid", Self.svg11DTD, "-"], input: response.body)
            }
            #expect(lint.status == 0, "\(String(decoding: lint.err, as: UTF8.self))")

            let (document, xpath) = try Self.parse(response.body)
            #expect(document.root?.name == "svg")
            #expect(try Self.strings(xpath, "/s:svg/@version") == ["1.1"])
            #expect(try Self.strings(xpath, "count(//*[namespace-uri() != '\(Self.svgNamespace)'])") == ["0"])
            #expect(try Self.strings(xpath, "count(//s:image | //s:script | //s:foreignObject | //s:a | //s:use)") == ["0"])
            #expect(try Self.strings(xpath, "//@*[contains(., 'http') or contains(., 'url(')]").isEmpty)
            #expect(try Self.strings(xpath, "/s:svg/s:style").first?.contains("url(") == false)
            let title = try #require(try Self.strings(xpath, "/s:svg/s:title").first)
            #expect(title.contains("Bethesda, MD, US") && title.contains("Beverly Hills, CA, US") && title.contains("2026-11-30"))
            #expect(try Self.strings(xpath, "/s:svg/s:desc").first?.contains("places in driving order") == true)

            // One marker per place of the JSON document, with the same names in the same order.
            let json = try await app.live.get("/api/weather/route/from/Bethesda,%20MD/to/90210.json?day=1")
            let rows = WeatherEndpointTests.places(try #require(try WeatherEndpointTests.json(json)["routeweather"] as? [String: Any]))
            #expect(rows.count > 50)
            let titles = try Self.strings(xpath, "//s:g[@class='place']/s:title")
            #expect(titles.count == rows.count)
            for (index, (row, title)) in zip(rows, titles).enumerated() {
                let label = [row["name"], row["admin"], row["country_code"]].compactMap { $0 as? String }.joined(separator: ", ")
                #expect(title.hasPrefix("\(index + 1). \(label): low "), "\(title)")
            }
            #expect(try Self.strings(xpath, "//s:g[@class='place']/@id") == rows.indices.map { "place-\($0)" })
            #expect(try Self.strings(xpath, "count(//s:g[@class='place']/s:circle[@fill])") == ["\(rows.count)"])
            // Every shown label names its place; the ends are always labelled.
            let labels = try Self.strings(xpath, "//s:g[@class='place']/s:text")
            #expect(labels.count >= 10 && labels.allSatisfy { label in rows.contains { label.hasPrefix(($0["name"] as? String ?? "") + " ") } })
            #expect(try Self.strings(xpath, "//s:g[@class='place'][@id='place-0']/s:text").first?.hasPrefix("Bethesda ") == true)
            #expect(try Self.strings(xpath, "//s:g[@class='place'][@id='place-\(rows.count - 1)']/s:text").first?.hasPrefix("Beverly Hills ") == true)

            // The markers lie along the line in driving order.
            let line = Self.points(try #require(try Self.strings(xpath, "//s:polyline[@class='route']/@points").first))
            #expect((20...300).contains(line.count), "\(line.count) points")
            let cx = try Self.strings(xpath, "//s:g[@class='place']/s:circle/@cx").compactMap(Double.init)
            let cy = try Self.strings(xpath, "//s:g[@class='place']/s:circle/@cy").compactMap(Double.init)
            let along = zip(cx, cy).map { Self.position(of: ($0, $1), along: line) }
            #expect(along.count == rows.count)
            #expect(zip(along, along.dropFirst()).allSatisfy { $0 <= $1 }, "\(along)")
            #expect(along.first.map { $0 < 1 } == true && along.last.map { $0 > Double(line.count - 2) } == true)
            // Everything drawn lies on the canvas.
            for x in cx + line.map(\.x) { #expect((0...800).contains(x)) }
            for y in cy + line.map(\.y) { #expect((0...600).contains(y)) }

            // The legend's ten steps and grey, the scale bar, a few context towns that are no places.
            #expect(try Self.strings(xpath, "count(//s:g[@class='legend']/s:rect)") == ["11"])
            #expect(try Self.strings(xpath, "//s:g[@class='scale']/s:text").first.map { $0.hasSuffix(" km") } == true)
            let towns = try Self.strings(xpath, "//s:g[@class='town']/s:title")
            #expect((1...8).contains(towns.count), "\(towns)")
            for town in towns {
                let label = town.components(separatedBy: " (population").first ?? town
                #expect(!titles.contains { $0.contains(". \(label):") }, "\(label) is a place of the route")
            }
        }
    }

    @Test("errors are the route's error documents; the image has an ETag, a 304 and gzip; .svg is only a suffix")
    func errorsAndHTTP() async throws {
        try await WeatherApp.with { app in
            let badDay = try await app.live.get("/api/weather/route/from/Bern/to/Thun.svg?day=7")
            #expect(badDay.status == 400 && badDay.text.contains("<code>invalid_parameter</code>") && badDay.text.contains("Parameter day"))
            let together = try await app.live.get("/api/weather/route/from/Bern/to/Thun.svg?day=1&depart=2026-11-30T08:00")
            #expect(together.status == 400 && together.text.contains("depart"))
            let unknown = try await app.live.get("/api/weather/route/from/Bethseda/to/90210.svg")
            #expect(unknown.status == 404 && unknown.text.contains("<code>unknown_place</code>"))
            #expect(unknown.header("Content-Type")?.hasPrefix("application/xml") == true)
            let unknownJSON = try await app.live.get("/api/weather/route/from/Bethseda/to/90210.svg", headers: [("Accept", "application/json")])
            #expect(unknownJSON.status == 404 && unknownJSON.text.contains("\"unknown_place\""))
            let far = try await app.live.get("/api/weather/route/from/Bern/to/New%20York.svg")
            #expect(far.status == 400 && far.text.contains("<code>route_too_long</code>"))
            let format = try await app.live.get("/api/weather/route/from/Bern/to/Thun.svg?format=json")
            #expect(format.status == 400 && format.text.contains("unknown_parameter"))
            // `.svg` alone is a place name for the document, not an empty one for the image.
            let bare = try await app.live.get("/api/weather/route/from/Bern/to/.svg")
            #expect(bare.status == 404 && bare.text.contains("<code>unknown_place</code>"))

            let image = try await app.live.get("/api/weather/route/from/Bern/to/Basel.svg?every=10", headers: [("Accept-Encoding", "gzip")])
            #expect(image.status == 200 && image.header("Content-Encoding") == "gzip")
            let etag = try #require(image.header("ETag"))
            let again = try await app.live.get("/api/weather/route/from/Bern/to/Basel.svg?every=10", headers: [("If-None-Match", etag)])
            #expect(again.status == 304 && again.body.isEmpty)
            let same = try await app.live.get("/api/weather/route/from/Bern/to/Bern.svg")
            let (_, xpath) = try Self.parse(same.body)
            #expect(same.status == 200)
            #expect(try Self.strings(xpath, "count(//s:g[@class='place'])") == ["1"])
        }
    }
}
