import Fetch
import Foundation
import HTTPTesting
import Model
import Sandbox
import Services
import Store
import Testing
@testable import API
import Upstream

/// `/api/sbb/from/{from}/to/{to}` on the real server, through the shipped routes to the sandbox
/// on loopback. Every XML response is validated against the published schema.
@Suite("SBB endpoint", .serialized)
struct SBBEndpointTests {
    func withApp(_ body: (LiveApp) async throws -> Void) async throws {
        try await TimetableApp.with(.hafasExtxml, body)
    }

    /// The response, after checking that XML responses match the schema.
    func get(_ live: LiveApp, _ target: String) async throws -> TestResponse {
        let response = try await live.get(target)
        if response.header("Content-Type")?.hasPrefix("application/xml") == true {
            #expect(try await XMLSchemaCheck.validate(response.body, schema: DocumentSchemas.sbb.xsd) == nil, "\(target)")
        }
        return response
    }

    @Test("the original API's request: one schedule per pair; XML valid, and a SAX reader gets the JSON form's data", arguments: TimetableProvider.allCases)
    func original(_ provider: TimetableProvider) async throws {
        try await TimetableApp.with(provider) { live in
            let target = "/api/sbb/from/Bern;Thun/to/Z%C3%BCrich%20HB;Basel%20SBB.xml?date=2026-12-01&time=08:00"
            let xml = try await get(live, target)
            #expect(xml.status == 200)
            let json = try await get(live, target.replacingOccurrences(of: ".xml", with: ".json"))
            let read = try #require(ScheduleSAXReader.read(Data(xml.body)))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
            #expect(read == ScheduleSAXReader.fromJSON(object))
            #expect(read.map { "\($0.fields["from"] ?? "")>\($0.fields["to"] ?? "")" }
                == ["Bern>Zürich HB", "Bern>Basel SBB", "Thun>Zürich HB", "Thun>Basel SBB"])
            #expect(read.allSatisfy { $0.links.count == 4 })
            // transport.opendata.ch says how full the trains will be; the others do not.
            let occupancy = xml.text.components(separatedBy: "<capacity2nd>").count - 1
            #expect(provider == .opendata ? occupancy == 16 : occupancy == 0, "\(occupancy)")
        }
    }

    @Test("a repeated request is answered from the kept document: same bytes, counted as cache hits")
    func keptAnswer() async throws {
        try await withApp { live in
            let target = "/api/sbb/from/Bern;Thun/to/Z%C3%BCrich%20HB;Basel%20SBB.xml?date=2026-12-01&time=09:00"
            func gauge(_ metrics: String, _ sample: String) -> Int? {
                metrics.split(separator: "\n").first { $0.hasPrefix(sample + " ") }.flatMap { Int($0.dropFirst(sample.count + 1)) }
            }
            let before = try await live.get("/metrics").text
            #expect(gauge(before, #"gottago_kept_answers_bytes{endpoints="sbb"}"#) == 0)
            #expect(gauge(before, #"gottago_cache_held_bytes{driver="memory"}"#) == 0)
            let first = try await get(live, target)
            let second = try await get(live, target)
            #expect(second.body == first.body)
            #expect(second.header("Cache-Control")?.hasPrefix("public, max-age=") == true)
            let metrics = try await live.get("/metrics").text
            // The kept document (held once, where it is sent from; not asked for gzip), its key and
            // every shard's records of it, and the four upstream answers in the memory cache.
            let kept = gauge(metrics, #"gottago_kept_answers_bytes{endpoints="sbb"}"#) ?? 0
            #expect(kept > first.body.count && kept < 2 * first.body.count)
            #expect((gauge(metrics, #"gottago_cache_held_bytes{driver="memory"}"#) ?? 0) > 0)
            #expect(metrics.contains(#"gottago_upstream_requests_total{upstream="hafas-extxml",outcome="ok"} 4"#))
            #expect(metrics.contains(#"gottago_upstream_cache_total{upstream="hafas-extxml",result="miss"} 4"#))
            #expect(metrics.contains(#"gottago_upstream_cache_total{upstream="hafas-extxml",result="hit"} 4"#))
        }
    }

    @Test("shared names: candidates without a position, the nearest with one; unknown names get suggestions", arguments: TimetableProvider.allCases)
    func names(_ provider: TimetableProvider) async throws {
        try await TimetableApp.with(provider) { live in
            let ambiguous = try await get(live, "/api/sbb/from/Rathaus/to/Bern?date=2026-12-01&time=08:00")
            #expect(ambiguous.status == 400)
            #expect(ambiguous.text.contains("<error><status>400</status><code>ambiguous_station</code>"))
            #expect(ambiguous.text.contains("<name>Aarau, Rathaus</name>"))
            let near = try await get(live, "/api/sbb/from/Rathaus/to/Bern?date=2026-12-01&time=08:00&lat=47.3782&lon=8.5402")
            #expect(near.status == 200)
            #expect(near.text.contains("<from>Zürich, Rathaus</from>"))
            let mixed = try await get(live, "/api/sbb/from/Zurik;Bern/to/Thun?date=2026-12-01&time=08:00")
            #expect(mixed.status == 200)
            #expect(mixed.text.contains("<code>unknown_station</code>"))
            #expect(mixed.text.contains("<from>Bern</from><to>Thun</to><links><link>"))
        }
    }

    @Test("stations near a position, nearest first with their distance; bad positions are named")
    func nearby() async throws {
        try await withApp { live in
            let near = try await get(live, "/api/sbb/stations/nearby?lat=46.948825&lon=7.439122&limit=3")
            #expect(near.status == 200)
            #expect(near.text.contains("<stations><station><id>8507000</id><name>Bern</name>"))
            let json = try await get(live, "/api/sbb/stations/nearby.json?lat=46.948825&lon=7.439122&limit=3")
            let stations = try #require((try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])?["stations"] as? [[String: Any]])
            #expect(stations.count == 3)
            let distances = stations.compactMap { $0["distance"] as? Int }
            #expect(distances.count == 3 && distances == distances.sorted() && distances[0] < 100)
            for (target, message) in [
                ("/api/sbb/stations/nearby", "Parameter lat and lon are required."),
                ("/api/sbb/stations/nearby?lat=46.9", "Parameter lon must be given together with lat."),
                ("/api/sbb/stations/nearby?lat=95&lon=7", "Parameter lat must be a latitude in degrees from -90 to 90."),
                ("/api/sbb/stations/nearby?lat=46.9&lon=7.4&limit=51", "Parameter limit must be a whole number from 1 to 50."),
                ("/api/sbb/stations/nearby?lat=46.9&lon=7.4&radius=5", "Unknown parameter \"radius\"; this endpoint takes lat, limit, lon."),
            ] {
                let bad = try await get(live, target)
                #expect(bad.status == 400, "\(target)")
                #expect(bad.text.contains("<message>\(message)</message>"), "\(bad.text)")
            }
        }
    }

    @Test("locations by name with score, distance with a position; near a position alone; bad input named")
    func locations() async throws {
        try await withApp { live in
            let byName = try await get(live, "/api/sbb/locations?query=zurich%20hb&limit=3")
            #expect(byName.status == 200)
            #expect(byName.text.contains("<locations><station><id>8503000</id><name>Zürich HB</name>"))
            #expect(!byName.text.contains("<distance>"))
            let withPosition = try await get(live, "/api/sbb/locations.json?query=bern&lat=46.948825&lon=7.439122&limit=2")
            let stations = try #require((try JSONSerialization.jsonObject(with: Data(withPosition.body)) as? [String: Any])?["locations"] as? [[String: Any]])
            #expect(stations.first?["name"] as? String == "Bern")
            #expect((stations.first?["distance"] as? Int).map { $0 < 100 } == true)
            #expect((stations.first?["score"] as? Double).map { $0 > 0 && $0 <= 1 } == true)
            let near = try await get(live, "/api/sbb/locations?lat=46.948825&lon=7.439122&limit=2")
            #expect(near.text.contains("<locations><station><id>8507000</id><name>Bern</name>"))
            for (target, message) in [
                ("/api/sbb/locations", "Parameter query or lat and lon are required."),
                ("/api/sbb/locations?query=", "Parameter query has an empty station name."),
                ("/api/sbb/locations?query=Bern&limit=0", "Parameter limit must be a whole number from 1 to 50."),
            ] {
                let bad = try await get(live, target)
                #expect(bad.status == 400, "\(target)")
                #expect(bad.text.contains("<message>\(message)</message>"), "\(bad.text)")
            }
        }
    }
}
