import Fetch
import Foundation
import HTTPTesting
import Markup
import Model
import Sandbox
import Scrape
import Services
import Store
import Testing
import Upstream
import Kernel

/// The timetable service with the opendata provider end to end over real parts: the shipped
/// routes, a SQLite station directory, and the sandbox answering transport.opendata.ch's JSON on
/// loopback. The stations are real ones with their real ids; the directory lacks Baden, which only
/// the provider's own station search knows.
@Suite("TimetableService over transport.opendata.ch", .serialized)
struct TimetableServiceOpendataTests {
    static let bern = Station(id: "8507000", name: "Bern", latitude: 46.948825, longitude: 7.439122, locality: "Bern")
    static let zurich = Station(id: "8503000", name: "Zürich HB", latitude: 47.378177, longitude: 8.540192, locality: "Zürich")
    static let basel = Station(id: "8500010", name: "Basel SBB", latitude: 47.547412, longitude: 7.589563, locality: "Basel")
    static let olten = Station(id: "8500218", name: "Olten", latitude: 47.351935, longitude: 7.907699, locality: "Olten")
    static let thun = Station(id: "8507100", name: "Thun", latitude: 46.754853, longitude: 7.629606, locality: "Thun")
    static let baden = Station(id: "8503504", name: "Baden", latitude: 47.476424, longitude: 8.307689, locality: "Baden")
    static let known = [bern, zurich, basel, olten, thun]

    /// The timetable the sandbox answers from (Baden included) and the directory (without it).
    private static let built = Task {
        try await offPool { (try StationDirectory(stations: known), TimetableModel(stations: known + [baden])) }
    }

