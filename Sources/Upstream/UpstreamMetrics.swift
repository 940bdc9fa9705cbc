import Synchronization

/// What one upstream has done: fetches by outcome, their latency and bytes, cache results and
/// coalesced waiters; rendered in the Prometheus text format with the breaker and bucket state.
public final class UpstreamMetrics: Sendable {
    /// Upper bounds of the latency histogram, in seconds.
    public static let latencyBounds: [Double] = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// A copy of the counters.
    public struct Snapshot: Sendable, Equatable {
        /// Fetches by outcome (`ok`, `http_5xx`, `upstream_timeout`, …).
        public var outcomes: [String: Int] = [:]
        /// Fetches at or under each bound, then the total count.
        public var latencyBuckets = [Int](repeating: 0, count: UpstreamMetrics.latencyBounds.count)
        public var latencyCount = 0
        public var latencySum = 0.0
        /// Body bytes received.
        public var bytes = 0
        /// Answers by source.
        public var hits = 0
        public var misses = 0
        public var stale = 0
        /// Callers who got another caller's fetch.
        public var coalesced = 0
        /// Requests waiting now for the value another instance sharing the cache is fetching.
        public var waitingForOtherInstance = 0
    }

    private let counts = Mutex(Snapshot())
    /// Hits answered before reaching the client (a rendered answer kept by the API): the
    /// hottest path, so counted without a lock, on one counter per thread slot.
    private let earlyHits = (0..<8).map { _ in PaddedCounter() }

    /// Empty counters.
    public init() {}

    /// The counters now.
    public var snapshot: Snapshot {
        var snapshot = counts.withLock { $0 }
        snapshot.hits += earlyHits.reduce(0) { $0 + $1.value.load(ordering: .relaxed) }
        return snapshot
    }

    /// Counts cache hits answered from a copy kept in front of the client, on the counter of
    /// `slot` (the caller's thread number); the copy counts them through ``KeptCopyHits``.
    func answeredFromKeptCopy(slot: Int, count: Int = 1) {
        earlyHits[slot % earlyHits.count].value.add(count, ordering: .relaxed)
    }

    func fetched(outcome: String, seconds: Double, bytes: Int) {
        counts.withLock { counts in
            counts.outcomes[outcome, default: 0] += 1
            for (index, bound) in Self.latencyBounds.enumerated() where seconds <= bound { counts.latencyBuckets[index] += 1 }
            counts.latencyCount += 1
            counts.latencySum += seconds
            counts.bytes += bytes
        }
    }

    func answered(_ source: Provenance.Source) {
        counts.withLock { counts in
            switch source {
            case .hit: counts.hits += 1
            case .miss: counts.misses += 1
            case .stale: counts.stale += 1
            }
        }
    }

    func coalescedWaiter() {
        counts.withLock { $0.coalesced += 1 }
    }

    /// A request starts (`1`) or stops (`-1`) waiting for another instance's fetch.
    func waitingForOtherInstance(_ change: Int) {
        counts.withLock { $0.waitingForOtherInstance += change }
    }

    /// The Prometheus lines for this upstream (`upstream` label), with the live politeness state.
    public func prometheus(upstream: String, breakerOpen: Bool, tokensLeft: Int) -> String {
        let now = snapshot
        let label = "upstream=\"\(upstream)\""
        var lines: [String] = []
        for (outcome, count) in now.outcomes.sorted(by: { $0.key < $1.key }) {
            lines.append("gottago_upstream_requests_total{\(label),outcome=\"\(outcome)\"} \(count)")
        }
        for (index, bound) in Self.latencyBounds.enumerated() {
            lines.append("gottago_upstream_request_seconds_bucket{\(label),le=\"\(bound)\"} \(now.latencyBuckets[index])")
        }
        lines.append("gottago_upstream_request_seconds_bucket{\(label),le=\"+Inf\"} \(now.latencyCount)")
        lines.append("gottago_upstream_request_seconds_sum{\(label)} \(now.latencySum)")
        lines.append("gottago_upstream_request_seconds_count{\(label)} \(now.latencyCount)")
        lines.append("gottago_upstream_response_bytes_total{\(label)} \(now.bytes)")
        lines.append("gottago_upstream_cache_total{\(label),result=\"hit\"} \(now.hits)")
        lines.append("gottago_upstream_cache_total{\(label),result=\"miss\"} \(now.misses)")
        lines.append("gottago_upstream_cache_total{\(label),result=\"stale\"} \(now.stale)")
        lines.append("gottago_upstream_coalesced_total{\(label)} \(now.coalesced)")
        lines.append("gottago_upstream_waiting_for_other_instance{\(label)} \(now.waitingForOtherInstance)")
        lines.append("gottago_upstream_breaker_open{\(label)} \(breakerOpen ? 1 : 0)")
        lines.append("gottago_upstream_tokens{\(label)} \(tokensLeft)")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A counter alone on its cache line, so that threads counting on different ones never share a line.
final class PaddedCounter: Sendable {
    let value = Atomic<Int>(0)
    private let padding: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
}
