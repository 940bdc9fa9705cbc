public import Server

/// The project's own server on a free loopback port with the given routes, quiet: the base of the
/// stand-in upstreams that tests write for one format or one rule.
///
/// ```swift
/// let upstream = try LoopbackServer([.get("/feed", summary: "A feed.") { _ in … }])
/// // policy.origin = upstream.base
/// await upstream.shutdown()
/// ```
public final class LoopbackServer: Sendable {
    public let server: HTTPServer
    /// The port it listens on.
    public let port: Int

    /// `http://127.0.0.1:PORT`.
    public var base: String { "http://127.0.0.1:\(port)" }

    /// Starts answering `routes` on 127.0.0.1.
    public init(_ routes: [Route]) throws {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.accessLog = .off
        configuration.shutdownGrace = 0.2
        let sink = LogSink(descriptor: -1)
        let log = ServerLog(sink: sink)
        let responder = try Responder(routes: routes, configuration: configuration, log: log)
        server = HTTPServer(responder: responder, configuration: configuration, log: log, accessLog: AccessLog(format: .off, sink: sink))
        port = try server.start()
    }

    /// Stops it, letting requests in progress finish.
    public func shutdown() async {
        await server.shutdown()
    }
}
