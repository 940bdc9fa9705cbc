import Kernel

/// Per-client counters in Redis, shared by every instance: one atomic Lua script per request
/// applies `GCRA` to the client's TAT (`gottago:rate:<client>`) and counts today's units for a
/// rule with a daily quota (`gottago:quota:<client>:<day>`). Both keys expire by themselves: the
/// TAT a minute after it is in the past (a TAT in the past counts as none, so the minute changes
/// nothing; it lets Redis's clock and the instances' differ, and tests move theirs by hand), the
/// day's count a minute after the day.
///
/// The time is the caller's (`now`), not Redis's `TIME`: the instances' clocks must agree to
/// within the precision the limits need (NTP does), and tests can drive it.
///
/// It has a connection of its own (a `RedisCache` without a probe, on its own thread). When
/// Redis cannot be reached, `take` answers nil at once, and the caller lets the request through
/// (fails open); a reconnect is tried at most once a second.
public final class RedisRateLimiter: RateLimiter {
    private let redis: RedisCache
    private let prefix: String

    /// A limiter on the Redis at `endpoint`, its keys starting with `prefix`.
    public init(endpoint: RedisEndpoint, timeout: RedisCache.Timeout = RedisCache.Timeout(), prefix: String = "gottago:") {
        redis = RedisCache(endpoint: endpoint, timeout: timeout, probe: nil)
        self.prefix = prefix
    }

    public func take(_ cost: Int, from client: String, rule: RateRule, now: Int64, force: Bool) async -> RateDecision? {
        let day = GCRA.day(of: now)
        let keys = [prefix + "rate:" + client, rule.dailyQuota == nil ? "" : prefix + "quota:\(client):\(day)"]
        let arguments = [
            String(now), String(rule.interval), String(rule.burst), String(cost), force ? "1" : "0",
            String(rule.dailyQuota ?? 0), String(GCRA.untilNextDay(now) + 60_000),
        ]
        guard let reply = await redis.evaluate(Self.script, keys: keys, arguments: arguments), reply.count == 5,
            let tat = Double(reply[2]), let used = Int(reply[3]), let excess = Double(reply[4])
        else { return nil }
        return GCRA(rule: rule).decision(tat: tat, now: now, allowed: reply[0] == "1", excess: excess, used: used, quotaSpent: reply[1] == "1")
    }

    /// Stops the connection's thread.
    public func shutdown() async {
        await redis.shutdown()
    }

    /// `GCRA.take` in Lua. KEYS: the TAT, today's count (empty without a quota). ARGV: now (ms),
    /// the interval (ms), the burst, the cost, force (1/0), the quota (0: none), and the count's
    /// lifetime (ms). Returns allowed (1/0), quota spent (1/0), the TAT after, today's units after,
    /// and how far the request overshot (ms), the numbers as text to keep their fractions.
    static let script = """
        local now = tonumber(ARGV[1])
        local interval = tonumber(ARGV[2])
        local burst = tonumber(ARGV[3])
        local cost = tonumber(ARGV[4])
        local force = ARGV[5] == '1'
        local quota = tonumber(ARGV[6])
        local used = 0
        if quota > 0 then used = tonumber(redis.call('GET', KEYS[2]) or '0') end
        local tat = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
        if tat < now then tat = now end
        local nextTat = tat + cost * interval
        local excess = nextTat - now - burst * interval
        local spent = (not force) and quota > 0 and used + cost > quota
        local allowed = force or ((not spent) and excess <= 1e-6)
        if allowed then
          tat = nextTat
          redis.call('SET', KEYS[1], string.format('%.17g', tat), 'PX', math.ceil(tat - now) + 60000)
          if quota > 0 then
            used = redis.call('INCRBY', KEYS[2], cost)
            redis.call('PEXPIRE', KEYS[2], ARGV[7])
          end
        end
        return {allowed and 1 or 0, spent and 1 or 0, string.format('%.17g', tat), used, string.format('%.17g', excess)}
        """
}
