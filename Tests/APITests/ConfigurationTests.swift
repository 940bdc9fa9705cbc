import Testing
@testable import gottago
import Server
import Services
import Store

@Suite("Configuration: flags over environment over config file over defaults")
struct ConfigurationTests {
    func load(_ arguments: [String], env: [String: String] = [:], files: [String: String] = [:]) throws -> Settings {
        try ConfigurationLoader(arguments: arguments, environment: env, readFile: { files[$0] }).load()
    }

    @Test("defaults")
    func defaults() throws {
        let settings = try load([])
        #expect(settings.server.host == "127.0.0.1")
        #expect(settings.server.port == 8080)
        #expect(settings.server.limits.idleTimeout == 15)
        #expect(settings.server.limits.maxTargetBytes == 8192)
        #expect(settings.server.limits.maxHeaderBytes == 16384)
        #expect(settings.server.limits.maxBodyBytes == 65536)
        #expect(settings.server.accessLog == .json)
        #expect(settings.api.debugRoutes == false)
        #expect(settings.server.adminNetworks == .loopback)
        #expect(settings.sandboxFaults == 0)
    }

    @Test("--sandbox-faults takes a percentage, from the flag or GOTTAGO_SANDBOX_FAULTS")
    func sandboxFaults() throws {
        #expect(try load(["--sandbox-faults", "2"]).sandboxFaults == 2)
        #expect(try load([], env: ["GOTTAGO_SANDBOX_FAULTS": "100"]).sandboxFaults == 100)
        #expect(throws: ConfigurationError.self) { try load(["--sandbox-faults", "101"]) }
    }

    @Test("--admin-networks takes IPv4 and IPv6 blocks, or none; --help shows the default")
    func adminNetworks() throws {
        let settings = try load(["--admin-networks", "10.0.0.0/8, fd00::/8"])
        #expect(settings.server.adminNetworks.description == "10.0.0.0/8,fd00::/8")
        #expect(settings.server.adminNetworks.contains("::ffff:10.9.9.9"))
        let fromFile = try load(["--config", "/c"], files: ["/c": "admin-networks = 192.168.7.0/24\n"])
        #expect(fromFile.server.adminNetworks.description == "192.168.7.0/24")
        #expect(try load([], env: ["GOTTAGO_ADMIN_NETWORKS": "none"]).server.adminNetworks == .none)
        #expect(Help.text.contains("default 127.0.0.0/8,::1/128"))
    }

    @Test("directions default to OSRM; Google's Directions and Routes APIs and Photon are chosen by name")
    func providers() throws {
        let defaults = try load([])
        #expect(defaults.directions == .osrm && defaults.geocoder == .gazetteer)
        #expect(try load(["--directions", "google-directions"]).directions == .google)
        #expect(try load([], env: ["GOTTAGO_DIRECTIONS": "google-routes"]).directions == .googleRoutes)
        #expect(try load(["--directions", "off"]).directions == nil)
        #expect(try load(["--geocoder", "photon"]).geocoder == .photon)
        #expect(throws: ConfigurationError.self) { try load(["--directions", "google"]) }
        #expect(Help.text.contains("google-routes") && Help.text.contains("photon"))
    }

    @Test("each source overrides the one below it")
    func precedence() throws {
        let file = """
            # a comment
            port = 9000
            host = 0.0.0.0   # trailing comment
            idle-timeout = 30
            log-format = combined
            """
        let files = ["/etc/gottago.conf": file]
        let fromFile = try load(["--config", "/etc/gottago.conf"], files: files)
        #expect(fromFile.server.port == 9000)
        #expect(fromFile.server.host == "0.0.0.0")
        #expect(fromFile.server.accessLog == .combined)

        let env = ["GOTTAGO_CONFIG": "/etc/gottago.conf", "GOTTAGO_PORT": "9100", "GOTTAGO_IDLE_TIMEOUT": "5"]
        let fromEnv = try load([], env: env, files: files)
        #expect(fromEnv.server.port == 9100)
        #expect(fromEnv.server.limits.idleTimeout == 5)
        #expect(fromEnv.server.host == "0.0.0.0")

        let fromFlags = try load(["--port=9200", "--debug-routes", "--idle-timeout", "7"], env: env, files: files)
        #expect(fromFlags.server.port == 9200)
        #expect(fromFlags.server.limits.idleTimeout == 7)
        #expect(fromFlags.api.debugRoutes)
        #expect(try load(["--debug-routes=false"], env: ["GOTTAGO_DEBUG_ROUTES": "true"]).api.debugRoutes == false)
    }

