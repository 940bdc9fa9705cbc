import API
import Server
import Services
import Store
import Upstream

/// Everything `gottago serve` can be told, resolved from flags, environment, config file and defaults.
struct Settings: Sendable {
    var server = ServerConfiguration()
    var api = APIConfiguration()
    /// The folder of route files.
    var routes = "Routes"
    /// Where upstream answers are kept.
    var cache = CacheConfiguration()
    /// The operator's contact (a URL or an address), sent to upstreams in the `User-Agent`.
    var contact = ""
    /// Settings of single upstreams, by name; the others take the defaults.
    var upstreams: [String: UpstreamPolicy] = [:]
    /// Upstreams sent to their route files' own URLs (`origin=route`) rather than the embedded sandbox.
    var routeOrigins: Set<String> = []
    /// Every chosen provider's upstream at its route files' own URLs, unless given an origin.
    var live = false
    /// Which upstream answers the timetable; nil serves no timetable.
    var timetable: TimetableProvider? = .opendata
    /// Which feed answers the BART departures; nil serves none.
    var departures: DepartureProvider? = .bartGTFSRT
    /// The transit agencies whose GTFS feeds answer /api/transit: BART's by default.
    var transit: [TransitAgency] = [.bart]
    /// Whether a `--transit` was given yet: the first replaces the default.
    var transitGiven = false
    /// Which upstream gives the weather; nil serves no weather.
    var weather: WeatherProvider? = .metno
    /// Which upstream finds driving routes; nil serves no weather along routes. OSRM by default:
    /// Google's Directions API (`google-directions`, still accepted) can no longer be enabled for new projects.
    var directions: DirectionsProvider? = .osrm
    /// Who turns names into places and positions into names.
    var geocoder: GeocoderProvider? = .gazetteer
    /// Where the embedded gazetteer's database is built; empty: the user's cache folder.
    var dataDirectory = ""
    /// The web page's folder (`--web-dir`): empty for the built-in page, `none` for no page.
    var webDirectory = ""
    /// The API key sent to the upstreams that need one (Google Routes, Directions and Geocoding, GraphHopper).
    var apiKey = "gottago"
    /// Milliseconds the embedded sandbox takes to answer, its own work included (benchmarks).
    var sandboxLatency = 0
    /// Minutes of the shared windows the timetable asks departures for; 0 asks each query's own time.
    var timetableWindow = 15
    /// Where the embedded sandbox's clock starts, in seconds since 1970; 0 is the wall clock.
    var sandboxTime = 0
    /// The percentage of the embedded sandbox's answers that fail as real upstreams do (soak runs).
    var sandboxFaults = 0
    /// Requests per second each anonymous client may make; 0 is unlimited.
    var clientRate = 0.0
    /// Requests an anonymous client may make at once; 0 is the rate rounded up.
    var clientBurst = 0
    /// The API keys file; empty takes no keys.
    var apiKeysFile = ""

    /// The `User-Agent` upstreams see: the service, its version and the operator's contact.
    var userAgent: String {
        "gottago/\(ServerVersion.current)" + (contact.isEmpty ? "" : " (+\(contact))")
    }
}

/// One configuration option: its flag, environment variable, config-file key and help text.
struct Option: Sendable {
    /// The long flag name without dashes; also the config-file key.
    let name: String
    /// The value's placeholder in help (`PORT`), or nil for a boolean switch.
    let value: String?
    let help: String
    let apply: @Sendable (inout Settings, String) throws(ConfigurationError) -> Void
    let current: @Sendable (Settings) -> String

