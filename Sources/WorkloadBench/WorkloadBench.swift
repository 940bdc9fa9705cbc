#if canImport(Glibc)
import Glibc
#endif
import Fetch
import Kernel
import Model
import Sandbox
import Scrape
import Services
import Store
import Upstream

/// The timetable's upstream calls under a day's journey requests (`make bench`, bench/workload.sh):
///
/// ```
/// WorkloadBench ROUTES [REQUESTS]
/// ```
///
/// A simulated day of `REQUESTS` (10,000) journey requests through the timetable service, with
/// the provider `transitous` answered by the embedded sandbox's MOTIS: station pairs drawn from
/// a Zipf law (s = 1.1) over the 500 busiest pairs of the Swiss directory's stations (by the runs
/// an hour that call at each in the sandbox's network), each asked for "now" at a minute of the
/// day weighted to the morning and evening peaks, a fifth followed by its `later` page, in time
/// order on a clock that moves with them. The same requests go through three strategies, each
/// with an upstream cache of its own: no cache, today's cache by exact key (each query's own
/// time), and shared windows of 15 minutes. It prints the upstream calls per 1,000 client
/// requests of each, and the request rate each sustains within Transitous's 20 journey searches
/// a minute (20 / calls per request).
@main
enum WorkloadBench {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard (1...2).contains(arguments.count), let requests = arguments.count == 2 ? Int(arguments[1]) : 10_000, requests > 0 else {
            let usage = "usage: WorkloadBench ROUTES [REQUESTS]\n"
            _ = usage.withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        let routes = arguments[0]
        let model = TimetableModel(stations: SwissStations.all)
        let directory = try StationDirectory(stations: SwissStations.all)
        let pairs = busiestPairs(model, count: 500)
        let day = workload(pairs: pairs, requests: requests)
        print("stations-in-pairs: \(Set(pairs.flatMap { [$0.0.id, $0.1.id] }).count)")
        print("requests: \(day.count) (\(day.filter(\.later).count) with a later page)")
        // The fewest first-page queries each strategy could make: the distinct keys the requests have.
        let byMinute = Set(day.map { "\($0.from.id)>\($0.to.id)@\($0.minute)" }).count
        let byWindow = Set(day.map { "\($0.from.id)>\($0.to.id)@\($0.minute / 15)" }).count
        let byPair = Set(day.map { "\($0.from.id)>\($0.to.id)" }).count
        print("distinct-pairs: \(byPair)")
        print("distinct-pair-minutes: \(byMinute)")
        print("distinct-pair-quarter-hours: \(byWindow)")
        print("distinct-keys-windows-over-minutes: \(text(Double(byWindow) / Double(max(1, byMinute)), places: 3))")
        let clock = ManualWallClock(day.first.map { $0.minute * 60_000 } ?? 0)
        var configuration = SandboxServer.Configuration()
        configuration.timetableClock = { clock.now / 1000 }
        let sandbox = try SandboxServer(model: model, configuration: configuration)
        defer { Task { await sandbox.shutdown() } }
        let zone = try ZoneRules.named("Europe/Zurich")
        for mode in Mode.allCases {
            print("")
            print("\(mode.rawValue): \(mode.summary)")
            var results: [(name: String, calls: Int, clients: Int)] = []
            for (name, window, cached) in [("no-cache", 0, false), ("exact-key", 0, true), ("shared-windows", 900, true)] {
                results.append(try await run(name, window: window, cached: cached, mode: mode, day: day, routes: routes, directory: directory, sandbox: sandbox, clock: clock, zone: zone))
            }
            for result in results {
                let perThousand = Double(result.calls) * 1000 / Double(result.clients)
                // Requests a minute that cost at most 20 journey searches a minute.
                let sustained = perThousand > 0 ? 20 * 1000 / perThousand : .infinity
                print("\(mode.rawValue)-calls-per-1000-\(result.name): \(text(perThousand))")
                print("\(mode.rawValue)-requests-per-minute-within-20-plans-\(result.name): \(text(sustained))")
            }
            let exact = Double(results[1].calls), shared = Double(results[2].calls)
            print("\(mode.rawValue)-shared-over-exact: \(text(exact > 0 ? shared / exact : 0, places: 3))")
        }
    }

    /// When the clients ask, against the upstream cache's lifetime (the route's 30 s).
    enum Mode: String, CaseIterable {
        /// Every request within one cache lifetime, each for its minute of the day: how many
        /// upstream queries the requests need at all, as their keys tell them apart.
        case keys
        /// Each request at its minute of the day, for "now": the cache expires between them.
        case day

        var summary: String {
            switch self {
            case .keys: "the day's requests within one cache lifetime, each for its own minute (the clock held at midnight)"
            case .day: "each request asked at its minute, for now (the clock moving through the day)"
            }
        }
    }

