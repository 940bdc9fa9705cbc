import Foundation
import Testing
@testable import API
import Markup
import Server
import Services

/// The generated OpenAPI document: what its parameter schemas allow is what the decoder takes,
/// and only served endpoints appear.
@Suite("OpenAPI document")
struct OpenAPITests {
    /// Whether the schema's `pattern` (ECMA 262) matches the text. ICU reads these patterns the
    /// same but for `$`, which it also matches before a final line terminator (U+0085 among
    /// them); ECMA's `$` is the end of the input, ICU's `\z`.
    static func matches(_ schema: JSONValue, _ text: String) throws -> Bool {
        guard case .string(let pattern)? = schema["pattern"], pattern.hasSuffix("$") else { Issue.record("no anchored pattern"); return false }
        let expression = try NSRegularExpression(pattern: pattern.dropLast() + "\\z")
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether the decoder takes the text as a value of the parameter.
    static func decodes(_ parameter: Parameter, _ text: String) -> Bool {
        (try? parameter.parse(text)) != nil
    }

    static let dates: [String] = {
        var texts = ["0000-00-00", "1899-12-31", "2200-01-01", "2026-13-01", "2026-00-10", "2026-1-01", "20260101", "2026-12-01 "]
        for year in [1900, 1904, 1999, 2000, 2024, 2026, 2100, 2199] {
            for month in 1...12 {
                for day in [0, 1, 28, 29, 30, 31, 32] { texts.append(String(format: "%04d-%02d-%02d", year, month, day)) }
            }
        }
        return texts
    }()

    @Test("a date or date and time matches the pattern exactly when the decoder takes it")
    func datePatterns() throws {
        let date = Parameter.query("date", .date, "d")
        let board = Parameter.query("datetime", .dateTime(space: true), "d")
        let depart = Parameter.query("depart", .dateTime(space: false), "d")
        for text in Self.dates {
            #expect(try Self.matches(OpenAPI.schema(date.kind), text) == Self.decodes(date, text), "\(text)")
            for time in ["00:00", "23:59", "24:00", "8:05", "12:60"] {
                for separator in ["T", " "] {
                    let value = text + separator + time
                    #expect(try Self.matches(OpenAPI.schema(board.kind), value) == Self.decodes(board, value), "\(value)")
                    #expect(try Self.matches(OpenAPI.schema(depart.kind), value) == Self.decodes(depart, value), "\(value)")
                }
            }
        }
    }

    @Test("a station or place name matches the pattern exactly when the decoder takes it",
          arguments: [
              "Bern", " Bern ", "", " ", "\u{3000}", "Zürich HB", "A;B", "a\u{1}b", "a\u{85}", "\u{85}a", "\u{A0}x\u{A0}", "\t x",
              String(repeating: "x", count: 100), String(repeating: "x", count: 101), "  " + String(repeating: "é", count: 100) + " ",
              String(repeating: "e\u{301}", count: 60), "x\u{2028}", "\u{7F}",
          ])
    func namePatterns(_ text: String) throws {
        let station = Parameter.query("query", .stations(max: 1), "s")
        let place = Parameter.query("q", .placeName(maxLength: 100), "p")
        #expect(try Self.matches(OpenAPI.schema(station.kind), text) == Self.decodes(station, text))
        #expect(try Self.matches(OpenAPI.schema(place.kind), text) == Self.decodes(place, text))
    }

    @Test("a position is one object parameter of lat and lon, both required; rules become one object of their members")
    func groups() throws {
        let nearby = OpenAPI.parameters(SBBEndpoints.nearby)
        let position = try #require(nearby.first { $0["name"] == "position" })
        #expect(position["style"] == "form" && position["explode"] == true && position["required"] == true)
        #expect(position["schema"] == ["$ref": "#/components/schemas/Position"])
        #expect(OpenAPI.positionSchema("lat", "lon")["required"] == ["lat", "lon"] && OpenAPI.positionSchema("lat", "lon")["additionalProperties"] == false)
        // transport.opendata.ch names its pair x and y, inside its rule with query.
        let opendata = OpenAPI.parameters(OpendataEndpoints.locations)
        let pair = try #require(opendata.first { $0["name"] == "query_or_position" })
        guard case .array(let pairs)? = pair["schema"]?["anyOf"] else { Issue.record("no variants"); return }
        #expect(pairs.map { $0["required"] } == [["query"], ["x", "y"], ["query", "x", "y"]])
        let weather = OpenAPI.parameters(WeatherEndpoints.forecast)
        let group = try #require(weather.first { $0["name"] == "q_or_position" })
        guard case .array(let variants)? = group["schema"]?["anyOf"] else { Issue.record("no variants"); return }
        #expect(variants.map { $0["required"] } == [["q"], ["lat", "lon"]])
        #expect(!weather.contains { $0["name"] == "q" || $0["name"] == "day" && $0["required"] == true })
    }

    @Test("an endpoint that refuses parameters documents 400; a document endpoint documents 406")
    func derivedStatuses() {
        let health = OpenAPI.responses(try! #require(OpsEndpoints.endpoints(readiness: Readiness(), metrics: MetricsReference(), upstreams: nil).first))
        #expect(health["400"] != nil && health["406"] != nil)
        let connections = OpenAPI.responses(SBBEndpoints.connections)
        #expect(connections["404"]?["description"].map { "\($0)".contains("unknown_station") } == true)
        #expect(connections["504"] != nil)
        // Only an endpoint's own 400 codes mark it as refusing requests its schema allows.
        #expect(OpenAPI.operation(SBBEndpoints.connections)["x-refuses-valid-requests"] == ["ambiguous_station", "invalid_cursor"])
        #expect(OpenAPI.operation(SBBEndpoints.nearby)["x-refuses-valid-requests"] == nil)
    }

@Test("every error code an endpoint declares has a status")
    func everyCodeHasAStatus() throws {
        for endpoint in try AllEndpoints.declared() {
            for code in OpenAPI.requestCodes(endpoint) + endpoint.errors {
                #expect(OpenAPI.status(of: code) != nil, "\(endpoint.path): \(code)")
            }
        }
    }

    @Test("debug endpoints are described only when they are served")
    func debugOnlyWhenServed() async throws {
        for debug in [false, true] {
            try await LiveApp.with(debugRoutes: debug) { live in
                let response = try await live.get("/api/openapi.json")
                let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
                let paths = try #require(document["paths"] as? [String: Any])
                #expect((paths["/debug/fixed"] != nil) == debug)
                #expect(paths["/healthz"] != nil)
            }
        }
    }

    @Test("pretty is 0, 1, true or false; anything else is a 400 naming it")
    func strictPretty() async throws {
        try await LiveApp.with { live in
            for value in ["0", "1", "true", "false"] {
                let status = try await live.get("/healthz?pretty=\(value)").status
                #expect(status == 200)
            }
            let refused = try await live.get("/healthz?pretty=AAA")
            #expect(refused.status == 400 && refused.text.contains("<message>Parameter pretty must be 1 or 0.</message>"))
            let unknown = try await live.get("/healthz?x=1")
            #expect(unknown.status == 400 && unknown.text.contains("<code>unknown_parameter</code>"))
        }
    }
}
