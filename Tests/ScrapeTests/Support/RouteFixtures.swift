#if canImport(Glibc)
import Glibc
#endif
@testable import Scrape
@testable import Kernel

/// The repository's `Routes/` folder and throw-away route folders for tests.
enum RouteFixtures {
    /// `Routes/` at the repository root, found from this file's path.
    static var repositoryRoutes: String {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Support/RouteFixtures.swift, ScrapeTests, Tests
        return parts.joined(separator: "/") + "/Routes"
    }

    /// A fresh folder with the real schema and one route file; the caller removes it with `remove`.
    static func folder(route id: String, _ xml: String) throws -> String {
        var template = Array("/tmp/gottago-routes-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        try Files.write(try Files.read(repositoryRoutes + "/route.rng"), to: directory + "/route.rng")
        mkdir(directory + "/" + id, 0o755)
        try Files.write(Array(xml.utf8), to: directory + "/" + id + "/route.xml")
        return directory
    }

    static func remove(_ directory: String) {
        for name in (try? Files.list(directory)) ?? [] {
            let path = directory + "/" + name
            if Files.isDirectory(path) {
                for inner in (try? Files.list(path)) ?? [] { unlink(path + "/" + inner) }
                rmdir(path)
            } else {
                unlink(path)
            }
        }
        rmdir(directory)
    }

    /// A minimal valid route with the given extraction and errors, for tests of one feature.
    static func route(
        id: String = "test-route", format: String = "xml", namespaces: String = "", errors: String = "",
        extract: String, parameters: String = "<parameters><parameter name=\"date\" default=\"2026-03-29\"/></parameters>",
        timezone: String = "Europe/Zurich"
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a route for a test -->
        <route id="\(id)" domain="timetable">
          <summary>Test route.</summary>
          \(parameters)
          <request method="GET" url="http://upstream.invalid/x?d={date}"/>
          <response format="\(format)" timezone="\(timezone)">\(namespaces)</response>
          \(errors.isEmpty ? "" : "<errors>\(errors)</errors>")
          <extract>
        \(extract)
          </extract>
        </route>
        """
    }

    /// Loads one route from XML text.
    static func load(_ xml: String, id: String = "test-route") throws -> Route {
        let directory = try folder(route: id, xml)
        defer { remove(directory) }
        let catalog = try RouteCatalog.load(from: directory)
        guard let route = catalog[id] else { throw Files.Failure(path: directory, reason: "route missing") }
        return route
    }
}
