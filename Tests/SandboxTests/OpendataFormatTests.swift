import HTTPTesting
import Markup
import Model
@testable import Sandbox
import Server
import Testing
import Kernel

/// The opendata service writes the API's JSON: the members of the recorded answers in their order,
/// PHP's escapes and times, over loopback on the API's paths.
@Suite("transport.opendata.ch format")
struct OpendataFormatTests {
    typealias T = TestTimetable

    /// The names of the children of the first node `path` selects, in order; an array's items (a
    /// repeated element) once.
    static func members(_ path: String, in bytes: [UInt8]) throws -> [String] {
        let xpath = try XPathEvaluator(try Document.parse(bytes, as: .json))
        let count = Int(try xpath.strings(XPathExpression("count((\(path))[1]/*)")).first ?? "") ?? 0
        var names: [String] = []
        for index in 0..<count {
            let name = try xpath.strings(XPathExpression("name((\(path))[1]/*[\(index + 1)])")).first ?? ""
            if names.last != name { names.append(name) }
        }
        return names
    }

    static func sample(_ route: String, _ name: String) throws -> [UInt8] {
        try Files.read(T.routesDirectory + "/\(route)/samples/\(name).json")
    }

    /// Every object of the recorded answers, member by member, against the sandbox's answer.
    @Test(arguments: [
        ("opendata-connections", "zurich-baden-2021-11-01", ["from": "8503000", "to": "8503504", "date": "2026-05-12", "time": "14:40"], [
            "/json", "/json/connections", "/json/connections/from", "/json/connections/from/station", "/json/connections/from/station/coordinate",
            "/json/connections/from/prognosis", "/json/connections/to", "/json/connections/sections", "/json/connections/sections/journey",
            "/json/connections/sections/journey/passList", "/json/connections/sections/arrival", "/json/stations", "/json/from",
        ]),
        ("opendata-stationboard", "zurich-hb-2016-12-23-first-15", ["id": "8503000", "datetime": "2026-05-12 14:30", "limit": "5"], [
            "/json", "/json/station", "/json/stationboard", "/json/stationboard/stop", "/json/stationboard/stop/prognosis",
            "/json/stationboard/passList",
        ]),
        ("opendata-locations", "query-be", ["query": "Be"], ["/json", "/json/stations", "/json/stations/coordinate"]),
    ])
    func theAnswersHaveTheRecordedMembersInOrder(route: String, sample: String, parameters: [String: String], paths: [String]) throws {
        let recorded = try Self.sample(route, sample)
        let run = try OpendataRouteRun(route, parameters)
        #expect(run.answer.status == 200 && run.failure == nil)
        for path in paths {
            let expected = try Self.members(path, in: recorded)
            #expect(!expected.isEmpty, "\(path)")
            #expect(try Self.members(path, in: run.answer.body) == expected, "\(route) \(path)")
        }
    }

    @Test func phpEscapesAndTimes() {
        let value = PHPJSON.object([
            ("name", .string("Zürich HB")), ("platform", .string("41/42")), ("quote", .string("a\"b\\c\n\u{1}")), ("emoji", .string("🚆")),
            ("delay", .null), ("n", .int(-3)), ("x", .number("47.377847")), ("list", .array([.bool(true), .optional(nil as String?)])),
        ])
        #expect(String(decoding: value.encoded, as: UTF8.self)
            == #"{"name":"Z\u00fcrich HB","platform":"41\/42","quote":"a\"b\\c\n\u0001","emoji":"\ud83d\ude86","delay":null,"n":-3,"x":47.377847,"list":[true,null]}"#)
        let winter = T.model.clock.moment(of: T.at(2021, 11, 1, 14, 44)), summer = T.model.clock.moment(of: T.at(2026, 5, 12, 7, 50))
        #expect(OpendataRenderer.time(winter) == "2021-11-01T14:44:00+0100")
        #expect(OpendataRenderer.time(summer) == "2026-05-12T07:50:00+0200")
        #expect(OpendataRenderer.duration(28 * 60) == "00d00:28:00")
        #expect(OpendataRenderer.duration(26 * 3600 + 5 * 60 + 7) == "01d02:05:07")
    }

    /// Names from the request never break the JSON: what the search does not find is `null`, and
    /// what it finds is written escaped.
    @Test(arguments: ["\"}]", "\u{0}", String(repeating: "ü", count: 300), "a\\b/c<d>&", "%FF%FE", "🚆"])
    func hostileNamesGiveWellFormedAnswers(name: String) throws {
        for (path, query) in [
            (OpendataService.connectionsPath, "from=\(name)&to=Bern"), (OpendataService.boardPath, "station=\(name)"),
            (OpendataService.locationsPath, "query=\(name)"),
        ] {
            let answer = OpendataRouteRun.service.respond(path: path, query: Substring(query))
            #expect([200, 400, 414, 500].contains(answer.status), "\(path) \(name)")
            if answer.contentType == "application/json" {
                #expect(throws: Never.self) { try Document.parse(answer.body, as: .json) }
            }
        }
    }

    @Test func answersOnTheAPIsPathsOverLoopback() async throws {
        var configuration = SandboxServer.Configuration()
        configuration.timetableClock = { OpendataRouteRun.now }
        let sandbox = try SandboxServer(model: T.model, configuration: configuration, log: ServerLog(sink: LogSink(descriptor: -1)))
        let url = sandbox.origin + "/v1/connections?from=Bern&to=Z%C3%BCrich%20HB&date=2026-05-12&time=08:00&via%5B%5D=Olten"
        let response = try await offPool { try HTTPTestClient().send("GET", url) }
        #expect(response.status == 200 && response.header("Content-Type") == "application/json")
        #expect(response.body == OpendataRouteRun.service.respond(path: "/v1/connections", query: "from=Bern&to=Z%C3%BCrich%20HB&date=2026-05-12&time=08:00&via[]=Olten").body)
        // Asked again, the kept answer: the same bytes.
        #expect(try await offPool { try HTTPTestClient().send("GET", url) }.body == response.body)
        // "Now" is the configured clock's.
        let now = try await offPool { try HTTPTestClient().send("GET", sandbox.origin + "/v1/stationboard?station=Bern&limit=3") }
        #expect(now.body == OpendataRouteRun.service.respond(path: "/v1/stationboard", query: "station=Bern&limit=3").body)
        let missing = try await offPool { try HTTPTestClient().send("GET", sandbox.origin + "/v1/connections?to=Bern") }
        #expect(missing.status == 500 && missing.text.contains("Incomplete route description."))
        let unknown = try await offPool { try HTTPTestClient().send("GET", sandbox.origin + "/v1/elsewhere") }
        #expect(unknown.status == 404)
        await sandbox.shutdown()
    }
}
