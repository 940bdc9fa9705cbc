/// At most `limit` requests in any `window` seconds: the terms of an upstream that counts
/// requests a minute (Transitous: 20 journey searches a minute), which a token bucket of the same
/// burst would exceed (its full bucket and a minute's refill make twice the limit).
///
/// A pure value, as ``TokenBucket``: the caller passes the time. It keeps the instants of the
/// requests let through in the last window, `limit` at most.
public struct SlidingWindow: Sendable, Equatable {
    /// Requests in any window.
    public let limit: Int
    /// The window, in seconds.
    public let window: Double
    /// When the requests let through went (or will go, for promised ones), oldest first.
    private var sent: [Double] = []

    public init(limit: Int, window: Double) {
        precondition(limit >= 1 && window > 0, "a window needs a limit of at least 1 and a positive length")
        self.limit = limit
        self.window = window
    }

    /// Lets a request through now if fewer than `limit` went in the last window; otherwise, when
    /// a place frees up within `patience` seconds, promises it to the caller, who waits that
    /// long before sending.
    public mutating func take(now: Double, patience: Double = 0) -> TokenBucket.Outcome {
        sent.removeAll { $0 <= now - window }
        guard sent.count >= limit else {
            sent.append(now)
            return .granted
        }
        // The request `limit` places back leaves the window first: the next one goes a window after it.
        let at = sent[sent.count - limit] + window
        let wait = at - now
        guard wait <= patience else { return .denied(retryAfter: wait) }
        sent.append(at)
        return .deferred(seconds: wait)
    }

    /// Forgets the latest request let through, which was not sent after all.
    public mutating func giveBack() {
        if !sent.isEmpty { sent.removeLast() }
    }
}

/// A limit some of an upstream's routes share beside the upstream's own bucket.
enum SharedLimit: Sendable, Equatable {
    case bucket(TokenBucket)
    case window(SlidingWindow)

    /// The limit a policy's bucket describes, full at `now`.
    init(_ bucket: UpstreamPolicy.Bucket, now: Double) {
        if let window = bucket.window {
            self = .window(SlidingWindow(limit: bucket.burst, window: window))
        } else {
            self = .bucket(TokenBucket(rate: bucket.rate, burst: bucket.burst, now: now))
        }
    }

    mutating func take(now: Double, patience: Double) -> TokenBucket.Outcome {
        switch self {
        case .bucket(var bucket):
            let outcome = bucket.take(now: now, patience: patience)
            self = .bucket(bucket)
            return outcome
        case .window(var window):
            let outcome = window.take(now: now, patience: patience)
            self = .window(window)
            return outcome
        }
    }

    mutating func giveBack() {
        switch self {
        case .bucket(var bucket):
            bucket.giveBack()
            self = .bucket(bucket)
        case .window(var window):
            window.giveBack()
            self = .window(window)
        }
    }
}
