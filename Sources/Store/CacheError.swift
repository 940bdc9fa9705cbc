public import Kernel

/// Why a cache could not be configured, or why a backend command failed.
///
/// Only configuration errors reach callers; backend failures become a degraded `CacheStatus`.
public typealias CacheError = KindedError<any CacheDriver>

extension ErrorKind<any CacheDriver> {
    /// A `--cache` value or Redis URL that cannot be used.
    public static var invalidConfiguration: Self { Self("invalid_configuration") }
    /// The backend could not be reached (refused, unresolvable, connect timeout).
    public static var unreachable: Self { Self("unreachable") }
    /// The connection broke; it is dropped.
    public static var connectionLost: Self { Self("connection_lost") }
    /// The backend did not answer within the command timeout; the connection is dropped.
    public static var timeout: Self { Self("timeout") }
    /// The backend answered with an error or an unexpected reply.
    public static var reply: Self { Self("reply") }
}
