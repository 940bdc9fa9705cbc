import API
import Model
import Sandbox
import Scrape
import Server
import Services
import Store
import Upstream

/// Which upstreams the chosen providers use, in which roles, and where their requests go: the
/// embedded sandbox (the default, offline), or the upstream itself (`--live`, `origin=route`, or an
/// origin of its own). Checked before anything starts: a provider whose routes are missing, a live
/// run without a contact, or a live provider without the key or token it needs stops the start.
struct UpstreamPlan {
    /// One chosen provider.
    struct Use {
        /// The option that chose it (`timetable`, `departures`, `weather`, `directions`, `geocoder`).
        let option: String
        /// The role it plays in `/api/upstreams` (`geocoding` for the geocoder).
        let role: String
        /// The provider's name.
        let provider: String
        /// Its upstream; nil for the embedded gazetteer.
        let upstream: String?
        /// Its routes, the main one first.
        let routeIDs: [String]
    }

    /// The chosen providers, in the options' order.
    let uses: [Use]
    /// The upstreams the embedded sandbox answers for.
    let simulated: [String]

    /// The plan for these settings over these routes.
    init(settings: Settings, catalog: RouteCatalog) throws(ConfigurationError) {
        var uses: [Use] = []
        // A provider's upstream is the one its main route's file names.
        func upstream(_ ids: [String]?) -> String? { ids?.first.flatMap { catalog[$0]?.upstream } }
        if let provider = settings.timetable {
            let missing = provider.routeIDs.filter { catalog[$0] == nil }
            guard missing.isEmpty else {
                throw ConfigurationError(description: "the timetable (\(provider.rawValue)) needs the routes \(missing.joined(separator: ", ")) in \(settings.routes); add them, or pass --timetable off")
            }
            uses.append(Use(option: "timetable", role: "timetable", provider: provider.rawValue, upstream: upstream(provider.routeIDs), routeIDs: provider.routeIDs))
        }
        if let provider = settings.departures {
            let missing = provider.routeIDs.filter { catalog[$0] == nil }
            guard missing.isEmpty else {
                throw ConfigurationError(description: "the departures (\(provider.rawValue)) need the routes \(missing.joined(separator: ", ")) in \(settings.routes); add them, or pass --departures off")
            }
            if provider.isTransit, !settings.transit.contains(where: { $0.name == "bart" }) {
                throw ConfigurationError(description: "the departures (\(provider.rawValue)) come from the transit agency bart; add it (--transit bart), or choose --departures bart-etd")
            }
            uses.append(Use(option: "departures", role: "departures", provider: provider.rawValue, upstream: upstream(provider.routeIDs), routeIDs: provider.routeIDs))
        }
        // BART's own GTFS feeds (simulated offline); an operator's agencies go to the addresses given.
        if settings.transit.contains(.bart) {
            let ids = DepartureProvider.bartGTFSRT.routeIDs
            let missing = ids.filter { catalog[$0] == nil }
            guard missing.isEmpty else {
                throw ConfigurationError(description: "the transit agencies need the routes \(missing.joined(separator: ", ")) in \(settings.routes); add them, or pass --transit off")
            }
            uses.append(Use(option: "transit", role: "transit", provider: "bart", upstream: upstream(ids), routeIDs: ids))
        }
        for (option, role, provider, ids) in [
            ("weather", "weather", settings.weather?.rawValue, settings.weather.map { [$0.routeID] }),
            // Directions serve only the weather along routes.
            ("directions", "directions", settings.directions?.rawValue, settings.weather == nil ? nil : settings.directions.map { [$0.routeID] }),
            ("geocoder", "geocoding", settings.geocoder?.rawValue, settings.geocoder?.routeIDs),
        ] {
            guard let provider, let ids else { continue }
            let missing = ids.filter { catalog[$0] == nil }
            guard missing.isEmpty else {
                throw ConfigurationError(description: "the \(option) (\(provider)) needs the routes \(missing.joined(separator: ", ")) in \(settings.routes); add them, or pass --\(option) off")
            }
            uses.append(Use(option: option, role: role, provider: provider, upstream: upstream(ids), routeIDs: ids))
        }
        if settings.weather != nil, settings.geocoder == nil {
            throw ConfigurationError(description: "the weather needs a geocoder to find its places; pass --geocoder gazetteer (or another), or --weather off")
        }
        if settings.live, settings.contact.isEmpty {
            throw ConfigurationError(description: "--live sends requests to the upstreams themselves, whose terms ask for a way to reach whoever runs the client: "
                + "pass --contact URL|EMAIL (it goes into the User-Agent)")
        }
        var simulated: [String] = []
        for use in uses {
            guard let upstream = use.upstream, !simulated.contains(upstream) else { continue }
            if settings.upstreams[upstream]?.origin != nil { continue }
            guard settings.live || settings.routeOrigins.contains(upstream) else {
                simulated.append(upstream)
                continue
            }
            // To the upstream itself: it must have what it asks for.
            if let (what, option, present) = Self.credential(use), !present(settings) {
                throw ConfigurationError(description: "the \(use.option) (\(use.provider)) goes to its upstream, which refuses requests without \(what): "
                    + "pass \(option), or let the embedded sandbox answer (without --live or origin=route)")
            }
        }
        self.uses = uses
        self.simulated = simulated
    }

