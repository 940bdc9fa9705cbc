import Compression
import Foundation
import HTTPTesting
import Testing
@testable import Server

/// Representation, negotiation, conditional requests, compression and decoding over real HTTP.
@Suite("Live server: HTTP semantics")
struct LiveServerSemanticsTests {
    static let negotiation: [(path: String, accept: String?, expected: String)] = [
        ("/hello", nil, "application/xml"),
        ("/hello.json", nil, "application/json"),
        ("/hello.xml", "application/json", "application/xml"),
        ("/hello.json", "application/xml", "application/json"),
        ("/hello?format=json", nil, "application/json"),
        ("/hello?format=xml", "application/json", "application/xml"),
        ("/hello", "application/json", "application/json"),
        ("/hello", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "application/xml"),
        ("/hello", "application/xml;q=0.5, application/json", "application/json"),
        ("/hello", "application/json;q=0.5, application/xml", "application/xml"),
        ("/hello", "*/*", "application/xml"),
        ("/hello", "image/png", "application/xml"),
        ("/hello", "application/*;q=0.2, application/json;q=0.9", "application/json"),
    ]

    @Test("format negotiation: suffix, then format=, then Accept, XML by default", arguments: negotiation)
    func negotiate(path: String, accept: String?, expected: String) async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let response = try await live.get(path, headers: accept.map { [("Accept", $0)] } ?? [])
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix(expected) == true)
            #expect(response.header("Vary") == "Accept, Accept-Encoding")
            if expected == "application/json" {
                let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                #expect((object?["hello"] as? [String: Any])?["to"] as? String == "world")
            } else {
                #expect(response.text == #"<?xml version="1.0" encoding="UTF-8"?><hello><to>world</to></hello>"#)
            }
        }
    }

    @Test("unacceptable and invalid format requests are answered with error documents")
    func negotiationErrors() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let none = try await live.get("/hello", headers: [("Accept", "application/xml;q=0, application/json;q=0")])
            #expect(none.status == 406)
            let badFormat = try await live.get("/hello?format=yaml")
            #expect(badFormat.status == 400)
            let badFormatJSON = try await live.get("/hello.json?format=yaml")
            #expect(badFormatJSON.status == 200)  // the suffix decides first
            let problem = try await live.get("/nowhere.json")
            #expect(problem.status == 404)
            #expect(problem.header("Content-Type")?.hasPrefix("application/problem+json") == true)
            let object = try JSONSerialization.jsonObject(with: Data(problem.body)) as? [String: Any]
            #expect(object?["code"] as? String == "not_found")
            #expect(object?["status"] as? Int == 404)
            #expect(object?["title"] as? String == "Not Found")
            #expect(problem.header("Cache-Control") == "public, max-age=60")
        }
    }

    @Test("pretty=1 indents the document")
    func pretty() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let response = try await live.get("/hello?pretty=1")
            #expect(response.text.contains("\n  <to>world</to>\n"))
        }
    }

    @Test("gzip when allowed and at least 1 KiB; q=0 is honoured; the ETag is over the uncompressed body")
    func gzip() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let plain = try await live.get("/big")
            #expect(plain.header("Content-Encoding") == nil)
            #expect(plain.body.count > 1024)
            let zipped = try await live.get("/big", headers: [("Accept-Encoding", "gzip, deflate, br")])
            #expect(zipped.header("Content-Encoding") == "gzip")
            #expect(zipped.body.count < plain.body.count)
            #expect(try Gzip.decompress(zipped.body, limit: 1 << 20) == plain.body)
            #expect(zipped.header("ETag") == plain.header("ETag"))
            #expect(zipped.header("Vary") == "Accept, Accept-Encoding")
            let refused = try await live.get("/big", headers: [("Accept-Encoding", "gzip;q=0, identity")])
            #expect(refused.header("Content-Encoding") == nil)
            let small = try await live.get("/hello", headers: [("Accept-Encoding", "gzip")])
            #expect(small.header("Content-Encoding") == nil)
        }
    }

    @Test("a strong ETag; If-None-Match answers 304 without a body")
    func conditional() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let first = try await live.get("/hello")
            let etag = try #require(first.header("ETag"))
            #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
            #expect(first.header("Cache-Control") == "public, max-age=30")
            let again = try await live.get("/hello", headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            #expect(again.header("Cache-Control") == "public, max-age=30")
            let weak = try await live.get("/hello", headers: [("If-None-Match", "\"other\", W/\(etag)")])
            #expect(weak.status == 304)
            let other = try await live.get("/hello", headers: [("If-None-Match", "\"nope\"")])
            #expect(other.status == 200)
            let json = try await live.get("/hello.json")
            #expect(json.header("ETag") != etag)
        }
    }

    static let decoding: [(target: String, status: Int, name: String?)] = [
        ("/echo/Z%C3%BCrich", 200, "Zürich"),
        ("/echo/Bern%3BThun", 200, "Bern;Thun"),
        ("/echo/a%2Fb", 200, "a/b"),
        ("/echo/a+b", 200, "a+b"),
        ("/echo/%", 400, nil),
        ("/echo/%zz", 400, nil),
        ("/echo/%4", 400, nil),
        ("/echo/%00", 400, nil),
        ("/echo/%C0%AF", 400, nil),
        ("/echo/%ED%A0%80", 400, nil),
        ("/echo/%E2%82", 400, nil),
        ("/echo/x?q=%zz", 400, nil),
        ("/echo/x?q=a+b%2B", 200, "x"),
    ]

    @Test("percent-decoding with UTF-8 validation", arguments: decoding)
    func decode(target: String, status: Int, name: String?) async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let response = try await live.get(target)
            #expect(response.status == status)
            if let name {
                #expect(response.text.contains("<name>\(name)</name>"))
            } else {
                #expect(response.text.contains("<error>"))
            }
        }
    }

    @Test("list parameters split on ; before decoding; repeated query keys are kept")
    func lists() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let response = try await live.get("/echo/Bern;Thun;a%3Bb.json?via=Olten&via=Aarau&q=a+b%2B")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            let echo = object?["echo"] as? [String: Any]
            #expect(echo?["items"] as? [String] == ["Bern", "Thun", "a;b"])
            #expect(echo?["query"] as? [String] == ["Olten", "Aarau", "a b+"])
        }
    }

    @Test("raw UTF-8 in the path is accepted; invalid bytes are 400")
    func rawBytes() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let port = live.port
            let good = try await offPool {
                try RawHTTP.exchange(port: port, request: Array("GET /echo/Zürich HTTP/1.1\r\nHost: x\r\n\r\n".utf8), expectBody: true)
            }
            #expect(good.status == 200)
            #expect(String(decoding: good.body, as: UTF8.self).contains("<name>Zürich</name>"))
            let bad = try await offPool {
                try RawHTTP.exchange(
                    port: port, request: Array("GET /echo/".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
                    expectBody: true)
            }
            #expect(bad.status == 400)
        }
    }

    @Test("every response has X-Request-Id, Server, Date; a sane client id is kept")
    func identity() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let response = try await live.get("/hello")
            #expect(response.header("X-Request-Id")?.isEmpty == false)
            #expect(response.header("Server") == "gottago/\(ServerVersion.current)")
            #expect(response.header("Date") != nil)
            #expect(response.header("Content-Length") == String(response.body.count))
            let mine = try await live.get("/hello", headers: [("X-Request-Id", "abc-123")])
            #expect(mine.header("X-Request-Id") == "abc-123")
            let hostile = try await live.get("/hello", headers: [("X-Request-Id", "a b<script>")])
            #expect(hostile.header("X-Request-Id") != "a b<script>")
        }
    }

    @Test("an unexpected error is a 500 document naming the request id, and a log line")
    func internalError() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let response = try await live.get("/fail")
            #expect(response.status == 500)
            let id = try #require(response.header("X-Request-Id"))
            #expect(response.text.contains("<code>internal_error</code>"))
            #expect(response.text.contains(id))
            #expect(response.header("Cache-Control") == "no-store")
            // The line is written after the response is sent: wait for it.
            let log = await live.log.text(containing: "request \(id) GET /fail failed")
            let lines = log.split(separator: "\n").filter { $0.contains(" error ") }
            #expect(lines.count == 1)
            #expect(lines.first?.contains("request \(id) GET /fail failed: Teapot") == true)
        }
    }

    @Test("keep-alive: consecutive requests reuse one connection")
    func keepAlive() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let base = live.base
            let connections = try await offPool { () -> [Int] in
                let client = try HTTPTestClient()
                return try (0..<5).map { index in
                    try client.send("GET", base + (index % 2 == 0 ? "/hello" : "/sleep?ms=5")).newConnections
                }
            }
            #expect(connections == [1, 0, 0, 0, 0])
        }
    }
}

