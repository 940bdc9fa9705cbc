import Compression
import Foundation
import HTTPTesting
import Testing
@testable import API
import Sandbox

/// The web page at `/` and its files at `/web/{version}/{file}`, over the real server.
@Suite("Web page endpoints")
struct PageEndpointsTests {
    /// The `/web/…` URLs the page's HTML names in `src` and `href` attributes.
    static func references(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:src|href)="(/web/[^"]+)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range(at: 1), in: html)!]) }
    }

    @Test("/ is the page: HTML, no-cache with an ETag, a strict CSP, and its files named under the site's version")
    func page() async throws {
        try await LiveApp.with { live in
            let page = try await live.get("/")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Cache-Control") == "no-cache")
            #expect(page.header("Content-Security-Policy") == PageEndpoints.contentSecurityPolicy)
            #expect(PageEndpoints.contentSecurityPolicy.contains("default-src 'none'"))
            #expect(!PageEndpoints.contentSecurityPolicy.contains("unsafe"))
            #expect(page.header("X-Content-Type-Options") == "nosniff")
            let references = Self.references(in: page.text)
            #expect(!references.isEmpty)
            let version = WebSite.embedded.version
            #expect(references.allSatisfy { $0.hasPrefix("/web/\(version)/") }, "\(references)")
            let etag = try #require(page.header("ETag"))
            let again = try await live.get("/", headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            // The page reads its own query: a linked search is the same page.
            let linked = try await live.get("/?from=Bern;Thun&to=Z%C3%BCrich%20HB")
            #expect(linked.status == 200)
            #expect(linked.body == page.body)
        }
    }

    @Test("every file the page names is served under its version for a year, gzipped on request")
    func files() async throws {
        try await LiveApp.with { live in
            let page = try await live.get("/")
            for reference in Self.references(in: page.text) {
                let file = try await live.get(reference, headers: [("Accept-Encoding", "gzip")])
                #expect(file.status == 200, "\(reference)")
                #expect(file.header("Cache-Control") == "public, max-age=31536000, immutable", "\(reference)")
                #expect(file.header("Content-Security-Policy") == PageEndpoints.contentSecurityPolicy)
                let name = String(reference.split(separator: "/").last!)
                #expect(file.header("Content-Type") == WebSite.contentType(of: name))
                let bytes = file.header("Content-Encoding") == "gzip" ? try Gzip.decompress(file.body, limit: 1 << 20) : file.body
                #expect(bytes == WebSite.embedded.file(named: name)?.body.bytes, "\(reference)")
            }
        }
    }

    @Test("a file under another version is served but revalidated; an unknown file is a 404 document")
    func otherVersions() async throws {
        try await LiveApp.with { live in
            let name = try #require(WebSite.embedded.names.first { $0 != "index.html" })
            let old = try await live.get("/web/0123456789abcdef/\(name)")
            #expect(old.status == 200)
            #expect(old.header("Cache-Control") == "no-cache")
            let missing = try await live.get("/web/\(WebSite.embedded.version)/no-such-file.js")
            #expect(missing.status == 404)
            #expect(missing.text.contains("<code>not_found</code>"))
        }
    }

    @Test("all of / gzipped is at most 60 KB")
    func pageWeight() throws {
        let site = WebSite.embedded
        var total = 0
        for name in site.names {
            let file = try #require(site.file(named: name))
            total += file.body.gzip().count
        }
        #expect(total <= 60 * 1024, "the page's files gzipped are \(total) bytes")
    }

    @Test("the built-in page is the repository's Web/ folder (scripts/embed-web.py was run)")
    func embeddedIsCurrent() throws {
        let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Web").standardized.path
        let onDisk = try WebSite.directory(web)
        #expect(onDisk.names == WebSite.embedded.names)
        #expect(onDisk.version == WebSite.embedded.version, "Web/ changed: run scripts/embed-web.py")
    }

    @Test("without a site there is no page")
    func noPage() async throws {
        try await LiveApp.with(configureAPI: { $0.site = nil }) { live in
            let status = try await live.get("/").status
            #expect(status == 404)
        }
    }

    @Test("POST /debug/sandbox/clock moves the sandbox's clock; GET is refused; advance is required")
    func sandboxClock() async throws {
        let clock = SandboxClock(start: 1_796_205_600, wall: { 1_000 })
        try await LiveApp.with(configureAPI: { api in api.advanceSandboxClock = { clock.advance(by: Int64($0)) } }) { live in
            let url = live.base + "/debug/sandbox/clock?advance=120"
            let moved = try await offPool { try HTTPTestClient().send("POST", url) }
            #expect(moved.status == 200)
            #expect(moved.text.hasSuffix("<clock><time>1796205720</time></clock>"))
            #expect(clock.now() == 1_796_205_720)
            let get = try await live.get("/debug/sandbox/clock?advance=120").status
            #expect(get == 405)
            let missing = try await offPool { [base = live.base] in try HTTPTestClient().send("POST", base + "/debug/sandbox/clock") }
            #expect(missing.status == 400)
            let tooFar = try await offPool { [base = live.base] in try HTTPTestClient().send("POST", base + "/debug/sandbox/clock?advance=999999999") }
            #expect(tooFar.status == 400)
            #expect(clock.now() == 1_796_205_720)
        }
    }
}

@Suite("Web site files")
struct WebSiteTests {
    static func site(_ files: [(String, String)]) throws(WebSiteError) -> WebSite {
        try WebSite(files: files.map { ($0.0, Array($0.1.utf8), String(repeating: "0", count: 63) + String($0.0.count % 10)) })
    }

    @Test("index.html's \"/web/ references get the version; other text is left alone")
    func versioned() {
        let html = Array(#"<script src="/web/app.js"></script><a href="/web">x</a> "/web/"#.utf8)
        let out = String(decoding: WebSite.versioned(html, "v1"), as: UTF8.self)
        #expect(out == #"<script src="/web/v1/app.js"></script><a href="/web">x</a> "/web/v1/"#)
    }

    @Test("the version changes with any file")
    func versionFollowsFiles() throws {
        let one = try Self.site([("index.html", "<p>"), ("a.js", "1")])
        let same = try Self.site([("a.js", "1"), ("index.html", "<p>")])
        let other = try WebSite(files: [("index.html", Array("<p>".utf8), "x"), ("a.js", Array("2".utf8), "y")])
        #expect(one.version == same.version)
        #expect(one.version != other.version)
        #expect(one.version.count == 16)
    }

    @Test("a set without index.html, a name that needs escaping or an unknown type is refused", arguments: [
        [("a.js", "")], [("index.html", ""), ("a b.js", "")], [("index.html", ""), (".hidden.js", "")],
        [("index.html", ""), ("data.json", "")], [("index.html", ""), ("tool.exe", "")], [("index.html", ""), ("README", "")],
    ])
    func refused(_ files: [(String, String)]) {
        #expect(throws: WebSiteError.self) { try Self.site(files) }
    }
}
