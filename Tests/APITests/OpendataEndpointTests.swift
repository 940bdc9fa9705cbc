import Foundation
import HTTPTesting
import Kernel
import Services
import Testing

/// transport.opendata.ch's `/v1` on the real server over each timetable provider, through its
/// shipped routes to the sandbox: the original's JSON shape (its recorded answers, key by key and
/// type by type), the same connections and departures as `/api/sbb` gives, and the original's
/// errors for bad input.
@Suite("transport.opendata.ch v1", .serialized)
struct OpendataEndpointTests {
    typealias App = TimetableApp

    static let providers: [TimetableProvider] = [.opendata, .ojp, .hafasExtxml, .hafasHTML]

    static func json(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(response.header("Content-Type") == "application/json; charset=utf-8", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// A recorded answer of the original, from the route samples.
    static func recorded(_ route: String, _ sample: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(TestRoutes.shipped)/\(route)/samples/\(sample)")))
    }

    // MARK: The original's shape

    /// Where `ours` differs in shape from `theirs`: an object's keys, a value's type, a list
    /// empty where the original's has items. Null stands for any type, as the original writes
    /// null for what it does not know; every item of a list is compared with the original's items.
    static func differences(_ ours: Any, _ theirs: Any, at path: String = "") -> [String] {
        if ours is NSNull || theirs is NSNull { return [] }
        switch (ours, theirs) {
        case (let ours as [String: Any], let theirs as [String: Any]):
            guard Set(ours.keys) == Set(theirs.keys) else {
                return ["\(path): keys \(ours.keys.sorted()) where the original has \(theirs.keys.sorted())"]
            }
            return theirs.keys.sorted().flatMap { differences(ours[$0]!, theirs[$0]!, at: "\(path)/\($0)") }
        case (let ours as [Any], let theirs as [Any]):
            if ours.isEmpty, !theirs.isEmpty { return ["\(path): no items where the original has \(theirs.count)"] }
            return ours.enumerated().flatMap { index, item in theirs.flatMap { differences(item, $0, at: "\(path)/\(index)") } }
        case (is String, is String), (is NSNumber, is NSNumber):
            return []
        default:
            return ["\(path): \(type(of: ours)) where the original has \(type(of: theirs))"]
        }
    }

    @Test("The answers have the shape of the original's recorded ones", arguments: providers)
    func shape(_ provider: TimetableProvider) async throws {
        try await App.with(provider) { live in
            let checks: [(String, String, String)] = [
                ("/v1/locations?query=Be", "opendata-locations", "query-be.json"),
                ("/v1/connections?from=Z%C3%BCrich%20HB&to=Baden&date=2026-12-07&time=14:40", "opendata-connections", "zurich-baden-2021-11-01.json"),
                ("/v1/stationboard?station=Z%C3%BCrich%20HB&limit=15", "opendata-stationboard", "zurich-hb-2016-12-23-first-15.json"),
                ("/v1/connections?from=Z%C3%BCrich%20HB&to=Nowhere%20At%20All", "opendata-connections", "error-500-incomplete-route.json"),
            ]
            for (target, route, sample) in checks {
                let ours = try Self.json(try await live.get(target))
                let found = Self.differences(ours, try Self.recorded(route, sample))
                #expect(found.isEmpty, "\(target): \(found.prefix(5))")
            }
        }
    }

    /// A check of the shape comparison itself: it finds a missing key, a wrong type and an empty list.
    @Test func shapeComparisonFindsDifferences() {
        let theirs: [String: Any] = ["a": "x", "b": [["c": 1]], "d": NSNull()]
        #expect(Self.differences(["a": "y", "b": [["c": 2]], "d": "z"], theirs).isEmpty)
        #expect(Self.differences(["a": "y", "b": [["c": 2]]], theirs).count == 1)
        #expect(Self.differences(["a": 1, "b": [["c": 2]], "d": NSNull()], theirs).count == 1)
        #expect(Self.differences(["a": "y", "b": [] as [Any], "d": NSNull()], theirs).count == 1)
        #expect(Self.differences(["a": "y", "b": [["c": "2"]], "d": NSNull()], theirs).count == 1)
    }

    // MARK: The timetable's values

    static func instant(_ text: Any?) -> Int64? {
        (text as? String).flatMap { OffsetDateTime($0) }?.instant
    }

    @Test("Connections are the timetable's, with via, date, time and limit", arguments: providers)
    func connections(_ provider: TimetableProvider) async throws {
        try await App.with(provider) { live in
            let query = "date=2026-12-07&time=07:50&limit=3"
            let ours = try Self.json(try await live.get("/v1/connections?from=Bern&to=Basel%20SBB&via[]=Olten&" + query))
            let sbb = try Self.json(try await live.get("/api/sbb/from/Bern/to/Basel%20SBB.json?via=Olten&" + query))
            let links = try #require(((sbb["schedules"] as? [[String: Any]])?.first?["links"] as? [[String: Any]]))
            let connections = try #require(ours["connections"] as? [[String: Any]])
            #expect(!links.isEmpty)
            #expect(connections.count == links.count)
            #expect((ours["from"] as? [String: Any])?["id"] as? String == "8507000")
            #expect((ours["to"] as? [String: Any])?["name"] as? String == "Basel SBB")
            for (connection, link) in zip(connections, links) {
                let from = try #require(connection["from"] as? [String: Any]), to = try #require(connection["to"] as? [String: Any])
                #expect(Self.instant(from["departure"]) == Self.instant(link["departure"]))
                #expect(from["departureTimestamp"] as? Int64 == Self.instant(link["departure"]))
                #expect(Self.instant(to["arrival"]) == Self.instant(link["arrival"]))
                #expect((from["departure"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/) != nil)
                let parts = try #require(link["parts"] as? [[String: Any]])
                let sections = try #require(connection["sections"] as? [[String: Any]])
                #expect(sections.count == parts.count)
                #expect(from["platform"] as? String == parts.first?["trackfrom"] as? String)
                #expect(to["platform"] as? String == parts.last?["trackto"] as? String)
                #expect(connection["transfers"] as? Int == link["transfers"] as? Int)
                #expect(connection["products"] as? [String] == link["products"] as? [String] ?? [])
                for (section, part) in zip(sections, parts) {
                    let departure = try #require(section["departure"] as? [String: Any])
                    #expect(Self.instant(departure["departure"]) == Self.instant(part["departure"]))
                    #expect((departure["station"] as? [String: Any])?["name"] as? String == part["from"] as? String)
                    if part["vehicle"] as? String == "Walk" {
                        #expect(section["journey"] is NSNull)
                        #expect((section["walk"] as? [String: Any])?["duration"] is Int)
                    } else {
                        let journey = try #require(section["journey"] as? [String: Any])
                        #expect(section["walk"] is NSNull)
                        #expect(journey["name"] as? String == part["line"] as? String)
                        #expect(journey["to"] as? String == part["direction"] as? String)
                    }
                }
            }
            // Every connection passes through Olten.
            for connection in connections {
                let stops = (connection["sections"] as? [[String: Any]] ?? []).compactMap { ($0["arrival"] as? [String: Any])?["station"] as? [String: Any] }
                #expect(stops.contains { $0["name"] as? String == "Olten" })
            }
        }
    }

    @Test("The stationboard is the timetable's board", arguments: providers)
    func stationBoard(_ provider: TimetableProvider) async throws {
        try await App.with(provider) { live in
            let ours = try Self.json(try await live.get("/v1/stationboard?station=Bern&limit=8&datetime=2026-12-07%2008:00"))
            let sbb = try Self.json(try await live.get("/api/sbb/stationboard/Bern.json?limit=8&datetime=2026-12-07T08:00"))
            let journeys = try #require((sbb["stationboard"] as? [String: Any])?["journeys"] as? [[String: Any]])
            let entries = try #require(ours["stationboard"] as? [[String: Any]])
            #expect(!journeys.isEmpty)
            #expect(entries.count == journeys.count)
            #expect((ours["station"] as? [String: Any])?["id"] as? String == "8507000")
            for (entry, journey) in zip(entries, journeys) {
                let stop = try #require(entry["stop"] as? [String: Any])
                #expect(Self.instant(stop["departure"]) == Self.instant(journey["time"]))
                #expect(stop["delay"] as? Int == journey["delay"] as? Int)
                #expect(stop["platform"] as? String == journey["platform"] as? String)
                #expect(entry["to"] as? String == journey["direction"] as? String)
                #expect(entry["category"] as? String == journey["category"] as? String)
                #expect(entry["operator"] as? String == journey["operator"] as? String)
                if let delay = journey["delay"] as? Int, let time = Self.instant(journey["time"]) {
                    #expect(Self.instant((stop["prognosis"] as? [String: Any])?["departure"]) == time + Int64(delay) * 60)
                }
            }
        }
    }

    @Test func locationsByNameAndPosition() async throws {
        try await App.with(.opendata) { live in
            let named = try Self.json(try await live.get("/v1/locations?query=Bern"))
            let first = try #require((named["stations"] as? [[String: Any]])?.first)
            #expect(first["id"] as? String == "8507000")
            #expect(first["icon"] as? String == "train")
            #expect(first["distance"] is NSNull)
            let coordinate = try #require(first["coordinate"] as? [String: Any])
            #expect(coordinate["type"] as? String == "WGS84")
            #expect(abs((coordinate["x"] as? Double ?? 0) - 46.9488) < 0.001, "x is the latitude")
            #expect(abs((coordinate["y"] as? Double ?? 0) - 7.4391) < 0.001, "y is the longitude")

            let near = try Self.json(try await live.get("/v1/locations?x=46.9488&y=7.4391"))
            let stations = try #require(near["stations"] as? [[String: Any]])
            #expect(stations.first?["name"] as? String == "Bern")
            let distances = stations.compactMap { $0["distance"] as? Int }
            #expect(distances.count == stations.count && distances == distances.sorted(), "nearest first, in metres")

            // The timetable knows stations only.
            let addresses = try Self.json(try await live.get("/v1/locations?query=Bern&type=address"))
            #expect((addresses["stations"] as? [Any])?.isEmpty == true)
        }
    }

    // MARK: Parameters as clients send them

    @Test func listsTimesIdsAndFieldsAsClientsSendThem() async throws {
        try await App.with(.opendata) { live in
            // via=A&via=B (Python's urlencode) and via[]=A&via[]=B (PHP's notation) are the same request.
            let plain = try await live.get("/v1/connections?from=Bern&to=Basel%20SBB&via=Olten&via=Liestal&date=2026-12-07&time=07:50")
            let bracketed = try await live.get("/v1/connections?from=Bern&to=Basel%20SBB&via[]=Olten&via%5B%5D=Liestal&date=2026-12-07&time=07:50")
            #expect(plain.status == 200)
            #expect(plain.body == bracketed.body)

            // A Python `datetime.time` in its three forms is the same minute.
            let minute = try await live.get("/v1/connections?from=Bern&to=Thun&date=2026-12-07&time=07:50")
            for time in ["07:50:00", "07:50:59", "07:50:59.123456"] {
                #expect(try await live.get("/v1/connections?from=Bern&to=Thun&date=2026-12-07&time=\(time)").body == minute.body, "\(time)")
            }

            // An id of the original's nine digits, an id of seven, a name: one board.
            let byName = try await live.get("/v1/stationboard?station=Bern&limit=3&datetime=2026-12-07%2008:00")
            #expect(try await live.get("/v1/stationboard?id=8507000&limit=3&datetime=2026-12-07%2008:00").body == byName.body)
            #expect(try await live.get("/v1/stationboard?id=008507000&station=Thun&limit=3&datetime=2026-12-07%2008:00:00").body == byName.body)

            // fields[]: only what is named; a longer field narrows a shorter one.
            let fields = try Self.json(try await live.get(
                "/v1/connections?from=Bern&to=Thun&date=2026-12-07&time=07:50&limit=2&fields[]=connections/from&fields=connections/from/departure&fields[]=to/name"))
            #expect(Set(fields.keys) == ["connections", "to"])
            #expect((fields["to"] as? [String: Any]).map { Set($0.keys) } == ["name"])
            let connections = try #require(fields["connections"] as? [[String: Any]])
            #expect(connections.count == 2)
            for connection in connections {
                #expect(Set(connection.keys) == ["from"])
                #expect((connection["from"] as? [String: Any]).map { Set($0.keys) } == ["departure"])
            }

            // transportations[]: a board of buses only has buses.
            let buses = try Self.json(try await live.get("/v1/stationboard?station=Bern&transportations[]=bus&limit=40&datetime=2026-12-07%2008:00"))
            let categories = (buses["stationboard"] as? [[String: Any]] ?? []).compactMap { $0["category"] as? String }
            #expect(!categories.contains("IC") && !categories.contains("S"), "\(categories)")

            // Parameters it does not know are ignored, as the original ignores them.
            #expect(try await live.get("/v1/locations?query=Bern&callback=x").status == 200)
        }
    }

    @Test func headersAreGottaGosAsEverywhere() async throws {
        try await App.with(.opendata) { live in
            let target = "/v1/stationboard?station=Bern&limit=5&datetime=2026-12-07%2008:00"
            let first = try await live.get(target)
            #expect(first.status == 200)
            #expect(first.header("Access-Control-Allow-Origin") == "*")
            #expect(first.header("X-Cache") == "MISS")
            #expect(first.header("Age") != nil)
            let etag = try #require(first.header("ETag"))
            let again = try await live.get(target, headers: [("If-None-Match", etag)])
            #expect(again.status == 304 && again.body.isEmpty)
            #expect(again.header("X-Cache") == "HIT")
            let zipped = try await live.get(target, headers: [("Accept-Encoding", "gzip")])
            #expect(zipped.header("Content-Encoding") == "gzip" && zipped.body.count < first.body.count)
        }
    }

    @Test func aSharedNameIsTheFirstStationAsInTheOriginal() async throws {
        try await App.with(.opendata) { live in
            // 26 stops are named Rathaus: /api/sbb asks which, the original takes the first its search finds.
            let sbb = try await live.get("/api/sbb/stationboard/Rathaus.json")
            #expect(sbb.status == 400)
            let board = try Self.json(try await live.get("/v1/stationboard?station=Rathaus&limit=3"))
            #expect(((board["station"] as? [String: Any])?["name"] as? String)?.hasSuffix("Rathaus") == true)
            #expect((board["stationboard"] as? [Any])?.isEmpty == false)
        }
    }

    // MARK: Bad input

    @Test("Bad input is an error in the original's shape, never a 500", arguments: [
        ("/v1/connections?to=Bern", 400, "from"),
        ("/v1/connections?from=Bern", 400, "to"),
        ("/v1/connections?from=Xyzzyq%20Qwrtz&to=Bern", 404, "Xyzzyq"),
        ("/v1/stationboard?station=Xyzzyq%20Qwrtz", 404, "Xyzzyq"),
        ("/v1/stationboard", 400, "station"),
        ("/v1/connections?from=Bern&to=Thun&limit=0", 400, "limit"),
        ("/v1/connections?from=Bern&to=Thun&limit=17", 400, "limit"),
        ("/v1/connections?from=Bern&to=Thun&page=4", 400, "page"),
        ("/v1/connections?from=Bern&to=Thun&date=2026-02-30", 400, "date"),
        ("/v1/connections?from=Bern&to=Thun&date=tomorrow", 400, "date"),
        ("/v1/connections?from=Bern&to=Thun&time=24:00", 400, "time"),
        ("/v1/connections?from=Bern&to=Thun&time=12:00:60", 400, "time"),
        ("/v1/connections?from=Bern&to=Thun&time=12:00:00.1234567", 400, "time"),
        ("/v1/connections?from=Bern&to=Thun&via=Olten&via=Aarau&via=Liestal&via[]=Sissach&via[]=Gelterkinden&via[]=Brugg", 400, "via"),
        ("/v1/connections?from=Bern&to=Thun&transportations[]=rocket", 400, "transportations"),
        ("/v1/connections?from=Bern&to=Thun&fields[]=/", 400, "fields"),
        ("/v1/stationboard?station=Bern&datetime=2026-12-07", 400, "datetime"),
        ("/v1/stationboard?station=Bern&type=both", 400, "type"),
        ("/v1/locations", 400, "query"),
        ("/v1/locations?x=46.9", 400, "x"),
        ("/v1/locations?x=91&y=7", 400, "x"),
        ("/v1/locations?x=nan&y=7", 400, "x"),
        ("/v1/locations?query=%ZZ", 400, "query"),
    ])
    func badInput(_ target: String, _ status: Int, _ named: String) async throws {
        try await App.with(.opendata) { live in
            let response = try await live.get(target)
            #expect(response.status == status)
            let body = try Self.json(response)
            #expect(Set(body.keys) == ["errors"])
            let errors = try #require(body["errors"] as? [[String: Any]])
            #expect(errors.count == 1)
            let message = try #require(errors.first?["message"] as? String)
            #expect(message.contains(named), "\(message)")
        }
    }
}
