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
        case "scrape":
            exit(RouteCommands.scrape(arguments))
        case "get":
            exit(GetCommand.run(arguments))
        default:
            fail("unknown command \"\(command)\"")
        }
    }

    static func serve(_ arguments: [String]) async {
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
        let catalog: RouteCatalog
        do {
            catalog = try RouteCatalog.load(from: settings.routes)
        } catch {
            Environment.write(error.description + "\n", to: 2)
            fail("the route files in \(settings.routes) are invalid")
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
        // The timetable's and the departures' upstreams answer from the embedded sandbox unless given an origin.
        var policies = settings.upstreams
        var sandbox: SandboxServer?
        var simulated: [String] = []
        if let provider = settings.timetable {
            let missing = provider.routeIDs.filter { catalog[$0] == nil }
            guard missing.isEmpty else {
                fail("the timetable (\(provider.rawValue)) needs the routes \(missing.joined(separator: ", ")) in \(settings.routes); add them, or pass --timetable off")
            }
            simulated.append(provider.upstream)
        }
        if let provider = settings.departures {
            guard catalog[provider.routeID] != nil else {
                fail("the departures (\(provider.rawValue)) need the route \(provider.routeID) in \(settings.routes); add it, or pass --departures off")
            }
            simulated.append(provider.upstream)
        }
        for (what, option, ids, upstream) in [
            ("weather", settings.weather?.rawValue, settings.weather.map { [$0.routeID] }, settings.weather?.upstream),
            // Directions serve only the weather along routes.
            ("directions", settings.directions?.rawValue, settings.weather == nil ? nil : settings.directions.map { [$0.routeID] },
             settings.directions?.upstream),
            ("geocoder", settings.geocoder?.rawValue, settings.geocoder?.routeIDs, settings.geocoder?.upstream),
        ] {
            guard let option, let ids else { continue }
            let missing = ids.filter { catalog[$0] == nil }
            guard missing.isEmpty else {
                fail("the \(what) (\(option)) needs the routes \(missing.joined(separator: ", ")) in \(settings.routes); add them, or pass --\(what) off")
            }
            if let upstream { simulated.append(upstream) }
        }
        if settings.weather != nil, settings.geocoder == nil {
            fail("the weather needs a geocoder to find its places; pass --geocoder gazetteer (or another), or --weather off")
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
        simulated.removeAll { policies[$0]?.origin != nil || settings.routeOrigins.contains($0) }
        if !simulated.isEmpty {
            do {
                var configuration = SandboxServer.Configuration()
                configuration.latency = settings.sandboxLatency
                configuration.places = gazetteer.map(GazetteerPlaceSource.init)
                // The timetable's network of the 26,644 stops only when the sandbox answers for the timetable.
                let simulatesTimetable = settings.timetable.map { simulated.contains($0.upstream) } ?? false
                let model = TimetableModel(stations: simulatesTimetable ? SwissStations.all : [])
                let server = try SandboxServer(model: model, configuration: configuration, log: log)
                for upstream in simulated {
                    var policy = policies[upstream] ?? UpstreamPolicy()
                    policy.origin = server.origin
                    // Our own simulator: no need to spare it.
                    policy.maxConcurrent = max(policy.maxConcurrent, 64)
                    policy.rate = max(policy.rate, 100_000)
                    policy.burst = max(policy.burst, 100_000)
                    policies[upstream] = policy
                }
                sandbox = server
            } catch {
                fail("cannot start the embedded sandbox: \(error)")
            }
        }
        let upstreams: Upstreams
        var timetable: TimetableService?
        do {
            upstreams = try Upstreams(catalog: catalog, fetcher: fetcher, cache: settings.cache.makeDriver(), policies: policies)
        } catch {
            fail("--upstream: \(error)")
        }
        if let provider = settings.timetable, let stationDirectory {
            do {
                let directory = try stationDirectory.get()
                timetable = try TimetableService(upstreams: upstreams, directory: directory, provider: provider)
            } catch {
                fail("cannot start the timetable: \(error)")
            }
        }
        var departures: DepartureService?
        if let provider = settings.departures {
            do {
                departures = try DepartureService(feed: DepartureFeed(upstreams: upstreams, routeID: provider.routeID))
            } catch {
                fail("cannot start the departures: \(error)")
            }
        }
        let places = gazetteer.map(GazetteerDirectory.init)
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
        do {
            application = try Application(
                server: settings.server, api: settings.api, upstreams: upstreams, timetable: timetable, departures: departures,
                weather: weather, geocoding: geocoding, log: log)
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
        for (what, provider, upstream) in [
            ("timetable", settings.timetable?.rawValue, settings.timetable?.upstream), ("departures", settings.departures?.rawValue, settings.departures?.upstream),
            ("weather", settings.weather?.rawValue, settings.weather?.upstream), ("directions", settings.directions?.rawValue, settings.directions?.upstream),
            ("geocoder", settings.geocoder?.rawValue, settings.geocoder?.upstream ?? (settings.geocoder == nil ? nil : "gazetteer")),
        ] {
            guard let provider, let upstream else { continue }
            let source = sandbox.flatMap { simulated.contains(upstream) ? " from the embedded sandbox at \($0.origin)" : nil } ?? ""
            log.info("\(what): \(provider)\(source)")
        }
        application.readiness.set(true)

        let signal = await signals.next()
        log.info("received signal \(signal), draining for up to \(settings.server.shutdownGrace) s")
        application.readiness.set(false)
        await server.shutdown()
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
