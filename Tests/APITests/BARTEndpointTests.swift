import Fetch
import Foundation
import HTTPTesting
import Model
import Scrape
import Services
import Store
import Testing
import Upstream
@testable import API

/// `/api/bart/…` on the real server, through the shipped `bart-etd` route to a loopback stand-in
/// answering recorded BART documents. Every XML response is validated against the published schema.
@Suite("BART endpoints", .serialized)
struct BARTEndpointTests {
    static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "\(TestRoutes.shipped)/bart-etd/samples/\(name)")))
    }

    func withApp(answering body: [UInt8], clock: TestClock = TestClock(), _ run: (LiveApp, StandInUpstream) async throws -> Void) async throws {
        try await withApp(answering: body, clock: clock) { live, upstream, _ in try await run(live, upstream) }
    }

    /// The same, with the departures feed, to see whether it refreshes.
    func withApp(answering body: [UInt8], clock: TestClock = TestClock(), _ run: (LiveApp, StandInUpstream, DepartureFeed) async throws -> Void) async throws {
        let upstream = try StandInUpstream(body: body)
        var policy = UpstreamPolicy()
        policy.origin = upstream.base
        do {
            let upstreams = try Upstreams(
                catalog: try RouteCatalog.load(from: TestRoutes.shipped), fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }),
                policies: ["bart": policy], now: { clock.now })
            let feed = try DepartureFeed(upstreams: upstreams, routeID: "bart-etd")
            let departures = try DepartureService(feed: feed)
            try await LiveApp.with(upstreams: upstreams, departures: departures) { live in try await run(live, upstream, feed) }
            await upstream.shutdown()
        } catch {
            await upstream.shutdown()
            throw error
        }
    }

    func get(_ live: LiveApp, _ target: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestResponse {
        let response = try await live.get(target)
        if response.header("Content-Type")?.hasPrefix("application/xml") == true {
            #expect(try await XMLSchemaCheck.validate(response.body, schema: DocumentSchemas.bart.xsd) == nil, "\(target)", sourceLocation: sourceLocation)
        }
        return response
    }

    @Test("a station's trains grouped by destination, Leaving as 0, with the feed's timestamp and age; one fetch for many requests")
    func departures() async throws {
        let clock = TestClock()
        try await withApp(answering: try Self.sample("etd-RICH-2015-07-01.xml"), clock: clock) { live, upstream in
            let xml = try await get(live, "/api/bart/stations/rich/departures")
            #expect(xml.status == 200)
            #expect(xml.text.contains("<departures><generated>2015-07-01T16:16:04-07:00</generated><age>0</age><abbr>RICH</abbr><name>Richmond</name><lat>37.936853</lat><lon>-122.353099</lon><destinations>"))
            #expect(xml.text.contains(
                "<destination><name>Fremont</name><abbr>FRMT</abbr><trains><train><minutes>1</minutes><platform>2</platform><direction>South</direction>"
                    + "<length>6</length><color>ORANGE</color><hexcolor>#ff9933</hexcolor><delay>0</delay>"
                    + "<time>2015-07-01T16:17:04-07:00</time><time_predicted>2015-07-01T16:17:04-07:00</time_predicted><realtime>asserted</realtime></train>"))
            #expect(xml.text.contains("<destination><name>Millbrae</name><abbr>MLBR</abbr><trains><train><minutes>0</minutes><leaving>true</leaving>"))
            clock.advance(seconds: 12)
            for _ in 0..<20 {
                let again = try await live.get("/api/bart/stations/RICH/departures.json")
                #expect(again.status == 200 && again.header("Age") == "12")
            }
            let json = try await get(live, "/api/bart/stations/RICH/departures.json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
            let document = try #require(object["departures"] as? [String: Any])
            #expect(document["age"] as? Int == 12)
            let destinations = try #require(document["destinations"] as? [[String: Any]])
            #expect(destinations.compactMap { $0["name"] as? String }.sorted() == ["Fremont", "Millbrae"])
            #expect(upstream.hits == 1)
            // A station the feed does not name has no destinations, not an error.
            let other = try await get(live, "/api/bart/stations/EMBR/departures")
            #expect(other.status == 200 && other.text.contains("<abbr>EMBR</abbr><name>Embarcadero</name><lat>37.792874</lat><lon>-122.39702</lon><destinations/>"))
        }
    }

    @Test("unknown abbreviations get suggestions by name; bad coordinates and parameters are named")
    func badInput() async throws {
        try await withApp(answering: try Self.sample("etd-RICH-2015-07-01.xml")) { live, upstream in
            let unknown = try await get(live, "/api/bart/stations/Embarcadero/departures")
            #expect(unknown.status == 404)
            #expect(unknown.text.contains("<code>unknown_station</code>"))
            #expect(unknown.text.contains("<candidates><station><id>EMBR</id><name>Embarcadero</name>"))
            let prefix = try await get(live, "/api/bart/stations/RICX/departures")
            #expect(prefix.status == 404 && prefix.text.contains("<id>RICH</id>"))
            for (target, message) in [
                ("/api/bart/stations?lat=abc&lon=-122.4", "Parameter lat must be a latitude in degrees from -90 to 90."),
                ("/api/bart/stations?lat=37.8", "Parameter lon must be given together with lat."),
                ("/api/bart/nearby?lat=37.8&lon=-200", "Parameter lon must be a longitude in degrees from -180 to 180."),
                ("/api/bart/nearby", "Parameter lat and lon are required."),
                ("/api/bart/nearby?lat=37.8&lon=-122.4&limit=11", "Parameter limit must be a whole number from 1 to 10."),
                ("/api/bart/stations/RICH/departures?x=1", "Unknown parameter \"x\"; this endpoint takes ."),
            ] {
                let bad = try await get(live, target)
                #expect(bad.status == 400, "\(target)")
                #expect(bad.text.contains("<message>\(message)</message>"), "\(target): \(bad.text)")
            }
            #expect(upstream.hits == 0)
        }
    }

    @Test("stations: all 50 with addresses; from a position nearest first with miles and km; nearby with departures in one response")
    func stationsAndNearby() async throws {
        try await withApp(answering: try Self.sample("etd-RICH-2015-07-01.xml")) { live, _ in
            let all = try await get(live, "/api/bart/stations.json")
            let stations = try #require((try JSONSerialization.jsonObject(with: Data(all.body)) as? [String: Any])?["stations"] as? [[String: Any]])
            #expect(stations.count == 50)
            #expect(stations.first?["abbr"] as? String == "12TH" && stations.first?["address"] as? String == "1245 Broadway")
            // Near Richmond station: Richmond first, then El Cerrito del Norte.
            let near = try await get(live, "/api/bart/stations?lat=37.9371&lon=-122.3538")
            #expect(near.text.contains("<stations><station><abbr>RICH</abbr><name>Richmond</name>"))
            #expect(near.text.contains("<distance><miles>0.0</miles><km>0.1</km></distance>"), "\(near.text.prefix(300))")
            let listed = try #require((try JSONSerialization.jsonObject(with: Data(try await get(live, "/api/bart/stations.json?lat=37.9371&lon=-122.3538").body)) as? [String: Any])?["stations"] as? [[String: Any]])
            let miles = listed.compactMap { ($0["distance"] as? [String: Any])?["miles"] as? Double }
            #expect(miles.count == 50 && miles == miles.sorted())
            #expect(listed.dropFirst().first?["abbr"] as? String == "DELN")
            for entry in listed {
                let distance = try #require(entry["distance"] as? [String: Any])
                let (m, km) = (try #require(distance["miles"] as? Double), try #require(distance["km"] as? Double))
                // Each rounded to one decimal on its own: they agree within the two roundings.
                #expect(abs(km - m * 1.609344) <= 0.05 * 1.609344 + 0.05 + 1e-9, "\(m) mi, \(km) km")
                #expect((m * 10).rounded() == m * 10 && (km * 10).rounded() == km * 10)
            }
            let nearby = try await get(live, "/api/bart/nearby?lat=37.9371&lon=-122.3538&limit=2")
            #expect(nearby.status == 200)
            #expect(nearby.text.contains("<nearby><generated>2015-07-01T16:16:04-07:00</generated><age>0</age><stations><station><abbr>RICH</abbr><name>Richmond</name><lat>37.936853</lat><lon>-122.353099</lon><distance>"))
            #expect(nearby.text.contains("<destination><name>Fremont</name>"))
            #expect(nearby.text.contains("<abbr>DELN</abbr><name>El Cerrito del Norte</name><lat>37.925086</lat><lon>-122.316794</lon><distance>"))
        }
    }

    @Test("the upstream's error document before any good feed: 503 with its message; a station's own message is its document")
    func upstreamErrors() async throws {
        try await withApp(answering: try Self.sample("error-invalid-key.xml")) { live, _ in
            let refused = try await get(live, "/api/bart/stations/RICH/departures")
            #expect(refused.status == 503)
            #expect(refused.text.contains("Invalid key") && refused.text.contains("<upstream>bart</upstream>"))
        }
        try await withApp(answering: try Self.sample("etd-RICH-2017-06-26-error-updates-unavailable.xml")) { live, _ in
            let paused = try await get(live, "/api/bart/stations/RICH/departures")
            #expect(paused.status == 200)
            #expect(paused.text.contains("<abbr>RICH</abbr><name>Richmond</name><lat>37.936853</lat><lon>-122.353099</lon><message>Updates are temporarily unavailable.</message><destinations/>"))
        }
    }

    @Test("/readyz and /metrics report the feed without refreshing it: waiting, ok with its age, idle when older")
    func operations() async throws {
        let clock = TestClock()
        try await withApp(answering: try Self.sample("etd-RICH-2015-07-01.xml"), clock: clock) { live, upstream, feed in
            #expect(try await live.get("/readyz").text.contains("<departures><status>waiting</status></departures>"))
            _ = try await live.get("/api/bart/stations/RICH/departures")
            clock.advance(seconds: 5)
            #expect(try await live.get("/readyz").text.contains("<departures><status>ok</status><age>5</age></departures>"))
            #expect(try await live.get("/metrics").text.contains("gottago_departures_feed_age_seconds 5\n"))
            clock.advance(seconds: 40)
            for _ in 0..<5 { #expect(try await live.get("/readyz").text.contains("<departures><status>idle</status><age>45</age></departures>")) }
            // A refresh would have been started before the answer: none is under way, none was made.
            #expect(!feed.isRefreshing)
            #expect(upstream.hits == 1)
        }
    }
}