    /// Runs `body` with a service whose opendata upstream is a fresh sandbox.
    func withService(
        _ provider: TimetableProvider = .opendata, clock: TestClock? = nil, policy: (inout UpstreamPolicy) -> Void = { _ in },
        _ body: (TimetableService, SandboxServer, TimetableModel) async throws -> Void
    ) async throws {
        let (directory, model) = try await Self.built.value
        let sandbox = try SandboxServer(model: model)
        var settings = UpstreamPolicy()
        settings.origin = sandbox.origin
        settings.rate = 1000
        settings.burst = 1000
        policy(&settings)
        let now: @Sendable () -> Int64
        if let clock { now = { clock.now } } else { now = WallClock.milliseconds }
        let catalog = try RouteCatalog.load(from: TimetableServiceTests.routes)
        let upstreams = try Upstreams(
            catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: now),
            policies: [try #require(catalog[provider.routeIDs[0]]).upstream: settings], now: now)
        let service = try TimetableService(upstreams: upstreams, directory: directory, provider: provider, now: now)
        do {
            try await body(service, sandbox, model)
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

    static let at = LocalDateTime(year: 2026, month: 12, day: 1, hour: 8, minute: 0)!

    @Test("one schedule per pair in request order, the links the timetable meant, in Swiss time")
    func pairsInOrder() async throws {
        try await withService { service, _, model in
            let answer = await service.schedules(query(["Bern", "Thun"], ["Zürich HB", "Basel SBB"]))
            #expect(answer.failure == nil && answer.provenance?.source == .miss)
            #expect(answer.document.schedules.map { "\($0.from)>\($0.to)" } == ["Bern>Zürich HB", "Bern>Basel SBB", "Thun>Zürich HB", "Thun>Basel SBB"])
            for (schedule, (from, to)) in zip(answer.document.schedules, [(Self.bern, Self.zurich), (Self.bern, Self.basel), (Self.thun, Self.zurich), (Self.thun, Self.basel)]) {
                #expect(schedule.error == nil)
                let expected = try model.connections(from: from, to: to, at: Self.at, limit: ConnectionQuery.defaultLimit)
                #expect(schedule.links.map(\.departure.iso8601) == expected.map(\.departure.time.iso8601))
                #expect(schedule.links.map(\.arrival.iso8601) == expected.map(\.arrival.time.iso8601))
                for (link, connection) in zip(schedule.links, expected) {
                    #expect(link.parts.map(\.from) == connection.sections.map(\.departure.station.name))
                    #expect(link.parts.map(\.trackfrom) == connection.sections.map { $0.departure.platform ?? "" })
                    #expect(link.transfers == connection.transfers)
                    for (part, section) in zip(link.parts, connection.sections) {
                        let ride = try #require(section.ride)
                        #expect(part.vehicle == "Train" && part.line?.hasSuffix(" " + ride.line) == true && part.direction == ride.direction.name)
                        // v1 has no cancellation: a cancelled run is reported on time.
                        #expect(part.delay == (ride.isCancelled ? 0 : section.departure.predictedDelay))
                        #expect(!part.cancelled)
                    }
                }
            }
        }
    }

    @Test("a board: the journeys the timetable meant; arrivals too")
    func board() async throws {
        try await withService { service, _, model in
            var query = BoardQuery(station: "Bern")
            query.date = LocalDate(iso: "2026-12-01")
            query.time = LocalTime(iso: "08:00")
            for kind in StationBoard.Kind.allCases {
                query.kind = kind
                let answer = await service.board(query)
                #expect(answer.failure == nil && answer.document.station?.id == "8507000")
                let expected = kind == .departure
                    ? try model.departures(at: Self.bern, from: Self.at, limit: BoardQuery.defaultLimit)
                    : try model.arrivals(at: Self.bern, from: Self.at, limit: BoardQuery.defaultLimit)
                #expect(answer.document.journeys.map(\.time.iso8601) == expected.map(\.stop.time.iso8601))
                #expect(answer.document.journeys.map(\.direction) == expected.map(\.ride.direction.name))
                #expect(answer.document.journeys.map(\.platform) == expected.map(\.stop.platform))
                #expect(answer.document.journeys.map(\.number) == expected.map(\.ride.number))
            }
        }
    }

    @Test("a name only the provider's station search knows is resolved by it, and kept: a second query asks only for connections")
    func nameOnlyTheUpstreamKnows() async throws {
        try await withService { service, _, model in
            let before = service.metrics.snapshot
            let first = await service.schedules(query(["Bern"], ["Baden"]))
            #expect(first.failure == nil)
            let expected = try model.connections(from: Self.bern, to: Self.baden, at: Self.at, limit: ConnectionQuery.defaultLimit)
            #expect(first.document.schedules[0].links.map(\.arrival.iso8601) == expected.map(\.arrival.time.iso8601))
            #expect(first.document.schedules[0].links.first?.parts.last?.to == "Baden")
            let afterFirst = service.metrics.snapshot
            // The station search and the connections.
            #expect(afterFirst.outcomes["ok", default: 0] - before.outcomes["ok", default: 0] == 2)

            let second = await service.schedules(query(["Baden"], ["Zürich HB"], time: "09:00"))
            #expect(second.failure == nil && second.document.schedules[0].links.first?.parts.first?.from == "Baden")
            let afterSecond = service.metrics.snapshot
            #expect(afterSecond.outcomes["ok", default: 0] - afterFirst.outcomes["ok", default: 0] == 1)
            #expect(afterSecond.hits - afterFirst.hits == 1)

            // The board of that station too, and its document names it with the search's position.
            var board = BoardQuery(station: "Baden")
            board.date = LocalDate(iso: "2026-12-01")
            board.time = LocalTime(iso: "08:00")
            let answer = await service.board(board)
            #expect(answer.failure == nil)
            #expect(answer.document.station?.id == "8503504" && answer.document.station?.name == "Baden")
            #expect(answer.document.station?.latitude == Self.baden.latitude && answer.document.station?.longitude == Self.baden.longitude)
            #expect(answer.document.journeys.map(\.time.iso8601) == (try model.departures(at: Self.baden, from: Self.at, limit: 10)).map(\.stop.time.iso8601))
        }
    }

    @Test("the ojp provider asks its own station search (ojp-locations) for a name the directory does not know")
    func ojpLocationSearch() async throws {
        try await withService(.ojp) { service, _, model in
            let answer = await service.schedules(query(["Bern"], ["Baden"]))
            #expect(answer.failure == nil)
            let expected = try model.connections(from: Self.bern, to: Self.baden, at: Self.at, limit: ConnectionQuery.defaultLimit)
            #expect(answer.document.schedules[0].links.map(\.departure.iso8601) == expected.map(\.departure.time.iso8601))
            #expect(answer.document.schedules[0].links.first?.parts.last?.to == "Baden")
            let unknown = await service.schedules(query(["Atlantis"], ["Bern"]))
            #expect(unknown.failure == "unknown_station" && unknown.document.schedules[0].error?.code == "unknown_station")
        }
    }

    @Test("a name neither knows stays unknown_station with the directory's suggestions; a shared name stays ambiguous")
    func unknownToBoth() async throws {
        try await withService { service, _, _ in
            let answer = await service.schedules(query(["Zurik"], ["Bern"]))
            #expect(answer.failure == "unknown_station")
            let error = try #require(answer.document.schedules[0].error)
            #expect(error.code == "unknown_station")
            #expect(error.candidates.contains { $0.id == "8503000" })
            #expect(answer.provenance == nil)
            var board = BoardQuery(station: "Atlantis")
            board.date = LocalDate(iso: "2026-12-01")
            let unknown = await service.board(board)
            #expect(unknown.failure == "unknown_station" && unknown.document.error?.code == "unknown_station")
        }
    }

    @Test("via stations: every link passes through them")
    func via() async throws {
        try await withService { service, _, model in
            let answer = await service.schedules(query(["Bern"], ["Zürich HB"]) { $0.via = ["Olten", "Baden"] })
            #expect(answer.failure == nil)
            let expected = try model.connections(from: Self.bern, to: Self.zurich, via: [Self.olten, Self.baden], at: Self.at, limit: 4)
            #expect(answer.document.schedules[0].links.map(\.departure.iso8601) == expected.map(\.departure.time.iso8601))
            for link in answer.document.schedules[0].links {
                #expect(link.parts.contains { $0.to == "Olten" } && link.parts.contains { $0.to == "Baden" })
            }
        }
    }

    @Test("the upstream unreachable: the pair, and the station search, carry the failure naming the upstream")
    func upstreamDown() async throws {
        try await withService(policy: { $0.origin = "http://127.0.0.1:9"; $0.retries = 0 }) { service, _, _ in
            let answer = await service.schedules(query(["Bern"], ["Thun", "Baden"]))
            #expect(answer.failure == "upstream_unreachable")
            for schedule in answer.document.schedules {
                #expect(schedule.error?.code == "upstream_unreachable")
                #expect(schedule.error?.message == "opendata could not be reached.")
            }
        }
    }

    @Test("past freshness a pair is served stale at once, marked with its age")
    func stale() async throws {
        let clock = TestClock()
        try await withService(clock: clock) { service, _, _ in
            let fresh = await service.schedules(query(["Bern"], ["Thun"]))
            #expect(fresh.document.schedules[0].staleAge == nil && fresh.provenance?.isFresh(at: clock.now) == true)
            clock.advance(seconds: 45)  // the route keeps connections fresh for 30 s
            let stale = await service.schedules(query(["Bern"], ["Thun"]))
            #expect(stale.failure == nil && stale.provenance?.source == .stale)
            #expect(stale.document.schedules[0].staleAge == 45)
            #expect(stale.document.schedules[0].links == fresh.document.schedules[0].links)
        }
    }
}
