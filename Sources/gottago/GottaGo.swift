#if canImport(Glibc)
import Glibc
#endif
import API
import Dispatch
import Fetch
import Model
import Sandbox
import Scrape
import Services
import Server
import Store
import Upstream
import Kernel

/// The `gottago` command: `serve`, `--help`, `--version`.
@main
struct GottaGo {
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let command = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "help"
        if !arguments.isEmpty, !arguments[0].hasPrefix("-") { arguments.removeFirst() }
        if command == "help" || arguments.contains("--help") || arguments.contains("-h") {
            if arguments.contains("--version") {
                print("gottago \(ServerVersion.current)")
            } else {
                print(Help.text)
            }
            exit(0)
        }
        switch command {
        case "serve":
            await serve(arguments)
        case "routes":
            exit(RouteCommands.routes(arguments))
        case "upstreams":
            exit(await UpstreamCommands.run(arguments))
        case "scrape":
            exit(RouteCommands.scrape(arguments))
        case "get":
            exit(await GetCommand.run(arguments))
        default:
            fail("unknown command \"\(command)\"")
        }
    }

    static func serve(_ arguments: [String]) async {
        // Before the server's threads allocate: one arena per core.
        MallocArenas.limit(to: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let settings: Settings
        do {
            settings = try ConfigurationLoader(
                arguments: arguments, environment: Environment.options(),
                readFile: Environment.readTextFile
            ).load()
        } catch {
            fail(error.description)
        }
        // A server never starts with a route it cannot use.
        var catalog: RouteCatalog
        do {
            catalog = try RouteCatalog.load(from: settings.routes)
        } catch {
            Environment.write(error.description + "\n", to: 2)
            fail("the route files in \(settings.routes) are invalid")
        }
        // A provider that speaks a shipped route's API from another upstream (a MOTIS of one's own).
        if let provider = settings.timetable, let upstream = provider.upstream {
            catalog = catalog.reassigning(provider.routeIDs, to: upstream)
        }
        let signals = Signals([SIGTERM, SIGINT])
        let sink = LogSink()
        let log = ServerLog(sink: sink)
        let server: HTTPServer
        let application: Application
        let port: Int
        let fetcher: CurlFetcher
        do {
            var fetch = FetchConfiguration()
            fetch.userAgent = settings.userAgent
            fetcher = try CurlFetcher(configuration: fetch)
        } catch {
            fail("cannot start the upstream client: \(error)")
        }
        // Every chosen provider's upstream answers from the embedded sandbox unless it goes live.
        let plan: UpstreamPlan
        do {
            plan = try UpstreamPlan(settings: settings, catalog: catalog)
        } catch {
            fail(error.description)
        }
        // The station directory (26,644 stops) builds on another thread meanwhile.
        let stationDirectory = settings.timetable.map { _ in
            Prebuilt { try StationDirectory(stations: SwissStations.all, configuration: .init(positionIndex: .grid, nameIndex: .columns)) }
        }
        // The gazetteer: the default geocoder, the time zones of places, and the simulators' places.
        var gazetteer: Gazetteer?
        if settings.weather != nil || settings.geocoder != nil {
            let directory = settings.dataDirectory.isEmpty ? Environment.cacheDirectory() : settings.dataDirectory
            do {
                let started = WallClock.milliseconds()
                gazetteer = try Gazetteer.open(Gazetteer.Configuration(directory: directory))
                let took = WallClock.milliseconds() - started
                if took > 1000 { log.info("built the gazetteer in \(directory) in \(took / 1000) s") }
            } catch {
                fail("cannot open the gazetteer in \(directory): \(error); choose another folder with --data-dir")
            }
        }
        let policies: [String: UpstreamPolicy]
        let sandbox: SandboxServer?
        let sandboxClock: SandboxClock?
        do {
            (policies, sandbox, sandboxClock) = try plan.start(settings, gazetteer: gazetteer, log: log)
        } catch {
            fail("cannot start the embedded sandbox: \(error)")
        }
        let upstreams: Upstreams
        var timetable: TimetableService?
        // Redis's state when first known and at each change after, not at every probe.
        let cache = settings.cache.makeDriver { status in
            if status.isOK { log.info("cache redis: ok") } else { log.warning("cache redis: \(status); memory stands in") }
        }
        do {
            upstreams = try Upstreams(
                catalog: catalog, fetcher: fetcher, cache: cache, policies: policies, log: { log.warning($0) },
                more: settings.transit.map(\.upstream).filter { name in !catalog.routes.contains { $0.upstream == name } })
        } catch {
            fail("--upstream: \(error)")
        }
        if let provider = settings.timetable, let stationDirectory {
            do {
                let directory = try stationDirectory.get()
                timetable = try TimetableService(upstreams: upstreams, directory: directory, provider: provider, window: settings.timetableWindow * 60)
            } catch {
                fail("cannot start the timetable: \(error)")
            }
        }
        var transit: TransitService?
        if !settings.transit.isEmpty {
            let directory = (settings.dataDirectory.isEmpty ? Environment.cacheDirectory() : settings.dataDirectory) + "/transit"
            do {
                try Files.makeDirectory(directory)
                // The sandbox's clock when it runs (the wall clock unless --sandbox-time set another).
                var clock: (@Sendable () -> Int64)?
                if let sandboxClock { clock = { sandboxClock.now() } }
                let service = try TransitService(
                    agencies: settings.transit, upstreams: upstreams, directory: directory, clock: clock, log: { log.info($0) })
                service.start()
                transit = service
            } catch {
                fail("cannot start the transit agencies in \(directory): \(error); choose another folder with --data-dir")
            }
        }
        var departures: DepartureService?
        if let provider = settings.departures {
            do {
                if provider.isTransit, let transit {
                    departures = try DepartureService(transit: transit)
                } else {
                    departures = try DepartureService(feed: DepartureFeed(upstreams: upstreams, routeID: provider.routeIDs[0]))
                }
            } catch {
                fail("cannot start the departures: \(error)")
            }
        }
        let places: (any PlaceDirectory)? = gazetteer
        var geocoding: GeocodingService?
        var weather: RouteWeatherService?
        do {
            if let provider = settings.geocoder {
                geocoding = try GeocodingService(
                    provider: provider, directory: places, upstreams: upstreams, key: settings.apiKey)
            }
            if let provider = settings.weather, let geocoding {
                weather = RouteWeatherService(
                    geocoding: geocoding,
                    directions: try settings.directions.map { try DirectionsService(upstreams: upstreams, provider: $0, key: settings.apiKey) },
                    weather: try WeatherService(upstreams: upstreams, provider: provider), zones: places)
            }
        } catch {
            fail("cannot start the weather: \(error)")
        }
        var limitsStore: RedisRateLimiter?
        do {
            var api = settings.api
            (api.limits, limitsStore) = try ClientLimitsSetup.make(settings)
            api.upstreamUses = plan.apiUses
            api.live = UpstreamPlan.live(settings)
            if let sandboxClock { api.advanceSandboxClock = { sandboxClock.advance(by: Int64($0)) } }
            switch settings.webDirectory {
            case "": break
            case "none": api.site = nil
            case let directory:
                do { api.site = try WebSite.directory(directory) } catch { fail("--web-dir: \(error)") }
            }
            application = try Application(
                server: settings.server, api: api, upstreams: upstreams, timetable: timetable, departures: departures,
                weather: weather, geocoding: geocoding, transit: transit, log: log)
            server = HTTPServer(
                responder: application.responder, configuration: settings.server, log: log,
                accessLog: AccessLog(format: settings.server.accessLog, sink: sink))
            port = try server.start()
        } catch {
            sink.flush()
            fail("\(error)")
        }
        let host = settings.server.host.contains(":") ? "[\(settings.server.host)]" : settings.server.host
        // Unbuffered, so that whoever started us can read the port at once.
        Environment.write("listening on http://\(host):\(port)\n", to: 1)
        log.info("loaded \(catalog.routes.count) routes from \(settings.routes); upstreams \(upstreams.names.joined(separator: ", ")); cache \(upstreams.cache.name)")
        for use in plan.uses {
            var line = "\(use.option): \(use.provider)"
            if let upstream = use.upstream {
                if plan.simulated.contains(upstream), let sandbox {
                    line += " from the embedded sandbox at \(sandbox.origin)"
                } else if let status = upstreams.status(of: upstream) {
                    line += " from \(status.hosts.joined(separator: ", "))"
                }
            }
            if let retired = plan.retirement(use, catalog) {
                line += " (\(retired): its upstream no longer answers; kept as history)"
            }
            log.info(line)
        }
        // Ready once the transit agencies' first imports have ended (each in service, or its
        // failure said): a balancer sends no request that would find no timetable.
        let ready = Task {
            await transit?.settled()
            if !Task.isCancelled { application.readiness.set(true) }
        }
        let trimming = MallocArenas.trimming(every: 30)

        let signal = await signals.next()
        ready.cancel()
        trimming.cancel()
        log.info("received signal \(signal), draining for up to \(settings.server.shutdownGrace) s")
        application.readiness.set(false)
        await server.shutdown()
        await cache.shutdown()
        await limitsStore?.shutdown()
        fetcher.shutdown()
        await sandbox?.shutdown()
        log.info("stopped")
        sink.flush()
        exit(0)
    }

    static func fail(_ message: String) -> Never {
        Environment.write("gottago: \(message)\nRun `gottago --help` for the options.\n", to: 2)
        exit(2)
    }
}

/// Termination signals, caught with Dispatch off the signal handler's restricted context.
///
/// Installed before the server announces itself, so that a signal sent as soon as the
/// `listening on` line appears is a graceful shutdown, not the default kill.
final class Signals {
    private let received: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init(_ numbers: [Int32]) {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        received = stream
        sources = numbers.map { number in
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    /// The first signal received.
    func next() async -> Int32 {
        for await number in received { return number }
        return SIGTERM
    }
}
