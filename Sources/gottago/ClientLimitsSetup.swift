import API
import Kernel
import Store

/// The per-client limits `gottago serve` runs with: none unless `--client-rate` or `--api-keys`
/// is given; counted in Redis when the cache is Redis (shared by every instance), else in memory.
enum ClientLimitsSetup {
    /// The limits and, with Redis, the limiter to shut down at exit.
    static func make(_ settings: Settings) throws(ConfigurationError) -> (limits: ClientLimits?, redis: RedisRateLimiter?) {
        let anonymous = settings.clientRate > 0
            ? RateRule(rate: settings.clientRate, burst: settings.clientBurst > 0 ? settings.clientBurst : Int(settings.clientRate.rounded(.up)))
            : nil
        var keys: APIKeys?
        if !settings.apiKeysFile.isEmpty {
            let bytes: [UInt8]
            do {
                bytes = try Files.read(settings.apiKeysFile, limit: 16 << 20, regularOnly: true)
            } catch {
                throw ConfigurationError(description: "api-keys: cannot read \(error)")
            }
            do {
                keys = try APIKeys(parsing: String(decoding: bytes, as: UTF8.self))
            } catch {
                throw .file(settings.apiKeysFile, line: error.line, error.message)
            }
        }
        guard anonymous != nil || keys != nil else { return (nil, nil) }
        switch settings.cache.backend {
        case .memory:
            return (ClientLimits(anonymous: anonymous, keys: keys, limiter: MemoryRateLimiter()), nil)
        case .redis(let endpoint):
            let redis = RedisRateLimiter(endpoint: endpoint, timeout: settings.cache.redisTimeout)
            return (ClientLimits(anonymous: anonymous, keys: keys, limiter: redis), redis)
        }
    }
}