    /// The environment variable: `GOTTAGO_` and the name in upper case with underscores.
    var environmentName: String {
        "GOTTAGO_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}

extension Option {
    /// Every option of `gottago serve`, in the order `--help` lists them.
    static let all: [Option] = [
        Option(name: "config", value: "FILE", help: "Read options from a file of `name = value` lines (`#` starts a comment).",
               apply: { _, _ in }, current: { _ in "none" }),
        Option(name: "host", value: "ADDRESS", help: "Address to listen on (an IPv4 or IPv6 literal, or a name).",
               apply: { $0.server.host = $1 }, current: { $0.server.host }),
        integer("port", "PORT", "TCP port; 0 picks a free one and prints it.", 0...65535, \.server.port),
        integer("threads", "N", "Server threads; 0 means one per core.", 0...256, \.server.threads),
        integer("idle-timeout", "SECONDS", "Close a connection idle this long.", 1...3600, \.server.limits.idleTimeout),
        Option(name: "header-timeout", value: "SECONDS",
               help: "A request head must arrive in full within this time (from the accept, or from its first byte on a kept-alive connection); a slower client is disconnected.",
               apply: { settings, text throws(ConfigurationError) in
                   guard let value = Double(text), value >= 0.1, value <= 3600 else {
                       throw .invalidValue("header-timeout", text, "a number of seconds from 0.1 to 3600")
                   }
                   settings.server.limits.headerTimeout = value
               }, current: { String($0.server.limits.headerTimeout) }),
        integer("max-connections", "N", "Open connections admitted in all; more are answered 503.", 1...1_000_000,
                \.server.limits.maxConnections),
        integer("max-connections-per-ip", "N", "Open connections admitted from one client address; more are closed at once.",
                1...1_000_000, \.server.limits.maxConnectionsPerClient),
        integer("max-url-bytes", "BYTES", "Longest request target; longer is answered 414.", 256...65536,
                \.server.limits.maxTargetBytes),
        integer("max-header-bytes", "BYTES", "Largest header section; larger is answered 431.", 1024...65536,
                \.server.limits.maxHeaderBytes),
        integer("max-header-fields", "N", "Most header fields in one request; more are answered 431.", 8...1000,
                \.server.limits.maxHeaderFields),
        integer("max-body-bytes", "BYTES", "Largest request body; larger is answered 413.", 0...16_777_216,
                \.server.limits.maxBodyBytes),
        Option(name: "shutdown-grace", value: "SECONDS", help: "On SIGTERM/SIGINT, time in-flight requests get to finish.",
               apply: { settings, text throws(ConfigurationError) in
                   guard let value = Double(text), value >= 0, value <= 600 else {
                       throw .invalidValue("shutdown-grace", text, "a number of seconds from 0 to 600")
                   }
                   settings.server.shutdownGrace = value
               }, current: { String($0.server.shutdownGrace) }),
        Option(name: "log-format", value: "FORMAT", help: "Access log on stderr: json (one object per line), combined (Apache) or off.",
               apply: { settings, text throws(ConfigurationError) in
                   guard let format = AccessLogFormat(rawValue: text) else {
                       throw .invalidValue("log-format", text, "json, combined or off")
                   }
                   settings.server.accessLog = format
               }, current: { $0.server.accessLog.rawValue }),
        networks("trusted-proxies",
                 "Proxies (IPv4/IPv6 blocks) whose X-Forwarded-For names the client, for the limits and the access log; from any other peer the header is ignored. Default: none.",
                 \.server.trustedProxies.networks),
        Option(name: "client-rate", value: "PER_SECOND",
               help: "Requests per second each anonymous client (address) may make; a cache miss costs its endpoint's declared cost. 0: unlimited.",
               apply: { settings, text throws(ConfigurationError) in
                   guard let value = Double(text), value >= 0, value <= 1_000_000 else {
                       throw .invalidValue("client-rate", text, "a number of requests per second from 0 (unlimited) to 1000000")
                   }
                   settings.clientRate = value
               }, current: { $0.clientRate == 0 ? "0 (unlimited)" : String($0.clientRate) }),
        integer("client-burst", "N", "Requests an anonymous client may make at once before --client-rate applies; 0: the rate, rounded up.",
                0...1_000_000, \.clientBurst),
        filePath("api-keys", "FILE",
                 "API keys clients may send (X-Api-Key or key=): one per line, `sha256-hex name rate burst daily-quota`; an unknown key is a 401.",
                 "a file", unset: "none", \.apiKeysFile),
        boolean("debug-routes", "Serve /debug/fixed and /debug/delay (benchmarks and tests).", \.api.debugRoutes),
        networks("admin-networks",
                 "The clients that /metrics, /api/upstreams, /api/schema/upstreams.xsd and the debug routes answer: IPv4 and IPv6 "
                     + "blocks joined by commas (an IPv4 block also matches its ::ffff: form), or none; to anyone else they are a 404.",
                 \.server.adminNetworks),
        Option(name: "routes", value: "DIR", help: "The route files: DIR/route.rng and DIR/<id>/route.xml. Any invalid route stops the start.",
               apply: { $0.routes = $1 }, current: { $0.routes }),
        Option(name: "cache", value: "memory|redis://HOST:PORT/DB",
               help: "Where upstream answers are kept: this process's memory, or a Redis shared by every instance (memory stands in while it is away).",
               apply: { settings, text throws(ConfigurationError) in
                   do {
                       let backend = try CacheConfiguration(parsing: text).backend
                       settings.cache.backend = backend
                   } catch {
                       throw .invalidValue("cache", text, "memory or redis://host:port/db")
                   }
               }, current: { settings in
                   switch settings.cache.backend {
                   case .memory: "memory"
                   case .redis(let endpoint): "\(endpoint)"
                   }
               }),
        Option(name: "cache-size", value: "MIB", help: "The memory cache's size (also the stand-in's for Redis), in MiB.",
               apply: { settings, text throws(ConfigurationError) in
                   guard let mib = Int(text), (1...65_536).contains(mib) else {
                       throw .invalidValue("cache-size", text, "a whole number of MiB from 1 to 65536")
                   }
                   settings.cache.memoryCapacityBytes = mib << 20
               }, current: { String($0.cache.memoryCapacityBytes >> 20) }),
        Option(name: "contact", value: "URL|EMAIL", help: "The operator's contact, sent to upstreams in the User-Agent so that they can reach you.",
               apply: { settings, text throws(ConfigurationError) in
                   guard text.utf8.count <= 200, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "(" || $0 == ")" }) else {
                       throw .invalidValue("contact", text, "one line of at most 200 characters without parentheses")
                   }
                   settings.contact = text
               }, current: { $0.contact.isEmpty ? "none" : $0.contact }),
        boolean("live", "Send every chosen provider's requests to the upstream itself (its route files' own URLs) instead of the embedded sandbox; "
                    + "an upstream's own origin= still wins. Needs --contact, and the keys or tokens of the providers that want one.", \.live),
        Option(name: "upstream", value: "\"NAME key=value …\"",
               help: "Settings of one upstream (a route's `upstream` name), repeatable, or several joined by `;`: "
                   + "origin=http(s)://host[:port] (send its requests there instead; origin=route: the route files' own URLs, "
                   + "the live service, instead of the embedded sandbox), max-concurrent=N, rate=PER_SECOND, burst=N, "
                   + "breaker-failures=N, breaker-cooldown=S, retries=N, connect-timeout=S, timeout=S, token=TOKEN (sent as Authorization: Bearer, never shown), "
                   + "and the cache times fresh=S, stale-while-revalidate=S, stale-if-error=S (they replace the routes' own <cache>).",
               apply: { settings, text throws(ConfigurationError) in try UpstreamSettings.apply(text, to: &settings) },
               current: { settings in
                   settings.upstreams.isEmpty ? "none (each upstream: 8 at once, 10/s, burst 20, breaker after 5 failures for 30 s)"
                       : settings.upstreams.keys.sorted().joined(separator: ", ")
               }),
        choiceOrOff("timetable", "PROVIDER", "Which upstream answers /api/sbb: ",
                    ". Unless its upstream has an origin, the embedded sandbox answers in that upstream's format, offline.", \.timetable),
        choiceOrOff("departures", "FEED", "Which feed answers /api/bart: ",
                    ". Unless its upstream has an origin, the embedded sandbox simulates it, offline.", \.departures),
        Option(name: "transit", value: "\"NAME static=URL|FILE trip-updates=URL alerts=URL vehicle-positions=URL\"",
               help: "A transit agency whose GTFS feeds answer /api/transit under NAME (lowercase letters, digits, hyphens), repeatable, or several "
                   + "joined by `;`: its static GTFS zip (required), and each GTFS-Realtime feed it has. The agencies given replace the default; "
                   + "`bart` alone is BART's own feeds (simulated by the embedded sandbox unless --live), `off` none. Its requests go to the "
                   + "addresses given, under the upstream transit-NAME (--upstream \"transit-NAME …\" sets it).",
               apply: { settings, text throws(ConfigurationError) in try TransitSettings.apply(text, to: &settings) },
               current: { settings in settings.transit.isEmpty ? "off" : settings.transit.map(\.name).joined(separator: ", ") }),
        integer("timetable-window", "MINUTES",
                "Departures are asked of the timetable's upstream for shared windows of this many minutes, so that everyone asking for the same stations within one shares an answer; 0 asks each query's own time.",
                0...60, \.timetableWindow),
        choiceOrOff("weather", "PROVIDER", "Which upstream answers /api/weather and the weather along routes: ",
                    ". Unless its upstream has an origin, the embedded sandbox's weather model answers in its format, offline.", \.weather),
        choiceOrOff("directions", "PROVIDER", "Which upstream finds the driving routes of /api/weather/route: ",
                    ". Unless its upstream has an origin, the embedded sandbox routes between gazetteer places, offline.", \.directions),
        choiceOrOff("geocoder", "PROVIDER", "Who answers /api/geocode and finds the places of the weather endpoints: ",
                    " (gazetteer: the embedded GeoNames places and US ZIP codes; the others are upstreams, simulated by the sandbox unless given an origin).",
                    \.geocoder),
        filePath("data-dir", "DIR",
                 "Where the embedded gazetteer's database is built on first start (about 60 MB); by default $XDG_CACHE_HOME/gottago or ~/.cache/gottago.",
                 "a folder", unset: "the user's cache folder", \.dataDirectory),
        filePath("web-dir", "DIR",
                 "Serve the web page at / from this folder's files, read at start, instead of the built-in ones (working on the page without rebuilding); none serves no page.",
                 "a folder, or none", unset: "the built-in page", \.webDirectory),
        Option(name: "api-key", value: "KEY", help: "The API key sent to Google Routes, Google Directions, Google Geocoding or GraphHopper when they are used live.",
               apply: { settings, text throws(ConfigurationError) in
                   guard !text.isEmpty, text.utf8.count <= 200, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                       throw .invalidValue("api-key", text, "a key of printable ASCII")
                   }
                   settings.apiKey = text
               }, current: { $0.apiKey == "gottago" ? "none" : "set" }),
        integer("sandbox-latency", "MS", "Milliseconds the embedded sandbox takes to answer, its own work included (benchmarks).", 0...10_000,
                \.sandboxLatency),
        integer("sandbox-time", "SECONDS",
                "Starts the embedded sandbox's clock at this Unix time, from which it runs on (tests and demos at a chosen hour); 0 is the wall clock.",
                0...4_102_444_800, \.sandboxTime),
        integer("sandbox-faults", "PERCENT",
                "The share of the embedded sandbox's answers that fail as real upstreams do (500, 503, a truncated or garbage body, "
                    + "an answer past the fetch timeout), drawn from a fixed seed (soak runs); 0 is none.", 0...100, \.sandboxFaults),
    ]

    static func integer(
        _ name: String, _ value: String, _ help: String, _ range: ClosedRange<Int>,
        _ path: any WritableKeyPath<Settings, Int> & Sendable
    ) -> Option {
        Option(name: name, value: value, help: help, apply: { settings, text throws(ConfigurationError) in
            guard let number = Int(text), range.contains(number) else {
                throw .invalidValue(name, text, "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            settings[keyPath: path] = number
        }, current: { String($0[keyPath: path]) })
    }

    /// A file or folder's path: not empty, at most 1024 bytes, no NUL; `unset` is what an empty one means.
    static func filePath(
        _ name: String, _ value: String, _ help: String, _ what: String, unset: String,
        _ path: any WritableKeyPath<Settings, String> & Sendable
    ) -> Option {
        Option(name: name, value: value, help: help, apply: { settings, text throws(ConfigurationError) in
            guard !text.isEmpty, text.utf8.count <= 1024, !text.contains("\0") else { throw .invalidValue(name, text, what) }
            settings[keyPath: path] = text
        }, current: { $0[keyPath: path].isEmpty ? unset : $0[keyPath: path] })
    }

    /// One of an enumeration's values by its raw value, or `off` for none; the help lists them.
    static func choiceOrOff<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ value: String, _ lead: String, _ tail: String, _ path: any WritableKeyPath<Settings, Choice?> & Sendable
    ) -> Option where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return Option(name: name, value: value, help: lead + names.joined(separator: ", ") + ", or off" + tail,
                      apply: { settings, text throws(ConfigurationError) in
                          guard text != "off" else {
                              settings[keyPath: path] = nil
                              return
                          }
                          guard let choice = Choice(rawValue: text) else { throw .invalidValue(name, text, (names + ["off"]).joined(separator: " or ")) }
                          settings[keyPath: path] = choice
                      }, current: { $0[keyPath: path]?.rawValue ?? "off" })
    }

    /// A list of address blocks (`10.0.0.0/8,fd00::/8`, or `none`); the first bad block is named.
    static func networks(_ name: String, _ help: String, _ path: any WritableKeyPath<Settings, IPNetworks> & Sendable) -> Option {
        Option(name: name, value: "CIDR,…", help: help, apply: { settings, text throws(ConfigurationError) in
            do throws(IPNetworkError) {
                settings[keyPath: path] = try IPNetworks(parsing: text)
            } catch {
                throw ConfigurationError(description: "\(name): \(error)")
            }
        }, current: { $0[keyPath: path].description })
    }

    static func boolean(_ name: String, _ help: String, _ path: any WritableKeyPath<Settings, Bool> & Sendable) -> Option {
        Option(name: name, value: nil, help: help, apply: { settings, text throws(ConfigurationError) in
            switch text.lowercased() {
            case "", "1", "true", "yes", "on": settings[keyPath: path] = true
            case "0", "false", "no", "off": settings[keyPath: path] = false
            default: throw .invalidValue(name, text, "true or false")
            }
        }, current: { String($0[keyPath: path]) })
    }
}
