import Foundation
import HTTPTesting
import Testing

/// The real `gottago` binary: `upstreams check` against the embedded sandbox, `--live` and its
/// checks at start, the token sent but never shown, and retired providers at start.
@Suite("gottago upstreams and --live", .serialized)
struct UpstreamsProcessTests {
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        try #require(FileManager.default.isExecutableFile(atPath: ProcessTests.binary.path), "build the gottago product first")
        let result = try ChildProcess.run(
            ProcessTests.binary.path, arguments: arguments, environment: ProcessTests.environment.merging(extra) { $1 })
        return (result.status, String(decoding: result.out, as: UTF8.self), String(decoding: result.err, as: UTF8.self))
    }

    func json(_ text: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(object["upstreams"] as? [[String: Any]])
    }

    /// Wednesday 2 December 2026, 12:00 in San Francisco: BART's trains run, whatever the hour of the test.
    static let midday = "1796241600"

    @Test("upstreams check against the embedded sandbox: every configured upstream answers its canary, exit 0")
    func checkAgainstTheSandbox() async throws {
        let table = try await offPool { try run(["upstreams", "check", "--sandbox-time", Self.midday]) }
        #expect(table.status == 0, "\(table.err)")
        let lines = table.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("UPSTREAM") == true)
        let opendata = try #require(lines.first { $0.hasPrefix("opendata ") })
        #expect(opendata.contains("timetable opendata") && opendata.contains("sandbox 127.0.0.1:") && opendata.contains("ok, 2 records"))
        // The simulated trains run by the sandbox's clock, set to a weekday's midday in San Francisco.
        let bart = try #require(lines.first { $0.hasPrefix("bart-gtfs ") })
        #expect(bart.contains("departures bart-gtfsrt") && bart.contains("transit bart"), "\(bart)")
        let records = bart.split(separator: "ok, ").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        #expect((records ?? 0) > 0, "\(bart)")
        // Today's defaults are all in service.
        #expect(!lines.contains { $0.hasPrefix("    retired") })
        #expect(lines.contains { $0.hasPrefix("    politeness: 64 at once") })

        let output = try await offPool { try run(["upstreams", "check", "--format", "json", "--timetable", "ojp", "--departures", "bart-eta-legacy", "--sandbox-time", Self.midday]) }
        #expect(output.status == 0, "\(output.err)")
        let upstreams = try json(output.out)
        #expect(upstreams.map { $0["name"] as? String } == ["ojp", "bart-legacy", "bart-gtfs"])
        for upstream in upstreams {
            let canary = try #require(upstream["canary"] as? [String: Any])
            #expect(canary["code"] as? String == "ok")
            #expect((canary["records"] as? Int ?? 0) > 0)
            #expect((upstream["origin"] as? [String: Any])?["kind"] as? String == "sandbox")
            #expect((upstream["last_success"] as? [String: Any])?["status"] as? Int == 200)
            #expect(upstream["last_failure"] == nil)
        }
        #expect((upstreams[0]["canary"] as? [String: Any])?["route"] as? String == "ojp-trips")
        #expect(upstreams[1]["retired"] as? String == "true")
        // The canary's answer was counted: the trips' dates are always there.
        let trips = (upstreams[0]["routes"] as? [[String: Any]])?.first { $0["id"] as? String == "ojp-trips" }
        #expect(trips?["answers"] as? Int == 1)
        let date = (trips?["fields"] as? [[String: Any]])?.first { $0["list"] as? String == "connections" && $0["name"] as? String == "date" }
        #expect(date?["percent"] as? Int == 100)
    }

    @Test("an upstream that does not answer fails its canary: exit 1, the others still checked")
    func checkWithAFailingUpstream() async throws {
        let result = try await offPool { try run(["upstreams", "check", "--upstream", "bart-gtfs origin=http://127.0.0.1:1"]) }
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("bart-gtfs ") && $0.contains("live 127.0.0.1:1") && $0.contains("FAILED upstream_unreachable (502)") })
        #expect(lines.contains { $0.hasPrefix("opendata ") && $0.contains("ok, 2 records") })
        let bad = try await offPool { try run(["upstreams", "check", "--format", "yaml"]) }
        #expect(bad.status == 2 && bad.err.contains("--format is table or json"))
        let usage = try await offPool { try run(["upstreams"]) }
        #expect(usage.status == 2 && usage.err.contains("gottago upstreams check"))
    }

    @Test("--live without --contact exits 2 and says why")
    func liveNeedsAContact() async throws {
        for command in [["serve"], ["upstreams", "check"]] {
            let result = try await offPool { try run(command + ["--live"]) }
            #expect(result.status == 2)
            #expect(result.err.contains("--live sends requests to the upstreams themselves, whose terms ask for a way to reach whoever runs the client"))
            #expect(result.err.contains("pass --contact URL|EMAIL"))
            #expect(result.out.isEmpty)
        }
    }

    @Test("a provider that needs a key or token, live without it, exits 2 naming the option")
    func liveNeedsKeys() async throws {
        let ojp = try await offPool { try run(["serve", "--live", "--contact", "ops@example.org", "--timetable", "ojp", "--departures", "off"]) }
        #expect(ojp.status == 2)
        #expect(ojp.err.contains(#"the timetable (ojp) goes to its upstream, which refuses requests without a token: pass --upstream "ojp token=TOKEN""#))
        let google = try await offPool {
            try run([
                "serve", "--live", "--contact", "ops@example.org", "--timetable", "off", "--departures", "off", "--weather", "nws-dwml",
                "--directions", "google-directions", "--geocoder", "gazetteer",
            ])
        }
        #expect(google.status == 2)
        #expect(google.err.contains("the directions (google-directions) goes to its upstream, which refuses requests without an API key: pass --api-key KEY"))
        // origin=route is live too.
        let geocoder = try await offPool {
            try run(["serve", "--timetable", "off", "--departures", "off", "--geocoder", "google", "--upstream", "google-geocode origin=route"])
        }
        #expect(geocoder.status == 2)
        #expect(geocoder.err.contains("the geocoder (google) goes to its upstream, which refuses requests without an API key: pass --api-key KEY"))
    }

    @Test("--live points every chosen provider at its upstream, an origin of its own still wins")
    func liveOrigins() async throws {
        let (process, port, _) = try await ProcessTests().start([
            "--log-format", "off", "--live", "--contact", "ops@example.org", "--timetable", "hafas-html",
            // Nothing leaves loopback: BART's feeds and its static timetable go to a closed port.
            "--upstream", "bart-gtfs origin=http://127.0.0.1:1",
        ])
        defer {
            try? process.signal(SIGTERM)
            _ = try? process.wait()
        }
        let response = try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(port)/api/upstreams.json") }
        let upstreams = try json(response.text)
        func origin(_ name: String) -> [String: Any]? {
            upstreams.first { $0["name"] as? String == name }?["origin"] as? [String: Any]
        }
        #expect(origin("hafas-html")?["kind"] as? String == "live")
        #expect(origin("hafas-html")?["hosts"] as? [String] == ["fahrplan.sbb.ch"])
        #expect(origin("bart-gtfs")?["hosts"] as? [String] == ["127.0.0.1:1"])
        let roles = upstreams.first { $0["name"] as? String == "hafas-html" }?["roles"] as? [[String: Any]]
        #expect(roles?.first?["name"] as? String == "timetable" && roles?.first?["provider"] as? String == "hafas-html")
    }

    @Test("a token is sent as a bearer header and shown nowhere: logs, /api/upstreams, --help, error messages")
    func tokenNeverShown() async throws {
        let token = "tok-\(UUID().uuidString)"
        let routes = try TestRoutes()
        let upstream = try StandInUpstream(body: Array(#"<r><item n="7"/></r>"#.utf8))
        let (process, port, err) = try await ProcessTests().start([
            "--log-format", "json", "--routes", routes.directory, "--timetable", "off", "--departures", "off", "--transit", "off",
            "--upstream", "test-feed origin=\(upstream.base) token=\(token)",
        ])
        let result = try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(port)/api/routes/feed/result?key=\(token)x") }
        #expect(result.status == 200)
        #expect(upstream.lastAuthorization == "Bearer \(token)")
        for target in ["/api/upstreams", "/api/upstreams.json", "/readyz", "/metrics"] {
            let response = try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(port)\(target)") }
            #expect(response.status == 200)
            #expect(!response.text.contains(token), "\(target)")
        }
        try process.signal(SIGTERM)
        #expect(try process.wait() == 0)
        await upstream.shutdown()
        let log = String(decoding: try err.readToEnd(), as: UTF8.self)
        // The access log was written (the query names the token's text on purpose: only the header must stay hidden).
        #expect(log.contains("\"route\":\"/api/routes/{id}/result\""))
        #expect(!log.contains("Bearer"))
        #expect(!log.replacingOccurrences(of: "key=\(token)x", with: "").contains(token))

        let help = try await offPool { try run(["--help"], environment: ["GOTTAGO_UPSTREAM": "test-feed token=\(token)"]) }
        #expect(help.status == 0 && !help.out.contains(token))
        let bad = try await offPool { try run(["serve", "--routes", routes.directory, "--upstream", "test-feed token=sécret-\(token)"]) }
        #expect(bad.status == 2)
        #expect(bad.err.contains("upstream test-feed token: not a token"))
        #expect(!bad.err.contains(token))
    }

    @Test("serve with a retired provider starts, and its start-up log says it is retired")
    func retiredProviderStarts() async throws {
        let (process, port, err) = try await ProcessTests().start(["--log-format", "off", "--timetable", "hafas-extxml"])
        let health = try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(port)/healthz") }
        #expect(health.status == 200)
        try process.signal(SIGTERM)
        #expect(try process.wait() == 0)
        let log = String(decoding: try err.readToEnd(), as: UTF8.self)
        let timetable = try #require(log.split(separator: "\n").first { $0.contains("timetable: hafas-extxml") })
        #expect(timetable.contains("from the embedded sandbox at http://127.0.0.1:"))
        #expect(timetable.hasSuffix("(retired 2021: its upstream no longer answers; kept as history)"))
        let departures = try #require(log.split(separator: "\n").first { $0.contains("departures: bart-gtfsrt") })
        #expect(!departures.contains("retired"))

        let list = try await offPool { try run(["routes", "list", "--routes", ProcessTests.routes]) }
        #expect(list.status == 0)
        #expect(list.out.split(separator: "\n").contains { $0.hasPrefix("google-weather ") && $0.hasSuffix("retired 2012") })
        #expect(list.out.split(separator: "\n").contains { $0.hasPrefix("ojp-trips ") && $0.hasSuffix("in service") })
        let check = try await offPool { try run(["routes", "check", "--routes", ProcessTests.routes]) }
        #expect(check.out.contains("\n10 retired: bahn-mobile-connection-detail (2025), bahn-mobile-connections (2025), bart-eta-legacy (year unknown), "))
    }
}
