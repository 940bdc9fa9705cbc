#if canImport(Glibc)
import Glibc
#endif
import Fetch
import Foundation
import HTTPTesting
import Kernel
import Model
import Scrape
import Server
@testable import Services
import Store
import Synchronization
import Testing
import Upstream

/// Transitous's terms, kept by the shipped MOTIS routes and the upstream layer, checked by a
/// loopback stand-in that answers MOTIS's recorded answers and records every request: the API's
/// version paths, the places and times as MOTIS takes them, the operator's contact in the
/// User-Agent, and never more than 20 journey searches in any minute however many clients ask,
/// while stop times go on.
@Suite("Transitous terms", .serialized)
struct TransitousTermsTests {
    /// What the stand-in saw of one request.
    struct Seen: Sendable {
        let path: String
        let query: [String: String]
        let userAgent: String?
    }

    /// Answers `/api/v5/plan`, `/api/v5/stoptimes` and `/api/v1/geocode` with the routes' samples.
    final class StandIn: Sendable {
        let loopback: LoopbackServer
        private let log = RequestLog()

        /// The requests seen, in order.
        final class RequestLog: Sendable {
            let seen = Mutex<[Seen]>([])
            func add(_ request: Seen) { seen.withLock { $0.append(request) } }
        }

        init() throws {
            let samples = TimetableServiceTests.routes
            let bodies: [String: [UInt8]] = [
                "/api/v5/plan": Array(try Data(contentsOf: URL(fileURLWithPath: "\(samples)/motis-plan/samples/cdg-gare-de-lyon-2024-11-06.json"))),
                "/api/v5/stoptimes": Array(try Data(contentsOf: URL(fileURLWithPath: "\(samples)/motis-stoptimes/samples/brig-arrivals-realtime-2024-11-06.json"))),
                "/api/v1/geocode": Array(try Data(contentsOf: URL(fileURLWithPath: "\(samples)/motis-geocode/samples/karlsruhe-hbf-2024-10-16.json"))),
            ]
            let log = self.log
            loopback = try LoopbackServer(bodies.map { path, body in
                Server.Route("GET", path, summary: "MOTIS", readsRawQuery: true) { request in
                    log.add(Seen(path: request.path, query: Self.decode(request.rawQuery), userAgent: request.headers["User-Agent"]))
                    return Response(status: 200, headers: HTTPHeaders(contentType: "application/json"), body: .bytes(body), cache: .noStore)
                }
            })
        }

        var requests: [Seen] { log.seen.withLock { $0 } }

