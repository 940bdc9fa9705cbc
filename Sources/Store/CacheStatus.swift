/// Whether a cache driver works as configured, for `/readyz` and `/metrics`.
public enum CacheStatus: Sendable, Equatable, CustomStringConvertible {
    /// The driver stores and reads as configured.
    case ok
    /// The driver falls short, for example Redis is unreachable and memory stands in;
    /// `reason` starts with the driver's name (`"redis: connection refused"`).
    case degraded(reason: String)

    /// Whether the status is `.ok`.
    public var isOK: Bool {
        if case .ok = self { return true } else { return false }
    }

    /// `ok`, or `degraded (reason)`.
    public var description: String {
        switch self {
        case .ok: "ok"
        case .degraded(let reason): "degraded (\(reason))"
        }
    }
}
