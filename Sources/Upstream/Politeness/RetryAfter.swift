import Kernel

/// The `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
public enum RetryAfter {
    /// Seconds to wait from `now` (seconds since the Unix epoch), or nil when the value is neither
    /// form; a date in the past means 0. The result is capped, so that an upstream cannot pause
    /// a route for days.
    public static func seconds(_ value: String, now: Double, cap: Double = 3600) -> Double? {
        let trimmed = value.trimmingSpaces
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), trimmed.utf8.count <= 10, let seconds = Double(trimmed) {
            return min(seconds, cap)
        }
        guard let date = HTTPDate.secondsSinceEpoch(trimmed) else { return nil }
        return min(max(0, Double(date) - now), cap)
    }
}

/// Delays between attempts: exponential from `base`, with full jitter, capped.
public enum Backoff {
    /// The delay before retry number `attempt` (1 for the first retry); `random` is in 0..<1.
    public static func delay(attempt: Int, base: Double = 0.1, cap: Double = 2, random: Double) -> Double {
        let exponent = Double(min(max(attempt - 1, 0), 20))
        let ceiling = min(cap, base * pow2(exponent))
        return ceiling * min(max(random, 0), 1)
    }

    private static func pow2(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent) { result *= 2 }
        return result
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
