#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Scrape

/// A routes folder with one route, `feed`, whose upstream `test-feed` is the test upstream's
/// `/feed` once `--upstream "test-feed origin=…"` (or a policy's `origin`) points there.
final class TestRoutes: Sendable {
    let directory: String

    /// The repository's `Routes` folder.
    static var shipped: String {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/Routes"
    }

    init() throws {
        let schema = Self.shipped + "/route.rng"
        directory = NSTemporaryDirectory() + "gottago-routes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/feed", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: schema, toPath: directory + "/route.rng")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <route id="feed" domain="departures" upstream="test-feed">
              <summary>The test upstream's feed.</summary>
              <parameters>
                <parameter name="key" default="a">Any text; another value is another cache entry.</parameter>
                <parameter name="path" default="feed"/>
                <parameter name="ms" default="0"/>
                <parameter name="status" default="200"/>
                <parameter name="retry_after" default=""/>
              </parameters>
              <request method="GET" url="http://feed.invalid/{path}?key={key}&amp;ms={ms}&amp;status={status}&amp;retry_after={retry_after}"/>
              <response format="xml"/>
              <cache fresh="45" stale-while-revalidate="300" stale-if-error="3600"/>
              <extract><record name="item" list="items" each="/r/item"><field name="n" xpath="@n" normalize="int"/></record></extract>
            </route>
            """.utf8).write(to: URL(fileURLWithPath: directory + "/feed/route.xml"))
    }

    func catalog() throws -> RouteCatalog { try RouteCatalog.load(from: directory) }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}