        static func decode(_ raw: Substring?) -> [String: String] {
            var query: [String: String] = [:]
            for pair in (raw ?? "").split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" : ""
                query[String(parts[0])] = value
            }
            return query
        }
    }

    /// The service over the stand-in; `window` 0 asks each query's own time (the recorded answers are of another day).
    func withService(window: Int = 0, _ body: (TimetableService, StandIn, ManualWallClock) async throws -> Void) async throws {
        let upstream = try StandIn()
        var policy = UpstreamPolicy()
        policy.origin = "http://127.0.0.1:\(upstream.loopback.port)"
        var fetch = FetchConfiguration()
        fetch.userAgent = "gottago/1.0 (+ops@example.org)"
        let clock = ManualWallClock(1_796_108_400_000)
        let upstreams = try Upstreams(
            catalog: try RouteCatalog.load(from: TimetableServiceTests.routes), fetcher: try CurlFetcher(configuration: fetch),
            cache: MemoryCache(now: { clock.now }), policies: ["transitous": policy], now: { clock.now })
        let directory = try await TimetableServiceTests.directory()
        let service = try TimetableService(upstreams: upstreams, directory: directory, provider: .transitous, window: window, now: { clock.now })
        do {
            try await body(service, upstream, clock)
            await upstream.loopback.shutdown()
        } catch {
            await upstream.loopback.shutdown()
            throw error
        }
    }

    static func query(at time: String, from: String = "Bern", to: String = "Zürich HB") -> ConnectionQuery {
        var query = ConnectionQuery(origins: [from], destinations: [to])
        query.date = LocalDate(iso: "2026-12-01")
        query.time = LocalTime(iso: time)
        return query
    }

    @Test("journeys, boards and names go to MOTIS's version paths with places, times and the contact as MOTIS takes them")
    func theRequestsMOTISExpects() async throws {
        try await withService { service, upstream, _ in
            let answer = await service.schedules(Self.query(at: "08:00"))
            #expect(answer.failure == nil)
            // The recorded answer's journey, read by the route.
            #expect(answer.document.schedules.first?.links.first?.parts.contains { $0.line == "B" } == true)
            let plan = try #require(upstream.requests.first)
            #expect(plan.path == "/api/v5/plan")
            #expect(plan.query["fromPlace"] == "46.94883,7.43913" && plan.query["toPlace"] == "47.37818,8.54021", "\(plan.query)")
            #expect(plan.query["time"] == "2026-12-01T08:00:00+01:00" && plan.query["arriveBy"] == "false")
            #expect(plan.query["numItineraries"] == String(ConnectionQuery.defaultLimit))
            #expect(plan.userAgent == "gottago/1.0 (+ops@example.org)")

            var board = BoardQuery(station: "Bern")
            board.date = LocalDate(iso: "2026-12-01")
            board.time = LocalTime(iso: "08:00")
            let journeys = await service.board(board)
            #expect(journeys.failure == nil && journeys.document.journeys.count == 10)
            let stops = try #require(upstream.requests.last)
            #expect(stops.path == "/api/v5/stoptimes" && stops.query["stopId"] == "ch-opentransportdataswiss_Parent8507000")
            #expect(stops.query["time"] == "2026-12-01T08:00:00+01:00" && stops.query["arriveBy"] == "false" && stops.userAgent == plan.userAgent)

            // A name the Swiss directory does not know is asked of MOTIS's place search.
            _ = await service.schedules(Self.query(at: "08:00", from: "Karlsruhe Hbf"))
            let search = try #require(upstream.requests.first { $0.path == "/api/v1/geocode" })
            #expect(search.query["text"] == "Karlsruhe Hbf" && search.userAgent == plan.userAgent)
        }
    }

    @Test("a hundred clients asking at once cost 20 journey searches in a minute, the others refused as rate-limited; a minute after the first, 20 more; stop times go on")
    func twentyJourneySearchesAMinute() async throws {
        try await withService { service, upstream, clock in
            func ask(_ first: Int) async -> [ScheduleError?] {
                await withTaskGroup(of: ScheduleError?.self) { group in
                    // A hundred different times: a hundred different upstream queries.
                    for index in first..<(first + 100) {
                        let time = String(format: "%02d:%02d", 6 + index / 60 % 12, index % 60)
                        group.addTask { await service.schedules(Self.query(at: time)).document.schedules.first?.error }
                    }
                    var errors: [ScheduleError?] = []
                    for await error in group { errors.append(error) }
                    return errors
                }
            }
            let plans = { upstream.requests.filter { $0.path == "/api/v5/plan" }.count }
            let first = await ask(0)
            #expect(plans() == 20)
            #expect(first.compactMap { $0 }.count == 80 && first.compactMap { $0?.code }.allSatisfy { $0 == UpstreamFailure.Code.rateLimited })
            // Half a minute later: still none.
            clock.advance(seconds: 30)
            _ = await ask(100)
            #expect(plans() == 20)
            // Stop times are counted apart.
            var board = BoardQuery(station: "Bern")
            board.date = LocalDate(iso: "2026-12-01")
            board.time = LocalTime(iso: "08:00")
            #expect(await service.board(board).failure == nil)
            // A minute after the first: twenty more.
            clock.advance(seconds: 30)
            _ = await ask(200)
            #expect(plans() == 40)
        }
    }
}
