import Synchronization

/// Request and connection metrics, exposed in the Prometheus text format at `/metrics`.
///
/// Series are labelled by route template (never by raw path), so their number stays bounded.
public final class ServerMetrics: Sendable {
    /// Upper bounds of the latency histogram, in seconds.
    public static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    static let unmatched = "unmatched"

    private let routes: [String: RouteSeries]
    private let unmatchedSeries = RouteSeries()
    private let inFlight = Atomic<Int>(0)
    private let openConnections = Atomic<Int>(0)
    private let peakConnections = Atomic<Int>(0)
    private let rejectedConnections = Atomic<Int>(0)
    private let headTimeouts = Atomic<Int>(0)
    /// The access log's sink, whose dropped lines are reported with these metrics.
    private let accessLogSink = Mutex<LogSink?>(nil)

    /// Creates metrics with one series per route template.
    public init(templates: [String]) {
        var routes: [String: RouteSeries] = [Self.unmatched: unmatchedSeries]
        for template in templates where routes[template] == nil { routes[template] = RouteSeries() }
        self.routes = routes
    }

    /// Counts a request that has started.
    public func requestStarted() { inFlight.add(1, ordering: .relaxed) }

    /// Counts a finished request under its route's series (unmatched when nil).
    func requestFinished(series: RouteSeries?, status: Int, duration: Double) {
        inFlight.subtract(1, ordering: .relaxed)
        (series ?? unmatchedSeries).record(status: status, duration: duration)
    }

    /// The series of a route template; unknown templates count as unmatched.
    func series(for template: String) -> RouteSeries {
        routes[template] ?? unmatchedSeries
    }



    /// Counts an accepted connection.
    public func connectionOpened() {
        let now = openConnections.add(1, ordering: .relaxed).newValue
        var peak = peakConnections.load(ordering: .relaxed)
        while now > peak {
            let (exchanged, original) = peakConnections.compareExchange(expected: peak, desired: now, ordering: .relaxed)
            if exchanged { break }
            peak = original
        }
    }

    /// Counts a closed connection.
    public func connectionClosed() { openConnections.subtract(1, ordering: .relaxed) }

    /// Counts a connection turned away by a connection limit.
    public func connectionRejected() { rejectedConnections.add(1, ordering: .relaxed) }

    /// Counts connections cut because their request head was not complete in time.
    func headersTimedOut(_ count: Int) { headTimeouts.add(count, ordering: .relaxed) }

    /// Reports the lines this sink drops along with the server's metrics.
    func reportDrops(of sink: LogSink) { accessLogSink.withLock { $0 = sink } }

    /// Connections cut by the head deadline since start.
    public var headTimeoutCount: Int { headTimeouts.load(ordering: .relaxed) }

    /// Requests being handled now.
    public var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

    /// Connections open now.
    public var connectionsOpen: Int { openConnections.load(ordering: .relaxed) }

    /// The most connections open at once since start.
    public var connectionsPeak: Int { peakConnections.load(ordering: .relaxed) }

    /// The Prometheus text exposition of every series.
    public func exposition() -> String {
        var out = """
            # HELP gottago_http_requests_total HTTP requests by route template and status class.
            # TYPE gottago_http_requests_total counter

            """
        let snapshots = routes.keys.sorted().map { ($0, routes[$0]!.snapshot()) }
        for (template, snap) in snapshots {
            for (index, count) in snap.statusClasses.enumerated() where count > 0 {
                out += "gottago_http_requests_total{route=\"\(escape(template))\",status=\"\(index + 1)xx\"} \(count)\n"
            }
        }
        out += """
            # HELP gottago_http_request_duration_seconds Time from request line to response, by route template.
            # TYPE gottago_http_request_duration_seconds histogram

            """
        for (template, snap) in snapshots where snap.count > 0 {
            let label = "route=\"\(escape(template))\""
            var cumulative = 0
            for (bound, count) in zip(Self.buckets, snap.buckets) {
                cumulative += count
                out += "gottago_http_request_duration_seconds_bucket{\(label),le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "gottago_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(snap.count)\n"
            out += "gottago_http_request_duration_seconds_sum{\(label)} \(snap.sum)\n"
            out += "gottago_http_request_duration_seconds_count{\(label)} \(snap.count)\n"
        }
        out += """
            # HELP gottago_http_requests_in_flight Requests being handled now.
            # TYPE gottago_http_requests_in_flight gauge
            gottago_http_requests_in_flight \(requestsInFlight)
            # HELP gottago_http_open_connections Client connections open now.
            # TYPE gottago_http_open_connections gauge
            gottago_http_open_connections \(connectionsOpen)
            # HELP gottago_http_open_connections_peak The most client connections open at once since start.
            # TYPE gottago_http_open_connections_peak gauge
            gottago_http_open_connections_peak \(connectionsPeak)
            # HELP gottago_http_rejected_connections_total Connections turned away by a connection limit.
            # TYPE gottago_http_rejected_connections_total counter
            gottago_http_rejected_connections_total \(rejectedConnections.load(ordering: .relaxed))
            # HELP gottago_http_header_timeouts_total Connections cut because a request head was not complete within the head deadline.
            # TYPE gottago_http_header_timeouts_total counter
            gottago_http_header_timeouts_total \(headTimeoutCount)
            # HELP gottago_log_lines_dropped_total Log lines dropped because the log could not be written as fast as it grew.
            # TYPE gottago_log_lines_dropped_total counter
            gottago_log_lines_dropped_total \(accessLogSink.withLock { $0?.droppedLines } ?? 0)

            """
        return out
    }

    private func escape(_ label: String) -> String {
        var escaped = ""
        for character in label {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// The counters of one route template, sharded by server thread so threads do not contend.
final class RouteSeries: Sendable {
    struct Snapshot {
        var statusClasses = [Int](repeating: 0, count: 5)
        var buckets = [Int](repeating: 0, count: ServerMetrics.buckets.count)
        var count = 0
        var sum = 0.0

        mutating func merge(_ other: Snapshot) {
            for index in statusClasses.indices { statusClasses[index] += other.statusClasses[index] }
            for index in buckets.indices { buckets[index] += other.buckets[index] }
            count += other.count
            sum += other.sum
        }
    }

    private final class Shard: Sendable {
        let state = Mutex(Snapshot())
    }

    private let shards: [Shard] = (0..<8).map { _ in Shard() }

    func record(status: Int, duration: Double) {
        let statusClass = min(max(status / 100, 1), 5) - 1
        let bucket = ServerMetrics.buckets.firstIndex { duration <= $0 }
        shards[ThreadSlot.current % shards.count].state.withLock { s in
            s.statusClasses[statusClass] += 1
            if let bucket { s.buckets[bucket] += 1 }
            s.count += 1
            s.sum += duration
        }
    }

    func snapshot() -> Snapshot {
        var total = Snapshot()
        for shard in shards { total.merge(shard.state.withLock { $0 }) }
        return total
    }
}
