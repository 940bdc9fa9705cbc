#if canImport(Glibc)
import Glibc
#endif
import Scrape

/// A route over the test upstream's `/feed`, loaded from a temporary route folder.
enum FeedRoute {
    static func load() throws -> Route {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let schema = parts.joined(separator: "/") + "/Routes/route.rng"
        var template = Array("/tmp/gottago-feed-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        defer {
            unlink(directory + "/feed/route.xml")
            rmdir(directory + "/feed")
            unlink(directory + "/route.rng")
            rmdir(directory)
        }
        try Files.write(try Files.read(schema), to: directory + "/route.rng")
        mkdir(directory + "/feed", 0o755)
        try Files.write(Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <route id="feed" domain="departures">
              <summary>The test upstream's feed.</summary>
              <parameters>
                <parameter name="port" required="true"/>
                <parameter name="path" default="feed"/>
                <parameter name="ms" default="0"/>
                <parameter name="status" default="200"/>
                <parameter name="retry_after" default=""/>
              </parameters>
              <request method="GET" url="http://127.0.0.1:{port}/{path}?ms={ms}&amp;status={status}&amp;retry_after={retry_after}"/>
              <response format="xml"/>
              <extract><record name="item" list="items" each="/r/item"><field name="n" xpath="@n" normalize="int"/></record></extract>
            </route>
            """.utf8), to: directory + "/feed/route.xml")
        guard let route = try RouteCatalog.load(from: directory)["feed"] else { throw Missing() }
        return route
    }
}

struct Missing: Error {}
