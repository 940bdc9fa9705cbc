/// What one request takes from its client's limit, declared per endpoint: a hit (answered from
/// memory or the cache) and a miss (an upstream was asked), which costs at least as much.
public struct RequestCost: Sendable, Equatable {
    /// Charged before the request runs.
    public let hit: Int
    /// Charged in all when the answer asked an upstream (its `X-Cache` is `MISS`, or it has none).
    public let miss: Int

    /// A cost; `miss` is raised to `hit` if lower.
    public init(hit: Int, miss: Int) {
        self.hit = max(0, hit)
        self.miss = max(self.hit, miss)
    }

    /// Never limited and never counted: health and readiness probes.
    public static let free = RequestCost(hit: 0, miss: 0)
    /// One unit, hit or miss: answers from memory.
    public static let standard = RequestCost(hit: 1, miss: 1)

    /// One unit for a hit, `miss` units when an upstream is asked.
    public static func upstream(miss: Int) -> RequestCost { RequestCost(hit: 1, miss: miss) }

    /// Whether requests with this cost bypass the limits.
    public var isFree: Bool { hit == 0 && miss == 0 }
}
