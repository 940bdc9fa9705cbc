#if canImport(Glibc)
import Glibc
#endif
import API
import Markup
import Scrape
import Kernel

/// `gottago routes check|test` and `gottago scrape`: the route author's tools.
enum RouteCommands {
    static let usage = """
        Usage:
          gottago routes check [--routes DIR]
              Validate every route file: schema, XPath, normalizers, references.
          gottago routes list [--routes DIR]
              Every route: id, domain, upstream, and whether its upstream is retired.
          gottago routes test [--routes DIR] [--update] [ROUTE-ID ...]
              Run every route over its recorded samples and compare with the expected output;
              --update rewrites the expected files (read them before committing).
          gottago scrape ROUTE-ID FILE [--param NAME=VALUE ...] [--content-type TYPE] [--format xml|json] [--routes DIR]
              Print the normalized records one response file gives.
          gottago scrape ROUTE-ID FILE --document [--content-type TYPE] [--routes DIR]
              Print the tree the route's XPath reads from the file (JSON and GTFS-Realtime as XML).
        """

    /// `routes check` and `routes test`; returns the exit status.
    static func routes(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        guard let action = arguments.first, ["check", "test", "list"].contains(action) else {
            Environment.write(usage + "\n", to: 2)
            return 2
        }
        arguments.removeFirst()
        var directory = "Routes"
        var update = false
        var only: [String] = []
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--routes" where index + 1 < arguments.count:
                directory = arguments[index + 1]
                index += 1
            case "--update" where action == "test":
                update = true
            case let id where !id.hasPrefix("-") && action == "test":
                only.append(id)
            default:
                Environment.write("gottago routes: unknown argument \"\(arguments[index])\"\n" + usage + "\n", to: 2)
                return 2
            }
            index += 1
        }
        guard let catalog = loadCatalog(directory) else { return 1 }
        if action == "check" {
            // Every code a route gives must say how a client is answered.
            let unknown = ErrorCatalog.unknownCodes(in: catalog)
            guard unknown.isEmpty else {
                Environment.write(unknown.joined(separator: "\n") + "\n", to: 2)
                return 1
            }
            Environment.write("\(catalog.routes.count) routes valid: \(catalog.routes.map(\.id).joined(separator: ", "))\n", to: 1)
            let retired = catalog.routes.compactMap { route in route.retired.map { "\(route.id) (\($0.year.map(String.init) ?? "year unknown"))" } }
            if !retired.isEmpty { Environment.write("\(retired.count) retired: \(retired.joined(separator: ", "))\n", to: 1) }
            return 0
        }
        if action == "list" {
            Environment.write(list(catalog), to: 1)
            return 0
        }
        for id in only where catalog[id] == nil {
            Environment.write("gottago routes test: no route \"\(id)\" in \(directory)\n", to: 2)
            return 2
        }
        return test(catalog, routes: only.isEmpty ? catalog.routes : catalog.routes.filter { only.contains($0.id) }, update: update)
    }

    /// One line per route: id, domain, upstream, and `retired YEAR` where it is.
    static func list(_ catalog: RouteCatalog) -> String {
        let rows = [["ROUTE", "DOMAIN", "UPSTREAM", "STATUS"]]
            + catalog.routes.map { [$0.id, $0.domain, $0.upstream, $0.retired?.description ?? "in service"] }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    private static func test(_ catalog: RouteCatalog, routes: [Route], update: Bool) -> Int32 {
        var passed = 0
        var failed = 0
        for route in routes {
            let samples: [RouteSample]
            do {
                samples = try RouteSample.all(of: route, in: catalog.directory)
            } catch {
                Environment.write("FAIL \(route.id): \(error)\n", to: 1)
                failed += 1
                continue
            }
            for sample in samples {
                do {
                    if update {
                        try sample.update(with: route, status: ErrorCatalog.status(of:))
                        Environment.write("wrote \(sample.expectedPath)\n", to: 1)
                        passed += 1
                    } else if let difference = try sample.check(with: route, status: ErrorCatalog.status(of:)) {
                        Environment.write("FAIL \(route.id)/\(sample.name): \(difference)\n", to: 1)
                        failed += 1
                    } else {
                        Environment.write("ok   \(route.id)/\(sample.name)\n", to: 1)
                        passed += 1
                    }
                } catch {
                    Environment.write("FAIL \(route.id)/\(sample.name): \(error)\n", to: 1)
                    failed += 1
                }
            }
        }
        Environment.write("\(passed) passed, \(failed) failed\n", to: 1)
        return failed == 0 ? 0 : 1
    }

    /// `scrape ROUTE-ID FILE …`; returns the exit status (1 when the response is an upstream error).
    static func scrape(_ arguments: [String]) -> Int32 {
        var positional: [String] = []
        var parameters: [String: String] = [:]
        var contentType: String?
        var json = false
        var tree = false
        var directory = "Routes"
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--param":
                guard let value, let equals = value.firstIndex(of: "=") else { return fail("--param needs NAME=VALUE") }
                parameters[String(value[..<equals])] = String(value[value.index(after: equals)...])
                index += 1
            case "--content-type":
                guard let value else { return fail("--content-type needs a value") }
                contentType = value
                index += 1
            case "--format":
                guard let value, value == "xml" || value == "json" else { return fail("--format is xml or json") }
                json = value == "json"
                index += 1
            case "--routes":
                guard let value else { return fail("--routes needs a folder") }
                directory = value
                index += 1
            case "--document":
                tree = true
            default:
                guard !argument.hasPrefix("-") else { return fail("unknown option \"\(argument)\"") }
                positional.append(argument)
            }
            index += 1
        }
        guard positional.count == 2 else { return fail("expected ROUTE-ID and FILE") }
        guard let catalog = loadCatalog(directory) else { return 1 }
        guard let route = catalog[positional[0]] else { return fail("no route \"\(positional[0])\" in \(directory)") }
        let body: [UInt8]
        do {
            body = try Files.read(positional[1])
        } catch {
            return fail("\(error)")
        }
        if tree { return printDocument(body, as: route.response.format, contentType: contentType) }
        let extraction = Extractor.run(route, body: body, contentType: contentType, parameters: parameters)
        for note in extraction.diagnostics { Environment.write("note: \(note)\n", to: 2) }
        let document = extraction.node(status: { ErrorCatalog.status(of: $0) })
        let output = json ? JSONRenderer.render(document, pretty: true) : XMLRenderer.render(document, pretty: true)
        Environment.write(String(decoding: output, as: UTF8.self) + "\n", to: 1)
        if case .failure = extraction.outcome { return 1 }
        return 0
    }

    /// Prints the parsed tree of a response; 1 when it does not parse.
    private static func printDocument(_ body: [UInt8], as format: DocumentFormat, contentType: String?) -> Int32 {
        do {
            let document = try Document.parse(body, as: format, options: ParseOptions(contentType: contentType))
            Environment.write(String(decoding: document.serialized, as: UTF8.self), to: 1)
            return 0
        } catch {
            Environment.write("gottago scrape: the file is not \(format.rawValue.uppercased()): \(error)\n", to: 2)
            return 1
        }
    }

    /// The routes, or nil after printing every problem with them.
    private static func loadCatalog(_ directory: String) -> RouteCatalog? {
        do {
            return try RouteCatalog.load(from: directory)
        } catch {
            Environment.write(error.description + "\n", to: 2)
            return nil
        }
    }

    private static func fail(_ message: String) -> Int32 {
        Environment.write("gottago scrape: \(message)\n" + usage + "\n", to: 2)
        return 2
    }
}
