#if canImport(Glibc)
import Glibc
#endif
import Fetch
import Kernel
import Markup
import Model
import Sandbox
import Scrape
import Services
import Store
import Upstream

/// The transit benchmarks of `make bench` (bench/transit.sh):
///
/// ```
/// TransitBench import ZIP                 one import into a fresh file: seconds, and the process's peak RSS
/// TransitBench nearby ROUTES SECONDS      nearby answers (rendered as XML) at every stop of BART, two at a time
/// ```
///
/// `nearby` runs BART as `make serve` does, the embedded sandbox serving its feeds at a
/// Wednesday noon, and asks `nearby` (1 km, 3 stations, 5 departures each) at each stop's
/// position in turn, the real-time feeds in service and refreshed as they age.
@main
enum TransitBench {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "import" where arguments.count == 2: try importOnce(arguments[1])
        case "nearby" where arguments.count == 3: try await nearby(routes: arguments[1], seconds: Double(arguments[2]) ?? 10)
        default:
            complain("usage: TransitBench import ZIP | nearby ROUTES SECONDS\n")
            exit(2)
        }
    }

    static func importOnce(_ zip: String) throws {
        let bytes = try Files.read(zip)
        let path = "/tmp/gottago-transit-bench-\(getpid()).sqlite"
        defer { unlink(path) }
        let started = ContinuousClock.now
        let summary = try GTFSImporter().importFeed(zip: bytes, into: path)
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("import-seconds: \(seconds)")
        print("stop-times: \(summary.counts["stop_times"] ?? 0)")
        print("peak-rss-kib: \(peakResident())")
    }

    static func nearby(routes: String, seconds: Double) async throws {
        let noon: Int64 = 1_796_846_400
        let start = WallClock.milliseconds()
        // The sandbox's clock and the service's run from the same Wednesday noon.
        let clock: @Sendable () -> Int64 = { noon * 1000 + (WallClock.milliseconds() - start) }
        var configuration = SandboxServer.Configuration()
        configuration.bartClock = { clock() / 1000 }
        let sandbox = try SandboxServer(model: TimetableModel(stations: []), configuration: configuration)
        var policy = UpstreamPolicy()
        policy.origin = sandbox.origin
        let upstreams = try Upstreams(
            catalog: try RouteCatalog.load(from: routes), fetcher: try CurlFetcher(), cache: MemoryCache(now: clock),
            policies: ["bart-gtfs": policy], now: clock)
        let directory = "/tmp/gottago-transit-bench-\(getpid())"
        try Files.makeDirectory(directory)
        let transit = try TransitService(agencies: [.bart], upstreams: upstreams, directory: directory)
        transit.start()
        await transit.settled()
        guard let database = transit.agency("bart")?.timetable.database else {
            complain("TransitBench: the timetable did not import\n")
            exit(1)
        }
        let positions = try database.nearest(latitude: 37.8, longitude: -122.3, limit: 10_000).compactMap { entry in
            entry.stop.latitude.flatMap { latitude in entry.stop.longitude.flatMap { Coordinate(latitude: latitude, longitude: $0) } }
        }
        // Warm: the feeds fetched once, every station joined once.
        for position in positions { _ = await transit.nearby(position, radius: 1000, limit: 3, departures: 5) }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let counts = await withTaskGroup(of: (answers: Int, bytes: Int).self) { group in
            for worker in 0..<2 {
                group.addTask {
                    var answers = 0, bytes = 0, index = worker
                    while ContinuousClock.now < deadline {
                        let nearby = await transit.nearby(positions[index % positions.count], radius: 1000, limit: 3, departures: 5)
                        bytes += XMLRenderer.render(nearby.node).count
                        answers += 1
                        index += 1
                    }
                    return (answers, bytes)
                }
            }
            return await group.reduce(into: (answers: 0, bytes: 0)) { $0.answers += $1.answers; $0.bytes += $1.bytes }
        }
        print("stops: \(positions.count)")
        print("answers: \(counts.answers)")
        print("mean-bytes: \(counts.answers == 0 ? 0 : counts.bytes / counts.answers)")
        print("answers-per-second: \(Int(Double(counts.answers) / seconds))")
        await sandbox.shutdown()
        _ = try? Files.list(directory).map { unlink(directory + "/" + $0) }
        rmdir(directory)
    }

    static func complain(_ text: String) {
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// The process's peak resident set (VmHWM), in KiB.
    static func peakResident() -> Int {
        guard let status = try? Files.read("/proc/self/status") else { return 0 }
        for line in String(decoding: status, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
