#if canImport(Glibc)
import Glibc
#endif
import Scrape
import Kernel

/// Route files written to a temporary folder with the shipped schema and loaded as a catalog, for
/// tests of one route-language feature; the folder is gone when the catalog is returned.
enum TemporaryRoutes {
    /// The catalog of `routes` (folder name → route file).
    static func catalog(_ routes: [String: String]) throws -> RouteCatalog {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let schema = parts.joined(separator: "/") + "/Routes/route.rng"
        var template = Array("/tmp/gottago-routes-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        defer {
            for name in routes.keys {
                unlink(directory + "/\(name)/route.xml")
                rmdir(directory + "/\(name)")
            }
            unlink(directory + "/route.rng")
            rmdir(directory)
        }
        try Files.write(try Files.read(schema), to: directory + "/route.rng")
        for (name, xml) in routes {
            mkdir(directory + "/" + name, 0o755)
            try Files.write(Array(xml.utf8), to: directory + "/\(name)/route.xml")
        }
        return try RouteCatalog.load(from: directory)
    }
}

/// A route over the test upstream's `/feed`.
enum FeedRoute {
    static func load() throws -> Route {
        let catalog = try TemporaryRoutes.catalog(["feed": """
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
            """])
        guard let route = catalog["feed"] else { throw Missing() }
        return route
    }
}

struct Missing: Error {}
