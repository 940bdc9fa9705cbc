extension RedisCache {
    /// How often the background probe sends `PING`, so that the cache's status follows Redis
    /// rather than the last request that happened to reach it.
    public struct ProbeInterval: Sendable, Equatable {
        /// Between two probes while Redis answers, counted from the last contact (a request's
        /// command counts): how long a Redis that died can go unnoticed while no request
        /// reaches it.
        public var healthy: Duration
        /// Between two probes while it does not: about how soon a Redis that is back is used
        /// again. The probe connects no more often than the cache's `reconnectInterval` either.
        public var degraded: Duration

        /// Every 5 s while Redis answers, every second while it does not.
        public init(healthy: Duration = .seconds(5), degraded: Duration = .seconds(1)) {
            self.healthy = healthy
            self.degraded = degraded
        }
    }

    /// Whether the probe is running: from the start until `shutdown()` or the cache's end.
    public nonisolated var isProbing: Bool { probing.load(ordering: .relaxed) }

    /// Starts the probe: a task that sleeps off the cache's thread and hops onto it only to
    /// probe, so that it waits like any call (`connect`/`command` timeouts) and never alongside one.
    ///
    /// The task holds the cache weakly between probes: a cache nobody uses any more goes away,
    /// and its probe with it.
    nonisolated func startProbe() -> Task<Void, Never> {
        probing.store(true, ordering: .relaxed)
        return Task.detached { [weak self] in
            defer { self?.probing.store(false, ordering: .relaxed) }
            while !Task.isCancelled, let next = await self?.probeIfDue() {
                do {
                    try await Task.sleep(until: next, clock: .continuous)
                } catch {
                    return
                }
            }
        }
    }

    /// Sends `PING` if the probe is due (a request may have reached Redis meanwhile); returns
    /// when it is due next, or nil once the probe is cancelled.
    func probeIfDue() -> ContinuousClock.Instant? {
        guard !Task.isCancelled else { return nil }
        let clock = ContinuousClock()
        if health.withLock({ $0.probeIsDue(at: clock.now) }) {
            ping()
            health.withLock { $0.probed(at: clock.now) }
        }
        return health.withLock { $0.nextProbe } ?? clock.now
    }

    /// Stops the probe and waits for it to end, then closes the connection. Calls still work
    /// afterwards: they connect again, as on first use.
    public func shutdown() async {
        let task = probeTask.withLock { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
        connection = nil
    }
}
