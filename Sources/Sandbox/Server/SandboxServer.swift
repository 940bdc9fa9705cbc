public import Server
import Synchronization

/// A loopback server that answers like SBB's timetable servers, from a ``TimetableModel``.
///
/// It listens on `127.0.0.1` on a free port and answers in the three formats the timetable
/// providers read, on the paths of their routes: `POST /bin/extxml.exe` (HAFAS extxml,
/// ``ExtXMLService``), `GET /bin/query.exe/dn`, `/bin/stboard.exe/dn`, `/bin/bhftafel.exe/dn`
/// and `/bin/ajax-getstop.exe/dn` (the HAFAS pages, ``QueryHTMLService``), `POST /ojp20`
/// (OJP 2.0, ``OJPService``) and `GET /v1/connections`, `/v1/stationboard` and `/v1/locations`
/// (transport.opendata.ch, ``OpendataService``, "now" on ``Configuration/timetableClock``),
/// `GET /api/v5/plan`, `/api/v5/stoptimes`, `/api/v1/geocode` and `/api/v1/reverse-geocode`
/// (MOTIS 2 as Transitous runs it, ``MotisService``, on the same clock); and BART's real-time
/// departures, `GET /api/etd.aspx` (the etd API)
/// and `GET /dev/eta/bart_eta.xml` (the legacy feed), from ``BARTFeedService`` on the wall clock (or ``Configuration/bartClock``),
/// and BART's GTFS feeds, `GET /dev/schedules/google_transit.zip`, `/gtfsrt/tripupdate.aspx` and
/// `/gtfsrt/alerts.aspx`, from ``TransitFeedService`` on the same clock.
/// Given ``Configuration/places``, it also routes (``DirectionsSimulator``: Google Directions XML,
/// Google Routes computeRoutes, OSRM, GraphHopper GPX), forecasts on ``Configuration/weatherClock``
/// (``MetNoSimulator``: MET Norway's Locationforecast 2.0; ``OpenMeteoSimulator``: Open-Meteo;
/// ``NWSAPISimulator``: api.weather.gov; ``WeatherSimulator``: the retired yr.no, Google weather
/// and NWS DWML) and geocodes (``GeocodingSimulator``: Nominatim, Google Geocoding, Photon).
/// Point an upstream's `origin` at ``origin`` to run the whole scraping path offline.
///
/// ```swift
/// let sandbox = try SandboxServer(model: TimetableModel(stations: SwissStations.all))
/// // --upstream hafas-extxml origin=\(sandbox.origin)
/// await sandbox.shutdown()
/// ```
public final class SandboxServer: Sendable {
    /// How the sandbox listens and answers.
    public struct Configuration: Sendable {
        /// The port; 0 takes a free one.
        public var port = 0
        /// Milliseconds to wait before each answer, to stand in for a distant server in benchmarks.
        public var latency = 0
        /// The share of answers that fail as real upstreams do (``SandboxFaults``); none by default.
        public var faults = SandboxFaults.Configuration()
        /// Answers kept by request body, so that repeated requests cost no timetable work.
        public var keptAnswers = 512
        /// Seconds since 1970 for the BART feeds: the wall clock, or a test's.
        public var bartClock: @Sendable () -> Int64 = BARTFeedService.wallClock
        /// The places the directions, weather and geocoding simulators answer from; without
        /// them those paths answer 503.
        public var places: (any PlaceSource)?
        /// Seconds since 1970 for the weather forecasts and the geocoders' timestamps: the wall clock, or a test's.
        public var weatherClock: @Sendable () -> Int64 = BARTFeedService.wallClock
        /// Seconds since 1970 for a transport.opendata.ch request without a date or time: the wall clock, or a test's.
        public var timetableClock: @Sendable () -> Int64 = BARTFeedService.wallClock

        /// The defaults: a free port, no latency.
        public init() {}
    }

    /// The path extxml.exe answers on.
    public static let extXMLPath = "/bin/extxml.exe"

