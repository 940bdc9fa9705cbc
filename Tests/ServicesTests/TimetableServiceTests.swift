import Fetch
import Markup
import Foundation
import HTTPTesting
import Model
@testable import Sandbox
import Server
import Scrape
@testable import Services
import Store
import Testing
import Upstream
import Kernel

/// The timetable service end to end over real parts: the shipped routes, the SQLite station
/// directory over the embedded Swiss stations, and the sandbox answering in HAFAS extxml.
@Suite("TimetableService", .serialized)
struct TimetableServiceTests {
    static let routes: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Routes"
    }()
    /// The Swiss directory and timetable, built once on a thread of their own: seconds of work in a
    /// debug build that must not hold the cooperative pool the servers of other tests need.
    private static let built = Task { try await offPool { (try StationDirectory(stations: SwissStations.all), TimetableModel(stations: SwissStations.all)) } }

    /// The Swiss station directory, built once.
    static func directory() async throws -> StationDirectory { try await built.value.0 }

    /// Runs `body` with a service whose extxml upstream is a fresh sandbox (with `latency` ms per answer).
    func withService(
        latency: Int = 0, clock: TestClock? = nil, origin: String? = nil, window: Int = 900, policy: (inout UpstreamPolicy) -> Void = { _ in },
        _ body: (TimetableService, SandboxServer) async throws -> Void
    ) async throws {
        var configuration = SandboxServer.Configuration()
        configuration.latency = latency
        let (directory, model) = try await Self.built.value
        let sandbox = try SandboxServer(model: model, configuration: configuration)
        var settings = UpstreamPolicy()
        settings.origin = origin ?? sandbox.origin
        settings.rate = 1000
        settings.burst = 1000
        policy(&settings)
        let now: @Sendable () -> Int64
        if let clock { now = { clock.now } } else { now = WallClock.milliseconds }
        let upstreams = try Upstreams(
            catalog: try RouteCatalog.load(from: Self.routes), fetcher: try CurlFetcher(), cache: MemoryCache(now: now),
            policies: ["hafas-extxml": settings], now: now)
        let service = try TimetableService(upstreams: upstreams, directory: directory, provider: .hafasExtxml, window: window)
        do {
            try await body(service, sandbox)
            await sandbox.shutdown()
        } catch {
            await sandbox.shutdown()
            throw error
        }
    }

    func query(_ from: [String], _ to: [String], time: String = "08:00", configure: (inout ConnectionQuery) -> Void = { _ in }) -> ConnectionQuery {
        var query = ConnectionQuery(origins: from, destinations: to)
        query.date = LocalDate(iso: "2026-12-01")
        query.time = LocalTime(iso: time)
        configure(&query)
        return query
    }

    @Test("one schedule per pair in request order, links with chained parts in Swiss time")
    func pairsInOrder() async throws {
        try await withService { service, _ in
            let answer = await service.schedules(query(["Bern", "Thun"], ["Zürich HB", "Basel SBB"]))
            #expect(answer.failure == nil)
            let pairs = answer.document.schedules.map { "\($0.from)>\($0.to)" }
            #expect(pairs == ["Bern>Zürich HB", "Bern>Basel SBB", "Thun>Zürich HB", "Thun>Basel SBB"])
            for schedule in answer.document.schedules {
                #expect(schedule.error == nil)
                #expect(schedule.links.count == ConnectionQuery.defaultLimit)
                for link in schedule.links {
                    #expect(link.departure.iso8601.hasPrefix("2026-12-01T") && link.departure.iso8601.hasSuffix("+01:00"))
                    #expect(link.departure.iso8601 >= "2026-12-01T08:00:00+01:00")
                    #expect(link.parts.first?.departure == link.departure)
                    #expect(link.parts.last?.arrival == link.arrival)
                    for (earlier, later) in zip(link.parts, link.parts.dropFirst()) {
                        #expect(earlier.to == later.from)
                        #expect(earlier.arrival <= later.departure)
                    }
                }
            }
            #expect(answer.document.schedules[0].links[0].parts.first?.from == "Bern")
            #expect(answer.document.schedules[0].links[0].parts.last?.to == "Zürich HB")
        }
    }

    @Test("users asking within one window share one upstream answer, sliced to each one's time, the same links as asked alone; the next window is its own")
    func sharedWindows() async throws {
        var alone: [String: [String]] = [:]
        let times = ["08:03", "08:04", "08:14", "08:16", "23:50"]
        let full = { (query: inout ConnectionQuery) in query.limit = ConnectionQuery.limits.upperBound }
        try await withService(window: 0) { service, _ in
            for time in times {
                alone[time] = await service.schedules(query(["Bern"], ["Zürich HB"], time: time)).document.schedules[0].links.map(\.departure.iso8601)
            }
            alone["full"] = await service.schedules(query(["Bern"], ["Zürich HB"], time: "09:25", configure: full)).document.schedules[0].links.map(\.departure.iso8601)
        }
        try await withService { service, _ in
            func sent() -> Int { service.metrics.snapshot.misses }
            for time in times.prefix(3) {
                let links = await service.schedules(query(["Bern"], ["Zürich HB"], time: time)).document.schedules[0].links.map(\.departure.iso8601)
                #expect(links == alone[time] && links.count == ConnectionQuery.defaultLimit, "\(time)")
            }
            // 08:03, 08:04 and 08:14 are in the window from 08:00: one upstream request.
            #expect(sent() == 1)
            let next = await service.schedules(query(["Bern"], ["Zürich HB"], time: "08:16")).document.schedules[0].links.map(\.departure.iso8601)
            #expect(next == alone["08:16"] && sent() == 2)
            // Late in the evening the window from 23:45 holds fewer than asked after 23:50: the rest is asked from its last departure on.
            let late = await service.schedules(query(["Bern"], ["Zürich HB"], time: "23:50")).document.schedules[0].links.map(\.departure.iso8601)
            #expect(late == alone["23:50"] && late.count == ConnectionQuery.defaultLimit, "\(late)")
            // Sixteen from 09:25: the window of sixteen from 09:15 holds fewer after 09:25 (the 09:20 train), so it is followed up from its last departure.
            let before = sent()
            let long = await service.schedules(query(["Bern"], ["Zürich HB"], time: "09:25", configure: full)).document.schedules[0].links.map(\.departure.iso8601)
            #expect(long == alone["full"] && long.count == ConnectionQuery.limits.upperBound && sent() == before + 2, "\(sent() - before)")
        }
    }

    @Test("the pairs are fetched at once: the upstream holds all four requests together")
    func concurrentPairs() async throws {
        // The sandbox's answers behind a gathering that lets nothing through until four requests
        // wait together: one pair after another would never get its answer.
        let gathering = Gathering(count: 4)
        let (_, model) = try await Self.built.value
        let routes = SandboxServer.routes(model, configuration: SandboxServer.Configuration()).map { route in
            Route(route.method, route.template, summary: route.summary, readsRawQuery: route.readsRawQuery, handler: { request in
                await gathering.arrive()
                if let immediate = route.immediate, let response = try immediate(request) { return response }
                guard let handler = route.handler else { return Response(status: 404, headers: HTTPHeaders(), body: .bytes([]), cache: .noStore) }
                return try await handler(request)
            })
        }
        let upstream = try LoopbackServer(routes)
        do {
            try await withService(origin: upstream.base) { service, _ in
                let answer = await service.schedules(query(["Bern", "Thun"], ["Zürich HB", "Basel SBB"]))
                gathering.open()
                #expect(answer.failure == nil)
                #expect(answer.document.schedules.allSatisfy { $0.error == nil && !$0.links.isEmpty })
                #expect(gathering.peak == 4)
            }
        } catch {
            gathering.open()
            await upstream.shutdown()
            throw error
        }
        await upstream.shutdown()
    }

    @Test("an ambiguous name: candidates without a position, the nearest with one; other pairs unaffected")
    func ambiguous() async throws {
        try await withService { service, _ in
            let answer = await service.schedules(query(["Rathaus", "Bern"], ["Zürich HB"]))
            #expect(answer.failure == nil)
            let error = try #require(answer.document.schedules[0].error)
            #expect(error.code == "ambiguous_station")
            #expect(error.candidates.count > 2)
            #expect(error.candidates.allSatisfy { $0.name.hasSuffix("Rathaus") })
            // 26 stops are named Rathaus; the directory lists 20 of them, the document 10.
            #expect(error.message == "\"Rathaus\" matches 20 or more stations; name one of them, or send lat and lon.")
            #expect(answer.document.schedules[1].error == nil)
            #expect(!answer.document.schedules[1].links.isEmpty)

            // From Zürich HB, of the 26 stops named Rathaus, Zürich's is nearest.
            let near = await service.schedules(query(["Rathaus"], ["Bern"]) { $0.position = Coordinate(latitude: 47.3782, longitude: 8.5402) })
            #expect(near.failure == nil)
            #expect(near.document.schedules[0].links.first?.parts.first?.from == "Zürich, Rathaus")

            let alone = await service.schedules(query(["Rathaus"], ["Bern"]))
            #expect(alone.failure == "ambiguous_station")
        }
    }

    @Test("an unknown name: unknown_station with suggestions; every pair failing stands for the first error's code")
    func unknown() async throws {
        try await withService { service, _ in
            let answer = await service.schedules(query(["Zurik"], ["Bern"]))
            #expect(answer.failure == "unknown_station")
            let error = try #require(answer.document.schedules[0].error)
            #expect(error.code == "unknown_station")
            #expect(!error.candidates.isEmpty && error.candidates.count <= 5)
            #expect(error.candidates.contains { $0.name.hasPrefix("Zürich") })
        }
    }

    @Test("limit and transport filter the links")
    func limitAndTransport() async throws {
        try await withService { service, _ in
            let one = await service.schedules(query(["Bern"], ["Thun"]) { $0.limit = 1 })
            #expect(one.document.schedules[0].links.count == 1)
            let trains = await service.schedules(query(["Thun, Martinstrasse"], ["Bern"]) { $0.transports = [.train] })
            for link in trains.document.schedules[0].links {
                #expect(link.parts.allSatisfy { $0.vehicle == "Train" || $0.vehicle == "Walk" })
            }
        }
    }

    @Test("the upstream unreachable: each pair carries the failure naming the upstream, and the answer its code")
    func upstreamDown() async throws {
        try await withService(policy: { $0.origin = "http://127.0.0.1:9"; $0.retries = 0 }) { service, _ in
            let answer = await service.schedules(query(["Bern"], ["Thun", "Basel SBB"]))
            #expect(answer.failure == "upstream_unreachable")
            for schedule in answer.document.schedules {
                #expect(schedule.error?.code == "upstream_unreachable")
                #expect(schedule.error?.message == "hafas-extxml could not be reached.")
            }
        }
    }

    @Test("midnight: a 23:50 query gives links that arrive after midnight on the next day")
    func midnight() async throws {
        try await withService { service, _ in
            let answer = await service.schedules(query(["Bern"], ["Zürich HB"], time: "23:40"))
            let crossing = answer.document.schedules[0].links.filter { $0.arrival.iso8601.hasPrefix("2026-12-02T") }
            #expect(!crossing.isEmpty, "\(answer.document.schedules[0].links.map(\.arrival))")
            for link in crossing { #expect(link.departure < link.arrival || link.departure.iso8601.hasPrefix("2026-12-01T")) }
        }
    }

    @Test("past freshness a pair is served stale at once, marked with its age; the upstream down, still stale")
    func stale() async throws {
        let clock = TestClock()
        try await withService(clock: clock) { service, sandbox in
            let fresh = await service.schedules(query(["Bern"], ["Thun"]))
            #expect(fresh.document.schedules[0].staleAge == nil)
            clock.advance(seconds: 45)  // the route keeps connections fresh for 30 s
            let stale = await service.schedules(query(["Bern"], ["Thun"]))
            #expect(stale.failure == nil)
            #expect(stale.document.schedules[0].staleAge == 45)
            #expect(stale.document.schedules[0].links == fresh.document.schedules[0].links)
            let xml = String(decoding: XMLRenderer.render(stale.document.node), as: UTF8.self)
            #expect(xml.contains("<schedule><from>Bern</from><to>Thun</to><stale>true</stale><age>45</age><links>"))
            // The stale answer started one refresh in the background; once it lands, the pair is fresh.
            await service.upstreams.settled()
            #expect(await service.schedules(query(["Bern"], ["Thun"])).document.schedules[0].staleAge == nil)
            await sandbox.shutdown()
            clock.advance(seconds: 120)  // past stale-while-revalidate, within stale-if-error
            let down = await service.schedules(query(["Bern"], ["Thun"]))
            #expect(down.failure == nil)
            #expect(down.document.schedules[0].staleAge == 120)
            #expect(!down.document.schedules[0].links.isEmpty)
        }
    }

    @Test("a board: stale past freshness with its age and X-Cache source; the upstream down past stale-if-error, the error names it")
    func boardStaleAndDown() async throws {
        let clock = TestClock()
        try await withService(clock: clock) { service, sandbox in
            var query = BoardQuery(station: "Bern")
            query.date = LocalDate(iso: "2026-12-01")
            query.time = LocalTime(iso: "08:00")
            let fresh = await service.board(query)
            #expect(fresh.failure == nil && fresh.provenance?.source == .miss && fresh.provenance?.isFresh(at: clock.now) == true)
            #expect(fresh.document.station?.id == "8507000" && fresh.document.journeys.count == BoardQuery.defaultLimit)
            clock.advance(seconds: 45)  // the board route keeps answers fresh for 30 s
            await sandbox.shutdown()
            let stale = await service.board(query)
            #expect(stale.failure == nil && stale.provenance?.source == .stale && stale.provenance?.age == 45
                && stale.provenance?.isFresh(at: clock.now) == false)
            #expect(stale.document.staleAge == 45 && stale.document.journeys == fresh.document.journeys)
            let xml = String(decoding: XMLRenderer.render(stale.document.node), as: UTF8.self)
            #expect(xml.contains("<type>departure</type><stale>true</stale><age>45</age><journeys><journey>"))
            clock.advance(seconds: 1000)  // past stale-if-error (900 s)
            let down = await service.board(query)
            #expect(down.failure == "upstream_unreachable" && down.document.journeys.isEmpty)
            #expect(down.document.error?.code == "upstream_unreachable" && down.document.error?.message.contains("hafas-extxml") == true)
        }
    }
}
