#if canImport(Glibc)
import Glibc
#endif
import Markup
import Scrape
import Kernel

/// Arbitrary bytes through the routes: no crash, no leak, and every result renders as
/// well-formed XML and valid JSON (both checked by parsing them back).
///
/// Built with `-sanitize=fuzzer,address -DFUZZING` (`make fuzz`) it is a libFuzzer target, run once
/// per response format (`SCRAPE_FUZZ_FORMAT=html|xml|json`, see ``FuzzFamily``). Built plainly it
/// replays files or folders of inputs given as arguments (`make test` replays
/// `Tests/Fuzz/corpus`), so a crash found once stays a test.
enum ScrapeFuzzer {
    /// The routes' folder: `$GOTTAGO_ROUTES` or `Routes`.
    static let routesDirectory = getenv("GOTTAGO_ROUTES").map { String(cString: $0) } ?? "Routes"

    /// The routes, loaded and compiled once per process, not per input.
    static let catalog: [Route] = {
        do {
            return try RouteCatalog.load(from: routesDirectory).routes
        } catch {
            report("ScrapeFuzzer: \(error)\n")
            exit(2)
        }
    }()

    /// The routes this process fuzzes: those of `$SCRAPE_FUZZ_FORMAT`, or all of them.
    static let family: FuzzFamily = {
        var format: DocumentFormat?
        if let name = getenv("SCRAPE_FUZZ_FORMAT").map({ String(cString: $0) }), !name.isEmpty {
            guard let named = DocumentFormat(rawValue: name) else {
                report("ScrapeFuzzer: SCRAPE_FUZZ_FORMAT=\(name) is none of html, xml, json\n")
                exit(2)
            }
            format = named
        }
        let family = FuzzFamily(format: format, catalog: catalog)
        guard !family.routes.isEmpty, family.routes.count <= Int(FuzzFamily.routeBits) + 1 else {
            report("ScrapeFuzzer: \(family.routes.count) routes to fuzz; a selector picks one of 1 to 64\n")
            exit(2)
        }
        return family
    }()

    /// The parameters every extraction gets.
    static let parameters = ["date": "2026-03-29"]

    /// One input: the first byte picks the route and the content type, the rest is the body.
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        guard let selector = data.first else { return }
        run(family.route(selector), selector: selector, body: Array(data.dropFirst()))
    }

    /// One body through one route, with the content type the selector's top bits pick.
    static func run(_ route: Route, selector: UInt8, body: [UInt8]) {
        let extraction = Extractor.run(route, body: body, contentType: FuzzFamily.contentType(selector), parameters: parameters)
        check(extraction, route: route)
    }

    /// Aborts unless the extraction renders as XML and JSON that parse back.
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
