/// Which cache the service uses, from `--cache`, and its limits.
///
/// ```swift
/// var configuration = try CacheConfiguration(parsing: "redis://127.0.0.1:6379/0")
/// let cache = configuration.makeDriver()  // Redis, with memory standing in while it is away
/// ```
public struct CacheConfiguration: Sendable, Equatable {
    /// Where entries live.
    public enum Backend: Sendable, Equatable {
        /// In this process only (the default).
        case memory
        /// In Redis, shared by every instance, with memory standing in while it is away.
        case redis(RedisEndpoint)
    }

    /// Where entries live; `.memory` by default.
    public var backend = Backend.memory
    /// The memory cache's byte budget (also the stand-in's for Redis); 64 MiB by default.
    public var memoryCapacityBytes = MemoryCache.defaultCapacityBytes
    /// How long to wait for Redis.
    public var redisTimeout = RedisCache.Timeout()
    /// The least time between two attempts to reach Redis while it is away.
    public var redisReconnectInterval = Duration.seconds(1)
    /// How often Redis is probed in the background (5 s while it answers, 1 s while it does
    /// not); nil: never, and the status follows the requests that reach Redis.
    public var redisProbe: RedisCache.ProbeInterval? = RedisCache.ProbeInterval()

    /// The defaults: memory, 64 MiB.
    public init() {}

    /// The defaults with the backend named by a `--cache` value: `memory` or a `redis://` URL.
    public init(parsing value: String) throws(CacheError) {
        self.init()
        if value == "memory" {
            backend = .memory
        } else if value.lowercased().hasPrefix("redis://") || value.lowercased().hasPrefix("rediss://") {
            backend = .redis(try RedisEndpoint(parsing: value))
        } else {
            throw CacheError(kind: .invalidConfiguration, message: "--cache \"\(value)\": expected memory or redis://host:port/db")
        }
    }

    /// A new driver for this configuration; `statusChanged` hears Redis's first status and every
    /// change between ok and degraded after it (memory never changes).
    public func makeDriver(statusChanged: (@Sendable (CacheStatus) -> Void)? = nil) -> any CacheDriver {
        switch backend {
        case .memory:
            return MemoryCache(capacityBytes: memoryCapacityBytes)
        case .redis(let endpoint):
            let redis = RedisCache(
                endpoint: endpoint, timeout: redisTimeout, reconnectInterval: redisReconnectInterval, probe: redisProbe,
                statusChanged: statusChanged)
            return FallbackCache(primary: redis, memory: MemoryCache(capacityBytes: memoryCapacityBytes))
        }
    }
}
