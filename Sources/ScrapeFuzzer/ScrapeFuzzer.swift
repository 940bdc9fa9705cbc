#if canImport(Glibc)
import Glibc
#endif
import Markup
import Scrape
import Kernel

/// Arbitrary bytes through every route: no crash, no leak, and every result renders as
/// well-formed XML and valid JSON (both checked by parsing them back).
///
/// Built with `-sanitize=fuzzer,address -DFUZZING` (`make fuzz`) it is a libFuzzer target. Built
/// plainly it replays files or folders of inputs given as arguments (`make test` replays
/// `Tests/Fuzz/corpus`), so a crash found once stays a test.
enum ScrapeFuzzer {
    /// The routes, from `$GOTTAGO_ROUTES` or `Routes`, loaded once.
    static let routes: [Route] = {
        let directory = getenv("GOTTAGO_ROUTES").map { String(cString: $0) } ?? "Routes"
        do {
            return try RouteCatalog.load(from: directory).routes
        } catch {
            report("ScrapeFuzzer: \(error)\n")
            exit(2)
        }
    }()

    static let contentTypes: [String?] = [nil, "text/html; charset=iso-8859-1", "application/json", "text/xml; charset=utf-8"]

    /// One input: the first byte picks the route and the content type, the rest is the body.
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        guard let selector = data.first, !routes.isEmpty else { return }
        let route = routes[Int(selector) % routes.count]
        let contentType = contentTypes[Int(selector / 32) % contentTypes.count]
        let body = Array(data.dropFirst())
        let extraction = Extractor.run(route, body: body, contentType: contentType, parameters: ["date": "2026-03-29"])
        check(extraction, route: route)
    }

    static func check(_ extraction: Extraction, route: Route) {
        let renderings: [(DocumentFormat, [UInt8])] = [(.xml, XMLRenderer.render(extraction.node)), (.json, JSONRenderer.render(extraction.node))]
        for (format, bytes) in renderings {
            do {
                _ = try Document.parse(bytes, as: format)
            } catch {
                report("ScrapeFuzzer: \(route.id) rendered \(format.rawValue.uppercased()) that does not parse: \(error)\n")
                abort()
            }
        }
    }
}

/// Writes a line to standard error, unbuffered.
func report(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

/// libFuzzer's entry for programs that keep their own `main` (SwiftPM names every executable's entry point).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

#if FUZZING
/// libFuzzer's runtime refers to this symbol even when the driver is started through `LLVMFuzzerRunDriver`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ScrapeFuzzer.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}
#endif

@main
struct ScrapeFuzzerMain {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = runFuzzerDriver(&argc, &argv) { data, size in
            ScrapeFuzzer.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
            return 0
        }
        exit(status)
        #else
        replay(CommandLine.arguments.dropFirst())
        #endif
    }

    /// Replays every file named, or every file in every folder named; prints how many ran.
    static func replay(_ arguments: ArraySlice<String>) {
        var count = 0
        for argument in arguments {
            let files = Files.isDirectory(argument) ? ((try? Files.list(argument)) ?? []).map { argument + "/" + $0 } : [argument]
            for file in files {
                do {
                    let bytes = try Files.read(file)
                    bytes.withUnsafeBufferPointer { ScrapeFuzzer.run($0) }
                    count += 1
                } catch {
                    report("ScrapeFuzzer: \(error)\n")
                    exit(1)
                }
            }
        }
        print("replayed \(count) inputs through \(ScrapeFuzzer.routes.count) routes")
    }
}
