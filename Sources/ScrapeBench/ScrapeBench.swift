#if canImport(Glibc)
import Glibc
#endif
import Markup
import Scrape
import Kernel

/// The engine's side of `bench/scrape.sh`: one route over one response body, many times.
///
/// ```
/// ScrapeBench ROUTE-ID FILE ITERATIONS [--param k=v]… [--routes DIR] [--content-type TYPE]
///             [--warmup N] [--print]
/// ```
///
/// Loads the route catalog once and reads the file once, runs `--warmup` untimed extractions
/// (default 0), then `Extractor.run` ITERATIONS times, and prints `key: value` lines:
///
/// ```
/// route: hafas-extxml-connections
/// bytes: 114193
/// iterations: 200
/// per-iteration-ns: 1234567
/// records: 10
/// values: 150
/// summary: connections=5 connections/parts=5
/// expressions: 32 0123456789abcdef
/// ```
///
/// `records` counts every record of the last extraction, `values` its normalized field values;
/// `summary` counts records per list (nested lists as `outer/inner`), or names the error code, in
/// the form `bench/scrape/extract.c` and `bench/scrape/extract_lxml.py` print it, so that the
/// script can check that all three did the same work; `expressions` is the route's
/// ``ExpressionDigest``, which the script checks against theirs. Synchronous on purpose: valgrind cannot
/// run a Swift binary whose `main` is `async`.
@main
struct ScrapeBench {
    static let usage = "usage: ScrapeBench ROUTE-ID FILE ITERATIONS [--param k=v]... [--routes DIR] [--content-type TYPE] [--warmup N] [--print]"

    static func main() {
        var positional: [String] = []
        var parameters: [String: String] = [:]
        var routesDirectory = "Routes"
        var contentType: String?
        var warmup = 0
        var printOutput = false
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--param":
                guard let pair = arguments.popFirst(), let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    fail("--param needs name=value\n\(usage)")
                }
                parameters[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            case "--routes":
                guard let value = arguments.popFirst() else { fail("--routes needs a directory\n\(usage)") }
                routesDirectory = value
            case "--content-type":
                guard let value = arguments.popFirst() else { fail("--content-type needs a value\n\(usage)") }
                contentType = value
            case "--warmup":
                guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else {
                    fail("--warmup needs a count >= 0\n\(usage)")
                }
                warmup = value
            case "--print":
                printOutput = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                guard !argument.hasPrefix("--") else { fail("unknown option \(argument)\n\(usage)") }
                positional.append(argument)
            }
        }
        guard positional.count == 3 else { fail(usage) }
        guard let iterations = Int(positional[2]), iterations >= 1 else { fail("ITERATIONS must be a number >= 1\n\(usage)") }

        let catalog: RouteCatalog
        do {
            catalog = try RouteCatalog.load(from: routesDirectory)
        } catch {
            fail("cannot load routes from \(routesDirectory):\n\(error)")
        }
        guard let route = catalog[positional[0]] else { fail("no route \"\(positional[0])\" in \(routesDirectory)") }
        let body: [UInt8]
        do {
            body = try Files.read(positional[1])
        } catch {
            fail("\(error)")
        }

        for _ in 0..<warmup {
            _ = Extractor.run(route, body: body, contentType: contentType, parameters: parameters)
        }
        var last: Extraction?
        let start = monotonicNanoseconds()
        for _ in 0..<iterations {
            last = Extractor.run(route, body: body, contentType: contentType, parameters: parameters)
        }
        let elapsed = monotonicNanoseconds() - start
        guard let extraction = last else { fail("no extraction ran") }

        var counts = Counts()
        let summary: String
        switch extraction.outcome {
        case .success(let lists):
            counts.add(lists, path: "")
            summary = counts.lists.map { "\($0.path)=\($0.count)" }.joined(separator: " ")
        case .failure(let failure):
            counts.add(failure.details, path: "")
            summary = (["error=\(failure.code)"] + counts.lists.map { "\($0.path)=\($0.count)" }).joined(separator: " ")
        }
        print("route: \(route.id)")
        print("bytes: \(body.count)")
        print("iterations: \(iterations)")
        print("per-iteration-ns: \(elapsed / UInt64(iterations))")
        print("records: \(counts.records)")
        print("values: \(counts.values)")
        print("summary: \(summary.isEmpty ? "none" : summary)")
        print("expressions: \(ExpressionDigest(route))")
        for line in extraction.diagnostics {
            report("ScrapeBench: note: \(line)\n")
        }
        if printOutput {
            print(String(decoding: XMLRenderer.render(extraction.node, pretty: true), as: UTF8.self))
        }
    }

    /// Records per list path, in first-seen order, with totals.
    struct Counts {
        var lists: [(path: String, count: Int)] = []
        var records = 0
        var values = 0

        mutating func add(_ members: [Record.Member], path: String) {
            for member in members {
                switch member {
                case .field(_, let fieldValues, _):
                    values += fieldValues.count
                case .list(let name, let records):
                    let here = path.isEmpty ? name : path + "/" + name
                    if let index = lists.firstIndex(where: { $0.path == here }) {
                        lists[index].count += records.count
                    } else {
                        lists.append((here, records.count))
                    }
                    self.records += records.count
                    for record in records { add(record.members, path: here) }
                }
            }
        }
    }

    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    static func fail(_ message: String) -> Never {
        report("ScrapeBench: \(message)\n")
        exit(2)
    }

    /// Writes to standard error, unbuffered.
    static func report(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
