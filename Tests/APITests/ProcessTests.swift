import Foundation
import HTTPTesting
import Synchronization
import Testing

/// The real `gottago` executable: start-up line, signals, exit status, access log.
@Suite("gottago process", .serialized)
struct ProcessTests {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gottago")
    }

    /// The children's environment: the weather and the geocoder off (they would build the
    /// gazetteer, seconds of work, in the user's cache folder); a test that serves them says so
    /// with flags, and its gazetteer is the tests' shared one.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GOTTAGO_WEATHER"] = "off"
        environment["GOTTAGO_GEOCODER"] = "off"
        environment["GOTTAGO_DATA_DIR"] = TestGazetteer.directory
        return environment
    }

    /// Starts `gottago serve` and returns it with the port from its first stdout line.
    func start(_ arguments: [String]) async throws -> (ChildProcess, Int, ChildProcessReader) {
        let process = try ChildProcess(Self.binary.path, arguments: ["serve", "--port", "0"] + arguments, environment: Self.environment)
        // Read off the cooperative pool: the process takes seconds to start on a loaded machine,
        // and the test's own servers need the pool's few threads meanwhile.
        let output = UncheckedReader(reader: process.standardOutput)
        let text = try await offPool { try output.reader.readLine() ?? "" }
        #expect(text.hasPrefix("listening on http://127.0.0.1:"))
        let port = try #require(Int(text.split(separator: ":").last ?? ""))
        return (process, port, process.standardError)
    }

    /// Polls `/metrics` until `count` requests are in flight (the metrics request itself is one),
    /// or until `answered` says the awaited request is over, which is recorded as an issue; the
    /// pause between polls leaves the process the CPU.
    func waitUntilInFlight(port: Int, count: Int, answered: () -> Bool) async throws {
        let metrics = "http://127.0.0.1:\(port)/metrics"
        while !answered() {
            let text = try await offPool { try HTTPTestClient().send("GET", metrics).text }
            if text.contains("gottago_http_requests_in_flight \(count)\n") { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the request was over before it was seen in flight")
    }

    @Test("SIGTERM with a request in flight: the request is answered, the process exits 0")
    func sigterm() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the gottago product first")
        // A long request within a longer grace: the window to see it in flight is ten seconds
        // of the loaded machine's time, not three.
        let (process, port, err) = try await start(["--debug-routes", "--log-format", "json", "--shutdown-grace", "60"])
        // Read from the start: the `/metrics` polls below log a line each, and a child whose
        // stderr pipe is full would block on it and never exit.
        let standardError = UncheckedReader(reader: err)
        async let logBytes = offPool { try standardError.reader.readToEnd() }
        let url = "http://127.0.0.1:\(port)/debug/delay?ms=10000"
        let answered = Atomic(false)
        let inFlight = Task {
            defer { answered.store(true, ordering: .relaxed) }
            return try await offPool { try HTTPTestClient().send("GET", url) }
        }
        // SIGTERM only once the request is being handled: on a loaded machine the client may take
        // longer than any fixed pause to connect, and a draining server accepts nothing new.
        try await waitUntilInFlight(port: port, count: 2) { answered.load(ordering: .relaxed) }
        try process.signal(SIGTERM)
        let response = try await inFlight.value
        #expect(response.status == 200)
        #expect(response.text.contains("<ms>10000</ms>"))
        let status = try process.wait()
        #expect(process.terminationReason == .exit)
        #expect(status == 0)
        let log = String(decoding: try await logBytes, as: UTF8.self)
        let line = try #require(log.split(separator: "\n").first { $0.contains("\"target\":\"/debug/delay?ms=10000\"") })
        let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(entry?["status"] as? Int == 200)
        #expect(entry?["method"] as? String == "GET")
        #expect(entry?["route"] as? String == "/debug/delay")
        #expect((entry?["duration_ms"] as? Double ?? 0) >= 9990)
    }

    @Test("--log-format combined writes Apache combined lines")
    func combinedLog() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the gottago product first")
        let (process, port, err) = try await start(["--log-format", "combined"])
        let url = "http://127.0.0.1:\(port)/healthz"
        _ = try await offPool { try HTTPTestClient().send("GET", url, headers: [("User-Agent", "tester \"1\"")]) }
        try process.signal(SIGINT)
        #expect(try process.wait() == 0)
        let log = String(decoding: try err.readToEnd(), as: UTF8.self)
        let line = log.split(separator: "\n").first { $0.contains("GET /healthz HTTP/1.1") }
        let match = try #require(line)
        #expect(match.hasPrefix("127.0.0.1 - - ["))
        #expect(match.contains("] \"GET /healthz HTTP/1.1\" 200 "))
        #expect(match.hasSuffix("\"-\" \"tester \\\"1\\\"\""))
    }

    @Test("a bad option exits 2 with a message; --help exits 0")
    func badOption() async throws {
        let process = try await run(["serve", "--port", "nope"])
        #expect(process.status == 2)
        #expect(process.err.contains("port: \"nope\" is not a whole number"))

        let help = try await run(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("--max-body-bytes"))
    }

    /// Runs the binary to completion, off the cooperative pool: exit status, standard output,
    /// standard error.
    func run(_ arguments: [String]) async throws -> (status: Int32, out: String, err: String) {
        let binary = Self.binary.path, environment = Self.environment
        return try await offPool {
            let result = try ChildProcess.run(binary, arguments: arguments, environment: environment)
            return (result.status, String(decoding: result.out, as: UTF8.self), String(decoding: result.err, as: UTF8.self))
        }
    }

    static var routes: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Routes").path
    }

    /// A routes folder holding one route, `id`: osrm-route's file with `text` replaced by
    /// `replacement`; the line of the replacement in it.
    func alteredRoutes(_ id: String, replacing text: String, with replacement: String) throws -> (directory: URL, line: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gottago-\(id)-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(id), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.routes + "/route.rng", toPath: directory.appendingPathComponent("route.rng").path)
        let original = try String(contentsOfFile: Self.routes + "/osrm-route/route.xml", encoding: .utf8)
        let altered = original.replacingOccurrences(of: "id=\"osrm-route\"", with: "id=\"\(id)\"").replacingOccurrences(of: text, with: replacement)
        try altered.write(to: directory.appendingPathComponent(id + "/route.xml"), atomically: true, encoding: .utf8)
        let line = try #require(altered.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(replacement) }) + 1
        return (directory, line)
    }

    @Test("serve refuses to start with an invalid route and says file:line")
    func invalidRouteStopsTheStart() async throws {
        let (directory, line) = try alteredRoutes(
            "broken", replacing: "normalize=\"polyline(precision=6)\"", with: "normalize=\"polyline(precision=6) | tiem\"")
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await run(["serve", "--port", "0", "--routes", directory.path])
        #expect(serve.status == 2)
        #expect(serve.out.isEmpty)
        #expect(serve.err.contains("broken/route.xml:\(line): unknown normalizer \"tiem\""))
        let check = try await run(["routes", "check", "--routes", directory.path])
        #expect(check.status == 1)
        #expect(check.err.contains(":\(line): unknown normalizer \"tiem\""))
    }

    @Test("routes check fails on an error code the error catalog does not know, and says file:line")
    func unknownErrorCodeFailsTheCheck() async throws {
        let (directory, line) = try alteredRoutes("coded", replacing: "code=\"no_route\"", with: "code=\"no_way_through\"")
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = try await run(["routes", "check", "--routes", directory.path])
        #expect(check.status == 1)
        #expect(check.err.contains("coded/route.xml:\(line): unknown error code \"no_way_through\""), "\(check.err)")
        #expect(check.out.isEmpty)
    }

    @Test("routes check, routes test and scrape work on the shipped routes")
    func routeTools() async throws {
        let check = try await run(["routes", "check", "--routes", Self.routes])
        #expect(check.status == 0)
        // One line naming every route folder.
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.routes)
            .filter { FileManager.default.fileExists(atPath: Self.routes + "/" + $0 + "/route.xml") }.sorted()
        #expect(check.out.hasPrefix("\(folders.count) routes valid: \(folders.joined(separator: ", "))\n"))
        let test = try await run(["routes", "test", "--routes", Self.routes, "ojp-trips"])
        #expect(test.status == 0)
        #expect(test.out.contains("ok   ojp-trips/ojp2-kloten-2026-02-26"))
        #expect(test.out.hasSuffix("7 passed, 0 failed\n"))
        let sample = Self.routes + "/ojp-trips/samples/ojp1-zurich-flughafen-randa-2021-09-07.xml"
        let scrape = try await run(["scrape", "ojp-trips", sample, "--format", "json", "--routes", Self.routes])
        #expect(scrape.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(scrape.out.utf8)) as? [String: Any]
        let trips = (json?["result"] as? [String: Any])?["connections"] as? [[String: Any]]
        #expect((trips?.first?["departure"] as? String) == "2021-09-07T17:45:00+02:00")
        let failed = try await run(["scrape", "ojp-trips", Self.routes + "/ojp-trips/samples/error-truncated-body.xml", "--routes", Self.routes])
        #expect(failed.status == 1)
        #expect(failed.out.contains("<code>malformed_response</code>"))
        let unknown = try await run(["scrape", "nope", sample, "--routes", Self.routes])
        #expect(unknown.status == 2)
    }

    @Test("serve with the weather's defaults (the gazetteer, the sandbox's directions and yr.no) answers a route; get shows it")
    func weatherDefaults() async throws {
        _ = try await TestGazetteer.shared
        let (process, port, _) = try await start(["--log-format", "off", "--weather", "yr-forecast", "--geocoder", "gazetteer", "--timetable", "off", "--departures", "off", "--transit", "off"])
        defer {
            try? process.signal(SIGTERM)
            _ = try? process.wait()
        }
        let response = try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(port)/api/weather/route/from/Bern/to/Thun") }
        #expect(response.status == 200 && response.text.contains("<to><id>2658377</id><name>Thun</name>"))
        let got = try await ProcessTests().run(["get", "/api/weather/route/from/Bern/to/Thun", "--server", "http://127.0.0.1:\(port)"])
        #expect(got.status == 0)
        #expect(got.out.hasPrefix("<?xml") && got.out.contains("<routeweather>"))
        #expect(got.err.contains("weather: "))
    }
}