    static let bad: [([String], [String: String], String)] = [
        (["--port", "70000"], [:], "port: \"70000\" is not a whole number from 0 to 65535"),
        (["--port"], [:], "--port needs a value"),
        (["--colour", "red"], [:], "command line: unknown option \"--colour\""),
        (["stray"], [:], "unexpected argument \"stray\""),
        (["--log-format", "xml"], [:], "log-format: \"xml\" is not json, combined or off"),
        ([], ["GOTTAGO_PORT": "eighty"], "GOTTAGO_PORT: port: \"eighty\" is not a whole number from 0 to 65535"),
        (["--config", "/nope"], [:], "cannot read config file /nope"),
        (["--admin-networks", "10.0.0.0/33"], [:], "admin-networks: \"10.0.0.0/33\": the prefix length must be a whole number from 0 to 32"),
        (["--admin-networks", "127.0.0.0/8,localhost"], [:], "admin-networks: \"localhost\" is not an IPv4 or IPv6 address with an optional /length"),
        (["--admin-networks", "10.1.2.3/8"], [:], "admin-networks: \"10.1.2.3/8\" has bits set after its prefix; the block is 10.0.0.0/8"),
        ([], ["GOTTAGO_ADMIN_NETWORKS": "10.0.0.0/8,"], "GOTTAGO_ADMIN_NETWORKS: admin-networks: \"\" is not an IPv4 or IPv6 address with an optional /length"),
        (["--config", "/bad"], [:], "/bad:2: expected `name = value`"),
        (["--config", "/unknown"], [:], "/unknown:1: /unknown: unknown option \"colour\""),
    ]

    @Test("bad input says what and where", arguments: bad)
    func errors(arguments: [String], env: [String: String], message: String) {
        let files = ["/bad": "port = 1\njust words\n", "/unknown": "colour = red\n"]
        #expect(throws: ConfigurationError(description: message)) {
            try load(arguments, env: env, files: files)
        }
    }

    @Test("--help documents every option with its environment variable and default")
    func help() {
        let text = Help.text
        for option in Option.all {
            #expect(text.contains("--\(option.name)"))
            #expect(text.contains(option.environmentName))
        }
        #expect(text.contains("env GOTTAGO_PORT; default 8080"))
    }

    @Test("upstream settings: repeated lines merge per upstream, `;` joins several, the User-Agent names the contact")
    func upstreams() throws {
        let file = """
            cache = redis://127.0.0.1:6390/2
            cache-size = 16
            contact = https://example.org/ops
            upstream = osrm origin=http://127.0.0.1:9000 max-concurrent=32
            upstream = osrm rate=50 burst=100 timeout=4.5
            """
        let settings = try load(
            ["--config", "/g.conf", "--upstream", "ojp fresh=10 stale-if-error=0"],
            env: ["GOTTAGO_UPSTREAM": "hafas-extxml retries=0; bahn-mobile breaker-failures=2 breaker-cooldown=5"],
            files: ["/g.conf": file])
        let osrm = try #require(settings.upstreams["osrm"])
        #expect(osrm.origin == "http://127.0.0.1:9000")
        #expect(osrm.maxConcurrent == 32)
        #expect(osrm.rate == 50)
        #expect(osrm.burst == 100)
        #expect(osrm.totalTimeout == 4.5)
        #expect(osrm.connectTimeout == nil)
        #expect(settings.upstreams["ojp"]?.freshFor == 10)
        #expect(settings.upstreams["ojp"]?.staleIfError == 0)
        #expect(settings.upstreams["hafas-extxml"]?.retries == 0)
        #expect(settings.upstreams["bahn-mobile"]?.breakerThreshold == 2)
        #expect(settings.upstreams["bahn-mobile"]?.breakerCooldown == 5)
        #expect(settings.cache.backend == .redis(try RedisEndpoint(parsing: "redis://127.0.0.1:6390/2")))
        #expect(settings.cache.memoryCapacityBytes == 16 << 20)
        #expect(settings.userAgent.hasPrefix("gottago/"))
        #expect(settings.userAgent.hasSuffix(" (+https://example.org/ops)"))
        #expect(try load([]).userAgent == "gottago/\(ServerVersion.current)")
    }

    @Test("bad upstream settings name the upstream, the setting and what is expected",
          arguments: [
              ("rate=5", "upstream: \"rate=5\" is not an upstream name followed by key=value settings"),
              ("osrm rate", "upstream osrm: \"rate\" is not a key=value setting"),
              ("osrm rate=0", "upstream osrm rate: \"0\" is not a number from 0.001"),
              ("osrm max-concurrent=many", "upstream osrm max-concurrent: \"many\" is not a whole number from 1 to 1024"),
              ("osrm origin=http://x/path", "upstream osrm origin: \"http://x/path\" is not http(s)://host[:port]"),
              ("osrm colour=red", "upstream osrm: unknown setting \"colour\""),
          ])
    func badUpstreams(_ value: String, _ message: String) throws {
        #expect {
            _ = try load(["--upstream", value])
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
