import Fetch
import Foundation
import HTTPTesting
import Model
import Scrape
import Services
import Store
import Testing
import Upstream

/// The shared BART feed over real parts: the shipped routes, the upstream layer, libcurl, and a
/// loopback stand-in answering recorded BART documents; time moved by hand.
@Suite("DepartureFeed", .serialized)
struct DepartureFeedTests {
    static let routes = TimetableServiceTests.routes

    static func sample(_ route: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "\(routes)/\(route)/samples/\(name)")))
    }

    /// A feed over the stand-in, with the route's upstream pointed at it.
    func withFeed(
        _ provider: DepartureProvider = .bartEtd, answering body: [UInt8], clock: TestClock, fresh: Double? = nil,
        _ run: (DepartureFeed, StandInUpstream) async throws -> Void
    ) async throws {
        let upstream = try StandInUpstream(body: body)
        var policy = UpstreamPolicy()
        policy.cacheOverride.fresh = fresh
        policy.origin = upstream.base
        policy.rate = 1000
        policy.burst = 1000
        do {
            let catalog = try RouteCatalog.load(from: Self.routes)
            let upstreams = try Upstreams(
                catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }),
                policies: [try #require(catalog[provider.routeIDs[0]]).upstream: policy], now: { clock.now })
            try await run(try DepartureFeed(upstreams: upstreams, routeID: provider.routeIDs[0]), upstream)
            await upstream.shutdown()
        } catch {
            await upstream.shutdown()
            throw error
        }
    }

    @Test("many clients at once: one fetch; within the interval none; past it, one refresh in the background while the old feed answers")
    func oneFetchPerInterval() async throws {
        let clock = TestClock()
        try await withFeed(answering: try Self.sample("bart-etd", "etd-RICH-2015-07-01.xml"), clock: clock) { feed, upstream in
            #expect(feed.current() == nil)
            let versions = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<100 { group.addTask { try await feed.snapshot().version } }
                return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            #expect(versions == [1])
            #expect(upstream.hits == 1)
            let first = try #require(feed.current())
            let richmond = try #require(first.stations["RICH"])
            #expect(richmond.station.name == "Richmond" && !richmond.destinations.isEmpty)
            #expect(richmond.destinations.allSatisfy { !$0.trains.isEmpty })
            clock.advance(seconds: 20)
            for _ in 0..<50 { #expect(feed.current()?.version == 1) }
            #expect(upstream.hits == 1)
            clock.advance(seconds: 15)  // 35 s: past the route's 30 s
            #expect(feed.current()?.version == 1)  // answered at once from the feed in service
            #expect(feed.current()?.age(now: clock.now) == 35)
            await feed.settled()
            #expect(feed.current()?.version == 2)
            #expect(upstream.hits == 2)
            #expect(feed.current()?.age(now: clock.now) == 0)
        }
    }

    @Test("an error document keeps the last good feed in service with its age; with none yet, the upstream's message fails the request")
    func errorsKeepTheLastGoodFeed() async throws {
        let clock = TestClock()
        let invalidKey = try Self.sample("bart-etd", "error-invalid-key.xml")
        try await withFeed(answering: invalidKey, clock: clock) { feed, upstream in
            let error = try #require(await #expect(throws: UpstreamFailure.self) { try await feed.snapshot() })
            #expect(error.code == "upstream_unavailable" && error.message.contains("Invalid key"), "\(error)")
            #expect(error.retryAfter == 30)
            upstream.answer(try Self.sample("bart-etd", "etd-RICH-2015-07-01.xml"))
            clock.advance(seconds: 31)  // the cached error document is past its freshness too
            let good = try await feed.snapshot()
            #expect(good.stations["RICH"] != nil)
            upstream.answer(invalidKey)
            clock.advance(seconds: 31)
            let asked = upstream.hits
            _ = feed.current()
            await feed.settled()
            // The upstream was asked again, said no, and the good feed stays in service, older.
            #expect(upstream.hits == asked + 1)
            #expect(feed.inService?.version == good.version && feed.inService?.age(now: clock.now) == 31)
            #expect(feed.inService?.stations["RICH"] == good.stations["RICH"])
        }
    }

    @Test("a station-level message stands for its predictions; the legacy feed gives minutes, Leaving as 0")
    func messagesAndLegacy() async throws {
        let clock = TestClock()
        try await withFeed(answering: try Self.sample("bart-etd", "etd-RICH-2017-06-26-error-updates-unavailable.xml"), clock: clock) { feed, _ in
            let richmond = try #require(try await feed.snapshot().stations["RICH"])
            #expect(richmond.message == "Updates are temporarily unavailable." && richmond.destinations.isEmpty)
        }
        try await withFeed(.bartLegacy, answering: try Self.sample("bart-eta-legacy", "legacy-bart_eta-2013-05-18.xml"), clock: clock) { feed, _ in
            let snapshot = try await feed.snapshot()
            #expect(snapshot.generated == "2013-05-18T10:09:18-07:00")
            let fruitvale = try #require(snapshot.stations["FTVL"])
            let daly = try #require(fruitvale.destinations.first { $0.name == "Daly City" })
            #expect(daly.trains.map(\.minutes) == [0, 11, 21])
            #expect(daly.trains.map(\.leaving) == [true, false, false])
        }
    }

    @Test("the operator's fresh time (--upstream \"bart fresh=10\") is the refresh interval")
    func operatorsInterval() async throws {
        let clock = TestClock()
        try await withFeed(answering: try Self.sample("bart-etd", "etd-RICH-2015-07-01.xml"), clock: clock, fresh: 10) { feed, upstream in
            #expect(feed.refreshInterval == 10_000)
            _ = try await feed.snapshot()
            clock.advance(seconds: 9)
            // Within the interval a request starts no fetch (decided under the feed's lock, before
            // `current()` returns).
            #expect(feed.current()?.version == 1)
            #expect(!feed.isRefreshing)
            #expect(upstream.hits == 1)
            clock.advance(seconds: 2)
            _ = feed.current()
            await feed.settled()
            #expect(feed.current()?.version == 2)
            #expect(upstream.hits == 2)
        }
    }
}
