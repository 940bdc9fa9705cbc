/// Where a hit on a copy kept in front of the upstreams (a rendered answer) is counted: in the
/// cache hits of each upstream that gave one of the answers in it, once per answer.
///
/// An upstream hands one out with each answer (``Provenance/keptCopyHits``); the layer that keeps
/// the copy records its hits here and never sees an upstream's metrics.
public struct KeptCopyHits: Sendable {
    /// Each upstream's metrics with the number of its answers in the copy.
    private var counts: [(metrics: UpstreamMetrics, answers: Int)]

    /// One answer of the upstream whose metrics these are.
    init(_ metrics: UpstreamMetrics) {
        counts = [(metrics, 1)]
    }

    /// The hits of a copy holding the answers of both.
    static func + (lhs: KeptCopyHits, rhs: KeptCopyHits) -> KeptCopyHits {
        var sum = lhs
        for (metrics, answers) in rhs.counts {
            if let index = sum.counts.firstIndex(where: { $0.metrics === metrics }) {
                sum.counts[index].answers += answers
            } else {
                sum.counts.append((metrics, answers))
            }
        }
        return sum
    }

    /// Counts one hit on the kept copy, from the thread numbered `slot` (each thread counts on its own counter).
    public func record(slot: Int) {
        for (metrics, answers) in counts { metrics.answeredFromKeptCopy(slot: slot, count: answers) }
    }

    /// How many answers a hit counts, in all.
    public var answers: Int { counts.reduce(0) { $0 + $1.answers } }
}