    /// One strategy over the day's requests: the upstream calls, and the client requests made.
    static func run(
        _ name: String, window: Int, cached: Bool, mode: Mode, day: [Request], routes: String, directory: StationDirectory,
        sandbox: SandboxServer, clock: ManualWallClock, zone: ZoneRules
    ) async throws -> (name: String, calls: Int, clients: Int) {
        var policy = UpstreamPolicy()
        policy.origin = sandbox.origin
        policy.rate = 100_000
        policy.burst = 100_000
        policy.maxConcurrent = 64
        if !cached {
            policy.cacheOverride.fresh = 0
            policy.cacheOverride.staleWhileRevalidate = 0
            policy.cacheOverride.staleIfError = 0
        }
        let upstreams = try Upstreams(
            catalog: try RouteCatalog.load(from: routes), fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }),
            policies: ["transitous": policy], now: { clock.now })
        let service = try TimetableService(upstreams: upstreams, directory: directory, provider: .transitous, window: window, now: { clock.now })
        let midnight = (day.first?.minute ?? 0) / 1440 * 1440 * 60_000 - 3_600_000
        clock.advance(milliseconds: midnight - clock.now)
        var clients = 0, failed = 0
        for request in day {
            var query = ConnectionQuery(origins: [request.from.id], destinations: [request.to.id])
            switch mode {
            case .day:
                clock.advance(milliseconds: request.minute * 60_000 + request.second * 1000 - clock.now)
            case .keys:
                let local = ZonedTime.local(atUTC: request.minute * 60, in: zone)
                query.date = local.flatMap { LocalDate(iso: $0.date) }
                query.time = local.flatMap { LocalTime(iso: $0.time) }
            }
            clients += 1
            let answer = await service.schedules(query)
            guard let schedule = answer.document.schedules.first, schedule.error == nil else {
                failed += 1
                continue
            }
            if request.later, let later = schedule.later {
                var next = ConnectionQuery(origins: [request.from.id], destinations: [request.to.id])
                try? next.decodeCursors([later])
                clients += 1
                if await service.schedules(next).document.schedules.first?.error != nil { failed += 1 }
            }
        }
        await upstreams.settled()
        let calls = upstreams.client(named: "transitous")?.metrics.snapshot.outcomes.values.reduce(0, +) ?? 0
        print("  \(name): \(calls) upstream calls for \(clients) client requests (\(failed) failed)")
        return (name, calls, clients)
    }

    /// `value` with `places` decimals.
    static func text(_ value: Double, places: Int = 1) -> String {
        guard value.isFinite else { return "inf" }
        let scale = pow(10, Double(places))
        let scaled = Int64((value * scale).rounded())
        let whole = scaled / Int64(scale), fraction = abs(scaled % Int64(scale))
        let digits = String(fraction)
        return "\(scaled < 0 && whole == 0 ? "-" : "")\(whole)." + String(repeating: "0", count: places - digits.count) + digits
    }

    /// The `count` busiest ordered pairs of different stations: the busiest stations (by runs an
    /// hour calling there) paired, busiest pairs (the product of the two) first.
    static func busiestPairs(_ model: TimetableModel, count: Int) -> [(Station, Station)] {
        let busy = model.stations.map { ($0, model.runsPerHour(at: $0)) }.sorted { ($0.1, $1.0.id) > ($1.1, $0.0.id) }.prefix(40)
        var pairs: [(Station, Station, Int)] = []
        for (a, runsA) in busy {
            for (b, runsB) in busy where a.id != b.id && a.locality != b.locality { pairs.append((a, b, runsA * runsB)) }
        }
        pairs.sort { ($0.2, $1.0.id, $1.1.id) > ($1.2, $0.0.id, $0.1.id) }
        return pairs.prefix(count).map { ($0.0, $0.1) }
    }

    /// One client request of the day.
    struct Request {
        let from: Station
        let to: Station
        /// Minutes since the epoch, and the second within it.
        let minute: Int64
        let second: Int64
        /// Whether the client asks for the next page too.
        let later: Bool
    }

    /// The day's requests in time order, drawn with a fixed seed.
    static func workload(pairs: [(Station, Station)], requests: Int) -> [Request] {
        var random = SplitMix64(seed: 20_261_209)
        // Zipf s = 1.1 over the pairs, as cumulative weights.
        let zipf = (1...pairs.count).map { 1 / pow(Double($0), 1.1) }
        let pairCumulative = cumulative(zipf)
        // A minute's weight: a base, the morning and the evening peaks, little at night.
        let minuteWeights = (0..<1440).map { minute -> Double in
            let hour = Double(minute) / 60
            let night = (1.0...5.0).contains(hour) ? 0.1 : 1
            return night * (1 + 6 * exp(-pow(hour - 7.5, 2) / 2) + 5 * exp(-pow(hour - 17.5, 2) / 2.5))
        }
        let minuteCumulative = cumulative(minuteWeights)
        // 2026-12-09 00:00 in Zurich, Unix minutes.
        let midnight: Int64 = 1_796_770_800 / 60
        var day: [Request] = []
        for _ in 0..<requests {
            let pair = pairs[pick(pairCumulative, random.unit())]
            let minute = Int64(pick(minuteCumulative, random.unit()))
            day.append(Request(from: pair.0, to: pair.1, minute: midnight + minute, second: Int64(random.unit() * 60), later: random.unit() < 0.2))
        }
        return day.sorted { ($0.minute, $0.second) < ($1.minute, $1.second) }
    }

    static func cumulative(_ weights: [Double]) -> [Double] {
        var total = 0.0
        return weights.map { total += $0; return total }
    }

    /// The index whose cumulative weight first reaches `fraction` of the total.
    static func pick(_ cumulative: [Double], _ fraction: Double) -> Int {
        let target = fraction * (cumulative.last ?? 0)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
