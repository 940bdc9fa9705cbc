public import Server
import Synchronization

/// A loopback server that answers like SBB's timetable server, from a ``TimetableModel``.
///
/// It listens on `127.0.0.1` on a free port and answers `POST /bin/extxml.exe` (the path of
/// the `hafas-extxml-*` routes) with ``ExtXMLService``; point an upstream's `origin` at
/// ``origin`` to run the whole scraping path offline.
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
        /// Answers kept by request body, so that repeated requests cost no timetable work.
        public var keptAnswers = 512

        /// The defaults: a free port, no latency.
        public init() {}
    }

    /// The path extxml.exe answers on.
    public static let extXMLPath = "/bin/extxml.exe"

    private let server: HTTPServer
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
        let responder = try Responder(
            routes: Self.routes(ExtXMLService(model: model), configuration: configuration), configuration: serverConfiguration, log: log)
        server = HTTPServer(
            responder: responder, configuration: serverConfiguration, log: log, accessLog: AccessLog(format: .off, sink: LogSink(descriptor: -1)))
        port = try server.start()
    }

    /// Stops listening and lets the requests in progress finish.
    public func shutdown() async {
        await server.shutdown()
    }

    static func routes(_ service: ExtXMLService, configuration: Configuration) -> [Route] {
        let kept = KeptAnswers(capacity: configuration.keptAnswers)
        let latency = configuration.latency
        let answer: @Sendable (Request) -> Response = { request in
            let body = kept.answer(for: request.body) {
                service.respond(to: request.body, contentType: request.headers["Content-Type"])
            }
            return Response(
                headers: HTTPHeaders(contentType: "text/xml; charset=ISO-8859-1"), body: .bytes(body), cache: .noStore)
        }
        // Without latency the answer is made on the server thread: no task, no suspension.
        var immediate: Route.ImmediateHandler?
        if latency == 0 { immediate = { @Sendable request in answer(request) } }
        return [
            Route(
                "POST", extXMLPath, summary: "SBB HAFAS extxml: connections, station lookups and boards from the sandbox timetable.",
                immediate: immediate,
                handler: { request in
                    try await Task.sleep(for: .milliseconds(latency))
                    return answer(request)
                })
        ]
    }
}

/// Answers by request body, forgotten all at once when full: the timetable is deterministic,
/// so an answer never goes stale.
final class KeptAnswers: Sendable {
    private let capacity: Int
    private let answers = Mutex<[[UInt8]: [UInt8]]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func answer(for request: [UInt8], _ make: () -> [UInt8]) -> [UInt8] {
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