/// Two `gottago` processes sharing one real `redis-server`, as behind a load balancer.
@Suite("gottago processes sharing Redis", .serialized)
struct SharedCacheProcessTests {
    @Test("a value fetched through instance A is a HIT on instance B; the upstream is asked once")
    func sharedCache() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ProcessTests.binary.path), "build the gottago product first")
        let routes = try TestRoutes()
        try await RedisServer.shared { redis in
            try await TestUpstream.with { upstream in
                let arguments = [
                    "--log-format", "off", "--routes", routes.directory, "--timetable", "off", "--departures", "off", "--transit", "off", "--cache", redis,
                    // The stand-in runs in this process, among every other suite: it may answer late.
                    "--upstream", "test-feed origin=\(upstream.base) timeout=25",
                ]
                let (a, portA, _) = try await ProcessTests().start(arguments)
                let (b, portB, _) = try await ProcessTests().start(arguments)
                defer {
                    try? a.signal(SIGTERM)
                    try? b.signal(SIGTERM)
                    _ = try? a.wait()
                    _ = try? b.wait()
                }
                // A key of its own, so that a Redis shared with other tests holds nothing for it yet.
                let target = "/api/routes/feed/result?key=\(UUID().uuidString)"
                let first = try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(portA)\(target)") }
                let second = try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(portB)\(target)") }
                #expect(first.status == 200)
                #expect(first.header("X-Cache") == "MISS")
                #expect(second.status == 200)
                #expect(second.header("X-Cache") == "HIT")
                #expect(second.body == first.body)
                #expect(upstream.hits.value == 1)
                let ready = try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(portB)/readyz") }
                #expect(ready.text.hasSuffix("<cache><driver>redis</driver><status>ok</status></cache></ready>"))
            }
        }
    }

    @Test("--upstream with an unknown upstream or setting stops the start with a message")
    func badUpstreamSettings() async throws {
        let routes = try TestRoutes()
        let unknown = try await ProcessTests().run(["serve", "--routes", routes.directory, "--timetable", "off", "--departures", "off", "--transit", "off", "--upstream", "nosuch rate=1"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains(#"no route talks to an upstream named "nosuch"; the routes' upstreams are test-feed"#))
        let setting = try await ProcessTests().run(["serve", "--routes", routes.directory, "--timetable", "off", "--departures", "off", "--transit", "off", "--upstream", "test-feed speed=9"])
        #expect(setting.status == 2)
        #expect(setting.err.contains(#"upstream test-feed: unknown setting "speed""#))
        let origin = try await ProcessTests().run(["serve", "--routes", routes.directory, "--timetable", "off", "--departures", "off", "--transit", "off", "--upstream", "test-feed origin=ftp://x"])
        #expect(origin.status == 2)
        #expect(origin.err.contains("http(s)://host[:port]"))
        let cache = try await ProcessTests().run(["serve", "--cache", "memcached://x"])
        #expect(cache.status == 2)
        #expect(cache.err.contains(#"cache: "memcached://x" is not memory or redis://host:port/db"#))
        let timetable = try await ProcessTests().run(["serve", "--routes", routes.directory])
        #expect(timetable.status == 2)
        #expect(timetable.err.contains(
            "the timetable (opendata) needs the routes opendata-connections, opendata-stationboard, opendata-locations in \(routes.directory); add them, or pass --timetable off"))
        let old = try await ProcessTests().run(["serve", "--routes", routes.directory, "--timetable", "hafas-extxml"])
        #expect(old.status == 2)
        #expect(old.err.contains("the timetable (hafas-extxml) needs the routes hafas-extxml-connections, hafas-extxml-stationboard in \(routes.directory); add them, or pass --timetable off"))
        let departures = try await ProcessTests().run(["serve", "--routes", routes.directory, "--timetable", "off"])
        #expect(departures.status == 2)
        #expect(departures.err.contains(
            "the departures (bart-gtfsrt) need the routes gtfs-rt-trip-updates, gtfs-rt-alerts in \(routes.directory); add them, or pass --departures off"))
        let transit = try await ProcessTests().run(["serve", "--routes", routes.directory, "--timetable", "off", "--departures", "off"])
        #expect(transit.status == 2)
        #expect(transit.err.contains("the transit agencies need the routes gtfs-rt-trip-updates, gtfs-rt-alerts in \(routes.directory); add them, or pass --transit off"))
        let withoutBART = try await ProcessTests().run(["serve", "--transit", "off"])
        #expect(withoutBART.status == 2)
        #expect(withoutBART.err.contains("the departures (bart-gtfsrt) come from the transit agency bart; add it (--transit bart), or choose --departures bart-etd"))
        let agency = try await ProcessTests().run(["serve", "--transit", "fgc trip-updates=https://example.org/tu"])
        #expect(agency.status == 2)
        #expect(agency.err.contains("transit fgc: static=URL|FILE is required"))
        let feedURL = try await ProcessTests().run(["serve", "--transit", "fgc static=/tmp/x.zip alerts=ftp://x"])
        #expect(feedURL.status == 2)
        #expect(feedURL.err.contains(#"transit fgc alerts: "ftp://x" is not an absolute http or https URL"#))
        let feed = try await ProcessTests().run(["serve", "--departures", "bart"])
        #expect(feed.status == 2)
        #expect(feed.err.contains("bart-gtfsrt or bart-etd or bart-eta-legacy or off"))
    }
}

/// A child's stderr reader handed to the one task that drains it while the test goes on.
private struct UncheckedReader: @unchecked Sendable {
    let reader: ChildProcessReader
}