    /// What a provider needs to be asked live, the option that gives it, and whether the settings have it.
    static func credential(_ use: Use) -> (what: String, option: String, present: (Settings) -> Bool)? {
        switch (use.option, use.provider) {
        case ("directions", DirectionsProvider.google.rawValue), ("directions", DirectionsProvider.graphhopper.rawValue),
             ("directions", DirectionsProvider.googleRoutes.rawValue), ("geocoder", GeocoderProvider.google.rawValue):
            return ("an API key", "--api-key KEY (or GOTTAGO_API_KEY, or api-key in the config file)", { $0.apiKey != Settings().apiKey })
        case ("timetable", TimetableProvider.ojp.rawValue):
            return ("a token", "--upstream \"ojp token=TOKEN\" (or GOTTAGO_UPSTREAM, or upstream in the config file)",
                    { settings in use.upstream.flatMap { settings.upstreams[$0]?.secretHeader } != nil })
        // Their terms ask for a User-Agent that identifies the client and a way to reach its operator.
        case ("weather", WeatherProvider.metno.rawValue), ("weather", WeatherProvider.nwsAPI.rawValue),
             ("timetable", TimetableProvider.transitous.rawValue), ("timetable", TimetableProvider.motis.rawValue),
             ("directions", DirectionsProvider.osrm.rawValue), ("geocoder", GeocoderProvider.nominatim.rawValue),
             ("geocoder", GeocoderProvider.photon.rawValue):
            return ("a contact in the User-Agent", "--contact URL|EMAIL (or GOTTAGO_CONTACT, or contact in the config file)", { !$0.contact.isEmpty })
        default:
            return nil
        }
    }

    /// The upstreams the plan talks to (the chosen providers', then those the settings name), each once.
    func configured(_ settings: Settings) -> [String] {
        var names: [String] = []
        for name in uses.compactMap(\.upstream) + settings.upstreams.keys.sorted() + settings.routeOrigins.sorted() where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// Whether an upstream without an origin may be asked live: every one with `--live`, those
    /// named by `origin=route`; in the sandbox's runs no other (its routes are not offered).
    static func live(_ settings: Settings) -> @Sendable (String) -> Bool {
        { [live = settings.live, origins = settings.routeOrigins] in live || origins.contains($0) }
    }

    /// The first retired route of a provider, when it has one.
    func retirement(_ use: Use, _ catalog: RouteCatalog) -> Retirement? {
        use.routeIDs.lazy.compactMap { catalog[$0]?.retired }.first
    }

    /// How `/api/upstreams` describes each upstream's use.
    var apiUses: [String: UpstreamUse] {
        var uses: [String: UpstreamUse] = [:]
        for use in self.uses {
            guard let upstream = use.upstream else { continue }
            uses[upstream, default: UpstreamUse(sandbox: simulated.contains(upstream))].roles.append(.init(name: use.role, provider: use.provider))
        }
        return uses
    }

    /// The upstreams' policies, the simulated ones pointed at the embedded sandbox, which is
    /// started when one is needed (with the gazetteer's places for the weather, directions and
    /// geocoding), and the sandbox's clock.
    func start(_ settings: Settings, gazetteer: Gazetteer?, log: ServerLog) throws
        -> (policies: [String: UpstreamPolicy], sandbox: SandboxServer?, clock: SandboxClock?)
    {
        var policies = settings.upstreams
        guard !simulated.isEmpty else { return (policies, nil, nil) }
        var configuration = SandboxServer.Configuration()
        configuration.latency = settings.sandboxLatency
        configuration.faults.percent = settings.sandboxFaults
        let clock = SandboxClock(start: Int64(settings.sandboxTime))
        configuration.bartClock = clock.now
        configuration.weatherClock = clock.now
        configuration.timetableClock = clock.now
        configuration.places = gazetteer
        // The timetable's network of the 26,644 stops only when the sandbox answers for the timetable.
        let simulatesTimetable = uses.first { $0.option == "timetable" }?.upstream.map { simulated.contains($0) } ?? false
        let model = TimetableModel(stations: simulatesTimetable ? SwissStations.all : [])
        let server = try SandboxServer(model: model, configuration: configuration, log: log)
        for upstream in simulated {
            var policy = policies[upstream] ?? UpstreamPolicy()
            policy.origin = server.origin
            // Our own simulator: no need to spare it.
            policy.maxConcurrent = max(policy.maxConcurrent, 64)
            policy.rate = max(policy.rate, 100_000)
            policy.burst = max(policy.burst, 100_000)
            policy.setByOperator.formUnion(["max-concurrent", "rate", "burst"])
            policy.enforcesDailyQuotas = false
            policies[upstream] = policy
        }
        return (policies, server, clock)
    }
}
