/// How many results a simulated API gives a request: how many when the request does not say, and
/// at most.
///
/// ```swift
/// let trips = ResultCount(standard: 5, maximum: 16)
/// trips.clamped(nil)   // 5
/// trips.clamped(40)    // 16
/// ```
public struct ResultCount: Sendable, Equatable {
    /// How many when the request does not say.
    public let standard: Int
    /// At most this many.
    public let maximum: Int

    /// The count for a request that asks `asked` (nil: it does not say): at least one, at most ``maximum``.
    func clamped(_ asked: Int?) -> Int {
        min(max(asked ?? standard, 1), maximum)
    }
}
