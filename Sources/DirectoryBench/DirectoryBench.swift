#if canImport(Glibc)
import Glibc
#endif
import Kernel
import Model
import Store

/// Nearest-station queries over a station directory of synthetic stops, on the calling thread,
/// against the plain scan of every stop as the reference (`make bench`, departures part).
///
/// ```
/// DirectoryBench [--stops 30000] [--queries 200000] [--index rtree|grid] [--limit 3]
/// ```
///
/// Prints the directory's queries per second, the scan's, and their ratio, and checks that both
/// find the same stations for the first queries.
@main
enum DirectoryBench {
    static func main() throws {
        var options = (stops: 30_000, queries: 200_000, index: StationDirectory.PositionIndex.automatic, limit: 3)
        var arguments = CommandLine.arguments.dropFirst()
        while let flag = arguments.popFirst() {
            guard let value = arguments.popFirst() else { usage("\(flag) needs a value") }
            switch flag {
            case "--stops": options.stops = number(value, flag)
            case "--queries": options.queries = number(value, flag)
            case "--limit": options.limit = number(value, flag)
            case "--index":
                switch value {
                case "rtree": options.index = .rtree
                case "grid": options.index = .grid
                default: usage("--index is rtree or grid")
                }
            default: usage("unknown option \(flag)")
            }
        }
        var random = SplitMix64(seed: 0x5EED)
        // Stops over a region the size of the Bay Area and beyond: 2.4° × 3°.
        let stops = (0..<options.stops).map { index in
            Station(
                id: "S\(index)", name: "Stop \(index)", latitude: 36.5 + random.unit() * 2.4, longitude: -123.5 + random.unit() * 3.0)
        }
        let directory = try StationDirectory(stations: stops, configuration: .init(positionIndex: options.index, nameIndex: .columns))
        let queries = (0..<options.queries).map { _ in (36.5 + random.unit() * 2.4, -123.5 + random.unit() * 3.0) }

        // The same answers first: the scan is the reference for what the index must find.
        for (latitude, longitude) in queries.prefix(200) {
            let indexed = try directory.nearest(latitude: latitude, longitude: longitude, limit: options.limit).map(\.station.id)
            let scanned = scan(stops, latitude, longitude, limit: options.limit).map(\.id)
            guard indexed == scanned else { usage("the directory and the scan disagree at \(latitude), \(longitude): \(indexed) vs \(scanned)") }
        }

        var found = 0
        let indexedSeconds = try timed {
            for (latitude, longitude) in queries {
                found += try directory.nearest(latitude: latitude, longitude: longitude, limit: options.limit).count
            }
        }
        let scanQueries = max(options.queries / 100, 200)
        let scanSeconds = timed {
            for (latitude, longitude) in queries.prefix(scanQueries) { found += scan(stops, latitude, longitude, limit: options.limit).count }
        }
        let indexedRate = Double(options.queries) / indexedSeconds, scanRate = Double(scanQueries) / scanSeconds
        print("stops: \(options.stops)   index: \(directory.positionIndex)   queries: \(options.queries) (nearest \(options.limit))   found: \(found)")
        print("directory: \(Int(indexedRate)) queries/s   scan of every stop: \(Int(scanRate)) queries/s   ratio: \(String(format1: indexedRate / scanRate))")
    }

    /// The `limit` stops nearest to a position, by looking at every one.
    static func scan(_ stops: [Station], _ latitude: Double, _ longitude: Double, limit: Int) -> [Station] {
        var best: [(meters: Double, station: Station)] = []
        for stop in stops {
            let meters = StationDirectory.meters(fromLatitude: latitude, longitude: longitude, toLatitude: stop.latitude, longitude: stop.longitude)
            if best.count < limit || meters < best[best.count - 1].meters {
                let position = best.firstIndex { $0.meters > meters } ?? best.count
                best.insert((meters, stop), at: position)
                if best.count > limit { best.removeLast() }
            }
        }
        return best.map(\.station)
    }

    static func timed(_ body: () throws -> Void) rethrows -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        try body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    static func number(_ text: String, _ flag: String) -> Int {
        guard let value = Int(text), value > 0 else { usage("\(flag) wants a positive number") }
        return value
    }

    static func usage(_ problem: String) -> Never {
        let text = "DirectoryBench: \(problem)\nusage: DirectoryBench [--stops N] [--queries N] [--index rtree|grid] [--limit N]\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
}

extension String {
    /// One decimal.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