@Suite("Live server: shared bodies")
struct SharedBodyTests {
    @Test("a prepared body is sent without a copy and released once its responses are done")
    func sharedBodyReleased() async throws {
        weak var identity: SharedBytes?
        weak var zipped: SharedBytes?
        do {
            let prepared = PreparedBody(Array(String(repeating: "<item>shared</item>", count: 100).utf8))
            identity = prepared.shared
            zipped = prepared.gzip()
            let route = Route.getInline("/shared", summary: "A prepared body.") { _ in
                Response(headers: [("Content-Type", "application/xml")], body: .prepared(prepared), cache: .maxAge(60))
            }
            try await LiveServer.with(routes: [route]) { live in
                for encoding in ["identity", "gzip"] {
                    let response = try await live.get("/shared", headers: [("Accept-Encoding", encoding)])
                    #expect(response.status == 200)
                    let body = encoding == "gzip" ? try Gzip.decompress(response.body, limit: 1 << 20) : response.body
                    #expect(body == prepared.bytes)
                }
            }
        }
        #expect(identity == nil)
        #expect(zipped == nil)
    }

    @Test("kept responses for a prepared body carry each request's own id, encoding and method")
    func keptResponsesPerRequest() async throws {
        let prepared = PreparedBody(Array(String(repeating: "<item>kept</item>", count: 100).utf8))
        let zipped = prepared.gzip().array
        let route = Route.getInline("/kept", summary: "A prepared body.") { _ in
            Response(headers: [("Content-Type", "application/xml")], body: .prepared(prepared), cache: .maxAge(60))
        }
        try await LiveServer.with(routes: [route]) { live in
            let url = live.base + "/kept"
            // One kept-alive connection, so the same kept responses come round again and again.
            let responses = try await offPool { () -> [(sent: String?, method: String, gzip: Bool, response: TestResponse)] in
                let client = try HTTPTestClient()
                var results: [(sent: String?, method: String, gzip: Bool, response: TestResponse)] = []
                for index in 0..<24 {
                    let sent: String? = index % 3 == 0 ? "client-\(index)" : nil
                    let method = index % 4 == 1 ? "HEAD" : "GET"
                    let gzip = index % 2 == 0
                    var headers: [(String, String)] = [("Accept-Encoding", gzip ? "gzip" : "identity")]
                    if let sent { headers.append(("X-Request-Id", sent)) }
                    results.append((sent, method, gzip, try client.send(method, url, headers: headers)))
                }
                return results
            }
            var ids = Set<String>()
            for (sent, method, gzip, response) in responses {
                #expect(response.status == 200)
                let id = response.headers(named: "X-Request-Id")
                #expect(id.count == 1)
                if let sent { #expect(id.first == sent) }
                ids.formUnion(id)
                #expect(response.headers(named: "ETag") == [prepared.etag])
                #expect(response.header("Content-Encoding") == (gzip ? "gzip" : nil))
                let expected = gzip ? zipped : prepared.bytes
                #expect(response.header("Content-Length") == String(expected.count))
                #expect(response.body == (method == "HEAD" ? [] : expected))
            }
            #expect(ids.count == responses.count)
            #expect(responses.dropFirst().allSatisfy { $0.response.newConnections == 0 })
        }
    }
}
