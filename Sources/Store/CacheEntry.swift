/// A cached value with the times that bound its use.
///
/// The store keeps an entry until `expiresAt` and never returns it after that; whether it is
/// still fresh, or only good enough to serve stale, is the caller's decision.
///
/// ```swift
/// let entry = CacheEntry(value: body, storedAt: WallClock.milliseconds(),
///                        freshForMilliseconds: 30_000, keepForMilliseconds: 30_000 + 600_000)
/// ```
public struct CacheEntry: Sendable, Equatable, CustomStringConvertible {
    /// The cached bytes (a normalized record).
    public var value: [UInt8]
    /// When the value was stored, in milliseconds since the Unix epoch (wall clock, so that
    /// instances sharing a cache agree).
    public var storedAt: Int64
    /// How long after `storedAt` the value counts as fresh.
    public var freshForMilliseconds: Int64
    /// How long after `storedAt` the value may be returned at all: the freshness plus the larger
    /// of the stale windows.
    public var keepForMilliseconds: Int64
    /// The upstream's `Last-Modified` for the answer the value came from, sent back as
    /// `If-Modified-Since` when the value is refreshed; nil when it gave none.
    public var validator: String?

    /// Creates an entry.
    public init(value: [UInt8], storedAt: Int64, freshForMilliseconds: Int64, keepForMilliseconds: Int64, validator: String? = nil) {
        self.value = value
        self.storedAt = storedAt
        self.freshForMilliseconds = freshForMilliseconds
        self.keepForMilliseconds = keepForMilliseconds
        self.validator = validator
    }

    /// The first instant, in milliseconds since the epoch, at which the entry is gone.
    public var expiresAt: Int64 {
        let (sum, overflow) = storedAt.addingReportingOverflow(keepForMilliseconds)
        return overflow ? (keepForMilliseconds > 0 ? .max : .min) : sum
    }

    /// Whether the entry may no longer be returned at `now` (milliseconds since the epoch).
    public func isExpired(at now: Int64) -> Bool {
        now >= expiresAt
    }

    /// The sizes and times, not the bytes: entries can be megabytes.
    public var description: String {
        "CacheEntry(\(value.count) bytes, stored at \(storedAt), fresh for \(freshForMilliseconds) ms, kept for \(keepForMilliseconds) ms)"
    }
}
