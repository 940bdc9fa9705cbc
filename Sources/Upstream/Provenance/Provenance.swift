/// Where an answer came from and how old it is: what `X-Cache` and `Age` say, and until when a
/// copy of it may be kept.
///
/// ```swift
/// let whole = Provenance.combined([bernZurich.provenance, thunZurich.provenance])
/// // the worst source (STALE, then MISS, then HIT), the oldest age, the earliest fresh-until
/// ```
///
/// It also says where a copy kept in front of the upstreams counts its hits (``keptCopyHits``),
/// so that the layer keeping the copy needs to know no upstream's metrics.
public struct Provenance: Sendable {
    /// Where the answer came from, as `X-Cache` says it; ordered from best to worst.
    public enum Source: String, Sendable, Comparable, CaseIterable {
        case hit = "HIT"
        case miss = "MISS"
        case stale = "STALE"

        /// Whether `lhs` is the better source: it comes earlier in the list of cases.
        public static func < (lhs: Source, rhs: Source) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Cache hit, miss or stale.
    public var source: Source
    /// Seconds since the upstream gave it, when it was answered.
    public var age: Int
    /// When the upstream gave it and until when it is fresh, in milliseconds of the wall clock.
    public var storedAt: Int64
    public var freshUntil: Int64
    /// Where a hit on a kept copy of the answer is counted.
    public var keptCopyHits: KeptCopyHits

    /// The provenance of one answer.
    public init(source: Source, age: Int, storedAt: Int64, freshUntil: Int64, keptCopyHits: KeptCopyHits) {
        self.source = source
        self.age = age
        self.storedAt = storedAt
        self.freshUntil = freshUntil
        self.keptCopyHits = keptCopyHits
    }

    /// Several answers taken together: the worst source, the oldest age and stored-at, the earliest
    /// fresh-until, and a kept copy's hit counted for each of them; nil for none.
    public static func combined(_ all: [Provenance]) -> Provenance? {
        guard var whole = all.first else { return nil }
        for next in all.dropFirst() {
            whole.source = max(whole.source, next.source)
            whole.age = max(whole.age, next.age)
            whole.storedAt = min(whole.storedAt, next.storedAt)
            whole.freshUntil = min(whole.freshUntil, next.freshUntil)
            whole.keptCopyHits = whole.keptCopyHits + next.keptCopyHits
        }
        return whole
    }

    /// The same answer, fresh at most until `limit` (milliseconds of the wall clock).
    public func fresh(until limit: Int64) -> Provenance {
        var limited = self
        limited.freshUntil = min(freshUntil, limit)
        return limited
    }

    /// The same answer, never to be kept (a route's error answer, a part that failed beside it).
    public var notToBeKept: Provenance { fresh(until: .min) }

    /// Whether a copy may still be kept at `now`: the answer is fresh.
    public func isFresh(at now: Int64) -> Bool { now < freshUntil }
}