    private let server: HTTPServer
    /// The origin links in answers fall back on when a request names no host.
    private let ownOrigin: OwnOrigin
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:PORT`.
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// Starts the sandbox; it answers until ``shutdown()``.
    public init(model: TimetableModel, configuration: Configuration = Configuration(), log: ServerLog? = nil) throws {
        var serverConfiguration = ServerConfiguration()
        serverConfiguration.host = "127.0.0.1"
        serverConfiguration.port = configuration.port
        serverConfiguration.accessLog = .off
        serverConfiguration.shutdownGrace = 0.5
        let log = log ?? ServerLog(sink: LogSink())
        let ownOrigin = OwnOrigin()
        let responder = try Responder(
            routes: Self.routes(model, configuration: configuration, origin: ownOrigin), configuration: serverConfiguration, log: log)
        server = HTTPServer(
            responder: responder, configuration: serverConfiguration, log: log, accessLog: AccessLog(format: .off, sink: LogSink(descriptor: -1)))
        port = try server.start()
        self.ownOrigin = ownOrigin
        ownOrigin.set("http://127.0.0.1:\(port)")
    }

    /// Stops listening and lets the requests in progress finish.
    public func shutdown() async {
        await server.shutdown()
    }

    static func routes(_ model: TimetableModel, configuration: Configuration, origin: OwnOrigin = OwnOrigin()) -> [Route] {
        let kept = KeptAnswers(capacity: configuration.keptAnswers)
        let extXML = ExtXMLService(model: model), ojp = OJPService(model: model), pages = QueryHTMLService(model: model)
        let extXMLAnswer: @Sendable (Request) -> Response = { request in
            kept.answer(for: [0] + request.body) {
                Answer(status: 200, contentType: "text/xml; charset=ISO-8859-1", body: extXML.respond(to: request.body, contentType: request.headers["Content-Type"]))
            }.response
        }
        let ojpAnswer: @Sendable (Request) -> Response = { request in
            kept.answer(for: [1] + request.body) {
                let (status, body) = ojp.respond(to: request.body, contentType: request.headers["Content-Type"])
                return Answer(status: status, contentType: OJPService.contentType(status: status), body: body)
            }.response
        }
        let pageAnswer: @Sendable (Request) -> Response = { request in
            kept.answer(for: [2] + Array(request.path.utf8) + [0] + Array((request.rawQuery ?? "").utf8)) {
                let page = pages.respond(path: request.path, query: String(request.rawQuery ?? ""))
                return Answer(status: page.status, contentType: page.contentType, body: page.body)
            }.response
        }
        let opendata = OpendataService(model: model, now: configuration.timetableClock)
        let opendataAnswer: @Sendable (Request) -> Response = { request in
            let answer = { opendata.respond(path: request.path, query: request.rawQuery) }
            // An answer for "now" changes with the clock, so it is not kept.
            guard OpendataService.namesItsTime(path: request.path, query: request.rawQuery) else {
                let made = answer()
                return Answer(status: made.status, contentType: made.contentType, body: made.body).response
            }
            return kept.answer(for: [4] + Array(request.path.utf8) + [0] + Array((request.rawQuery ?? "").utf8)) {
                let made = answer()
                return Answer(status: made.status, contentType: made.contentType, body: made.body)
            }.response
        }
        let motis = MotisService(model: model, now: configuration.timetableClock)
        let motisAnswer: @Sendable (Request) -> Response = { request in
            let agent = request.headers["User-Agent"]
            let answer = { motis.respond(path: request.path, query: request.rawQuery, userAgent: agent) }
            // An answer for "now" changes with the clock, and a refusal for want of a User-Agent with the request: neither is kept.
            guard MotisService.namesItsTime(query: request.rawQuery), !(agent ?? "").trimmingSpaces.isEmpty else {
                let made = answer()
                return Answer(status: made.status, contentType: made.contentType, body: made.body).response
            }
            return kept.answer(for: [5] + Array(request.path.utf8) + [0] + Array((request.rawQuery ?? "").utf8)) {
                let made = answer()
                return Answer(status: made.status, contentType: made.contentType, body: made.body)
            }.response
        }
        // BART's answers change with the clock, so they are not kept.
        let bart = BARTFeedService(now: configuration.bartClock)
        let bartAnswer: @Sendable (Request) -> Response = { request in
            let feed = bart.respond(path: request.path, query: String(request.rawQuery ?? ""))
            return Answer(status: feed.status, contentType: feed.contentType, body: feed.body).response
        }
        let transit = TransitFeedService(now: configuration.bartClock)
        let transitAnswer: @Sendable (Request) -> Response = { request in
            transit.respond(path: request.path, ifModifiedSince: request.headers["If-Modified-Since"])
        }
        let all = [
            route("POST", extXMLPath, "SBB HAFAS extxml: connections, station lookups and boards.", latency: configuration.latency, extXMLAnswer),
            route("POST", OJPService.path, "OJP 2.0: trips, location searches and stop events.", latency: configuration.latency, ojpAnswer),
            route("GET", QueryHTMLService.connectionsPath, "HAFAS query.exe pages: connections.", latency: configuration.latency, pageAnswer),
            route("GET", QueryHTMLService.boardPath, "HAFAS stboard.exe pages: station boards.", latency: configuration.latency, pageAnswer),
            route("GET", QueryHTMLService.boardAliasPath, "HAFAS bhftafel.exe pages: station boards.", latency: configuration.latency, pageAnswer),
            route("GET", QueryHTMLService.locationsPath, "HAFAS ajax-getstop.exe: station lookups.", latency: configuration.latency, pageAnswer),
            route("GET", OpendataService.connectionsPath, "transport.opendata.ch v1: connections.", latency: configuration.latency, opendataAnswer),
            route("GET", OpendataService.boardPath, "transport.opendata.ch v1: station boards.", latency: configuration.latency, opendataAnswer),
            route("GET", OpendataService.locationsPath, "transport.opendata.ch v1: location searches.", latency: configuration.latency, opendataAnswer),
            route("GET", MotisService.planPath, "MOTIS 2 (Transitous): journeys.", latency: configuration.latency, motisAnswer),
            route("GET", MotisService.stopTimesPath, "MOTIS 2: departures and arrivals at stops.", latency: configuration.latency, motisAnswer),
            route("GET", MotisService.geocodePath, "MOTIS 2: places by name.", latency: configuration.latency, motisAnswer),
            route("GET", MotisService.reverseGeocodePath, "MOTIS 2: places near a position.", latency: configuration.latency, motisAnswer),
            route("GET", BARTFeedService.etdPath, "BART etd.aspx: real-time departures.", latency: configuration.latency, bartAnswer),
            route("GET", BARTFeedService.legacyPath, "BART's legacy bart_eta.xml feed.", latency: configuration.latency, bartAnswer),
            route("GET", TransitFeedService.staticPath, "BART's static GTFS feed, its calendar current.", latency: configuration.latency, transitAnswer),
            route("GET", TransitFeedService.tripUpdatesPath, "BART's GTFS-Realtime trip updates.", latency: configuration.latency, transitAnswer),
            route("GET", TransitFeedService.alertsPath, "BART's GTFS-Realtime service alerts.", latency: configuration.latency, transitAnswer),
        ] + placeRoutes(configuration, origin: origin)
        guard configuration.faults.percent > 0 else { return all }
        let faults = SandboxFaults(configuration.faults)
        return all.map(faults.wrap)
    }

    /// The directions, weather and geocoding paths; 503 on each when there are no places.
    static func placeRoutes(_ configuration: Configuration, origin: OwnOrigin = OwnOrigin()) -> [Route] {
        let web: @Sendable (Request) -> Response
        let computeRoutes: @Sendable (Request) -> Response
        if let places = configuration.places {
            let directions = DirectionsSimulator(model: DirectionsModel(places: places))
            let weather = WeatherSimulator(places: places, now: configuration.weatherClock)
            let metno = MetNoSimulator(now: configuration.weatherClock)
            let openMeteo = OpenMeteoSimulator(places: places, now: configuration.weatherClock)
            let nws = NWSAPISimulator(places: places, now: configuration.weatherClock)
            let geocoding = GeocodingSimulator(places: places, now: configuration.weatherClock)
            let kept = KeptAnswers(capacity: configuration.keptAnswers)
            web = { request in
                let path = request.path
                let webRequest = WebRequest(path: path, query: request.rawQuery, headers: request.headers)
                if path == MetNoSimulator.compactPath { return metno.respond(to: webRequest).response }
                if path == OpenMeteoSimulator.path { return openMeteo.respond(to: webRequest).response }
                if path.hasPrefix(NWSAPISimulator.pointsPrefix) || path.hasPrefix(NWSAPISimulator.gridPrefix) {
                    return nws.respond(to: webRequest, origin: OwnOrigin.origin(host: request.headers["Host"], fallback: origin.value)).response
                }
                if path.hasPrefix(DirectionsSimulator.osrmPrefix) || path == DirectionsSimulator.googlePath || path == DirectionsSimulator.graphHopperPath {
                    // Routes do not change with the clock: they are kept.
                    return kept.answer(for: [3] + Array(path.utf8) + [0] + Array((request.rawQuery ?? "").utf8)) {
                        let answer = directions.respond(path: path, query: request.rawQuery)
                        return Answer(status: answer.status, contentType: answer.contentType, body: answer.body)
                    }.response
                }
                let answer = path.hasPrefix(WeatherSimulator.yrPrefix) || path == WeatherSimulator.googlePath || path == WeatherSimulator.nwsPath
                    ? weather.respond(path: path, query: request.rawQuery) : geocoding.respond(path: path, query: request.rawQuery)
                return Answer(status: answer.status, contentType: answer.contentType, body: answer.body).response
            }
            computeRoutes = { request in
                // Google's APIs take the key and the field mask as headers or as parameters.
                let query = try? WebQuery(request.rawQuery)
                let key = request.headers["X-Goog-Api-Key"] ?? query?["key"]
                let mask = request.headers["X-Goog-FieldMask"] ?? query?["fields"] ?? query?["$fields"]
                let tag = [UInt8(4)] + Array((key ?? "").utf8) + [0] + Array((mask ?? "").utf8) + [0] + request.body
                return kept.answer(for: tag) {
                    let answer = directions.computeRoutes(body: request.body, key: key, fieldMask: mask)
                    return Answer(status: answer.status, contentType: answer.contentType, body: answer.body)
                }.response
            }
        } else {
            web = { _ in
                Answer(status: 503, contentType: "text/plain; charset=utf-8", body: Array("No place source is configured in the sandbox.\n".utf8)).response
            }
            computeRoutes = web
        }
        let latency = configuration.latency
        return [
            route("GET", DirectionsSimulator.googlePath, "Google Directions API, XML.", latency: latency, web),
            route("POST", DirectionsSimulator.googleRoutesPath, "Google Routes API computeRoutes, JSON.", latency: latency, computeRoutes),
            route("GET", DirectionsSimulator.osrmPrefix + "{coordinates}", "OSRM v5 driving routes.", latency: latency, web),
            route("GET", DirectionsSimulator.graphHopperPath, "GraphHopper routes as GPX.", latency: latency, web),
            route("GET", "/place/{country}/{region}/{place}/forecast.xml", "yr.no forecast.xml.", latency: latency, web),
            route("GET", "/place/{country}/{region}/{area}/{place}/forecast.xml", "yr.no forecast.xml, four-part places.", latency: latency, web),
            route("GET", WeatherSimulator.googlePath, "The iGoogle weather API.", latency: latency, web),
            route("GET", WeatherSimulator.nwsPath, "NWS NDFD DWML by day.", latency: latency, web),
            route("GET", MetNoSimulator.compactPath, "MET Norway Locationforecast 2.0, compact GeoJSON.", latency: latency, web),
            route("GET", OpenMeteoSimulator.path, "Open-Meteo forecast API.", latency: latency, web),
            route("GET", NWSAPISimulator.pointsPrefix + "{point}", "api.weather.gov points.", latency: latency, web),
            route("GET", NWSAPISimulator.gridPrefix + "{office}/{grid}/forecast", "api.weather.gov 12-hour forecasts.", latency: latency, web),
            route("GET", NWSAPISimulator.gridPrefix + "{office}/{grid}/forecast/hourly", "api.weather.gov hourly forecasts.", latency: latency, web),
            route("GET", GeocodingSimulator.searchPath, "Nominatim search, XML.", latency: latency, web),
            route("GET", GeocodingSimulator.reversePath, "Nominatim reverse geocoding, XML (with format=); Photon's, GeoJSON (without).", latency: latency, web),
            route("GET", GeocodingSimulator.photonSearchPath, "Photon search, GeoJSON.", latency: latency, web),
            route("GET", GeocodingSimulator.googlePath, "Google Geocoding API, XML.", latency: latency, web),
        ]
    }

    /// A route answering after `latency` milliseconds; without latency, on the server thread: no task, no suspension.
    private static func route(
        _ method: String, _ path: String, _ summary: String, latency: Int, _ answer: @escaping @Sendable (Request) -> Response
    ) -> Route {
        var immediate: Route.ImmediateHandler?
        if latency == 0 { immediate = { @Sendable request in answer(request) } }
        // The pages' queries are ISO-8859-1, read by the service itself.
        return Route(method, path, summary: summary, readsRawQuery: true, immediate: immediate, handler: { request in
            // Worked out first and sent when the latency is up: a real upstream's work is part
            // of the time it takes to answer, not added to it. The latency counts from the
            // request's arrival, not from when this task got a thread: the service's own work
            // (which shares the threads) must not make its simulated upstream slower.
            let due = ContinuousClock.now.advanced(by: .milliseconds(latency) - request.age)
            let response = answer(request)
            try await Task.sleep(until: due, clock: .continuous)
            return response
        })
    }
}

/// One answer of the sandbox.
struct Answer: Sendable {
    let status: Int
    let contentType: String
    let body: [UInt8]

    var response: Response {
        Response(status: status, headers: HTTPHeaders(contentType: contentType), body: .bytes(body), cache: .noStore)
    }
}

/// Answers by request (the format's tag, then its body, or its path and query), forgotten all at
/// once when full: the timetable is deterministic, so an answer never goes stale.
final class KeptAnswers: Sendable {
    private let capacity: Int
    private let answers = Mutex<[[UInt8]: Answer]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func answer(for request: [UInt8], _ make: () -> Answer) -> Answer {
        guard capacity > 0 else { return make() }
        if let kept = answers.withLock({ $0[request] }) { return kept }
        let made = make()
        answers.withLock { answers in
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[request] = made
        }
        return made
    }
}
