import Testing
@testable import Store

@Suite("CacheConfiguration and RedisEndpoint")
struct CacheConfigurationTests {
    @Test("redis:// URLs", arguments: [
        ("redis://127.0.0.1:6379/0", RedisEndpoint(host: "127.0.0.1", port: 6379, database: 0)),
        ("redis://cache.internal", RedisEndpoint(host: "cache.internal")),
        ("REDIS://cache.internal/", RedisEndpoint(host: "cache.internal")),
        ("redis://:s3cret@10.0.0.5:6380/2", RedisEndpoint(host: "10.0.0.5", port: 6380, database: 2, password: "s3cret")),
        ("redis://app:pw@h/15", RedisEndpoint(host: "h", database: 15, user: "app", password: "pw")),
        ("redis://[::1]:7000/1", RedisEndpoint(host: "::1", port: 7000, database: 1)),
    ])
    func endpoints(_ url: String, _ expected: RedisEndpoint) throws {
        #expect(try RedisEndpoint(parsing: url) == expected)
    }

    @Test("bad URLs say what is wrong", arguments: [
        ("http://127.0.0.1", "expected redis://"),
        ("rediss://h", "TLS"),
        ("redis://", "missing host"),
        ("redis://:pw@/0", "missing host"),
        ("redis://h:0", "port \"0\""),
        ("redis://h:99999/0", "port \"99999\""),
        ("redis://h:x", "port \"x\""),
        ("redis://h/one", "database \"one\""),
        ("redis://h/-1", "database \"-1\""),
        ("redis://h/0?timeout=1", "query"),
        ("redis://[::1/0", "unclosed"),
    ])
    func badEndpoints(_ url: String, _ message: String) {
        #expect {
            try RedisEndpoint(parsing: url)
        } throws: { error in
            guard let error = error as? CacheError else { return false }
            return error.kind == .invalidConfiguration && error.message.contains(message)
        }
    }

    @Test("the description never shows the password")
    func redacted() throws {
        let endpoint = try RedisEndpoint(parsing: "redis://app:s3cret@h:1/2")
        #expect(endpoint.description == "redis://app:***@h:1/2")
        #expect(RedisEndpoint(host: "::1").description == "redis://[::1]:6379/0")
        #expect(throws: CacheError.self) { try RedisEndpoint(parsing: "redis://:s3cret@h:nope") }
        do {
            _ = try RedisEndpoint(parsing: "redis://:s3cret@h:nope")
        } catch {
            #expect(!error.message.contains("s3cret"))
        }
    }

    @Test("--cache values")
    func cacheOption() throws {
        #expect(CacheConfiguration().backend == .memory)
        #expect(CacheConfiguration().memoryCapacityBytes == 64 * 1024 * 1024)
        #expect(try CacheConfiguration(parsing: "memory").backend == .memory)
        #expect(try CacheConfiguration(parsing: "redis://127.0.0.1:6379/0").backend == .redis(RedisEndpoint(host: "127.0.0.1")))
        for bad in ["", "Memory", "memcached://h", "redis:/h"] {
            #expect {
                try CacheConfiguration(parsing: bad)
            } throws: { error in
                (error as? CacheError)?.kind == .invalidConfiguration && "\(error)".contains("expected memory or redis://host:port/db")
            }
        }
        #expect(CacheConfiguration().makeDriver() is MemoryCache)
        let redis = try CacheConfiguration(parsing: "redis://127.0.0.1:1/0").makeDriver()
        #expect(redis is FallbackCache)
        #expect(redis.name == "redis")
    }

    @Test("the Redis driver probes by default, every 5 s while up and every second while down; shutdown stops it")
    func probe() async throws {
        var configuration = try CacheConfiguration(parsing: "redis://127.0.0.1:1/0")
        #expect(configuration.redisProbe == RedisCache.ProbeInterval(healthy: .seconds(5), degraded: .seconds(1)))
        let driver = try #require(configuration.makeDriver() as? FallbackCache)
        let redis = try #require(driver.primary as? RedisCache)
        #expect(redis.isProbing)
        await driver.shutdown()
        #expect(!redis.isProbing)

        configuration.redisProbe = nil
        let quiet = try #require((configuration.makeDriver() as? FallbackCache)?.primary as? RedisCache)
        #expect(!quiet.isProbing)
        #expect(quiet.status == .degraded(reason: "redis: not connected yet"))
    }
}
