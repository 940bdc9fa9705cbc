#if canImport(Glibc)
import Glibc
#endif
public import Fetch
public import Scrape
public import Store
import Synchronization
public import Kernel

/// One upstream's gate: cache, single-flight, politeness, fetch and extraction, in that order.
///
/// ```swift
/// let sbb = UpstreamClient(name: "sbb", fetcher: fetcher, cache: MemoryCache(), policy: UpstreamPolicy())
/// let answer = try await sbb.extract(route, parameters: ["from": "Bern", "to": "Thun", …])
/// // answer.provenance.source is .hit, .miss or .stale; answer.provenance.age in seconds
/// ```
///
/// A fresh cached answer is returned at once. A stale one within the stale-while-revalidate
/// window is returned at once too, while one background refresh runs. Otherwise one fetch per key
/// runs however many clients ask, within the concurrency cap, the token bucket and the circuit
/// breaker; if it fails and an answer within the stale-if-error window is cached, that answer is
/// served instead. Routes' own error answers (no connections) are cached briefly like data.
public final class UpstreamClient: Sendable {
    /// What the client got and where it came from.
    public struct Answer: Sendable {
        /// The records or the route's error.
        public let extraction: Extraction
        /// Cache hit, miss or stale, its age and freshness.
        public let provenance: Provenance
    }

    /// What a fill gives its caller and every waiter: the cache entry it wrote and the extraction
    /// as it is, so that a miss is never decoded from the bytes just encoded.
    struct Filled: Sendable {
        let entry: CacheEntry
        let extraction: Extraction
    }

    /// The upstream's name, used in error codes, messages and metrics.
    public let name: String
    /// What this upstream has done.
    public let metrics = UpstreamMetrics()
    /// How often each field of each route's records had a value, over the last answers.
    public let fillRates = FieldFillRates()
    /// The last useful answer and the last failure.
    public let outcomes = UpstreamOutcomes()
    let fetcher: CurlFetcher
    private let cache: any CacheDriver
    let policy: UpstreamPolicy
    let now: @Sendable () -> Int64
    private let flights = SingleFlight<String, Filled>()
    /// The background refreshes under way, by key.
    private let refreshing = Mutex<[String: Task<Void, Never>]>([:])
    /// This instance's name for the shared fetch locks.
    private let owner: String
    let limiter: ConcurrencyLimiter
    /// The clock requests' deadlines are counted on.
    private let deadlineClock: any Clock<Duration>
    struct Politeness {
        var bucket: TokenBucket
        var breaker: CircuitBreaker
        /// Until when the upstream asked us to wait (`Retry-After`), in milliseconds.
        var pausedUntil: Int64 = 0
        /// The routes' daily budgets, by route, once a route has asked.
        var quotas: [String: DailyQuota] = [:]
        /// The buckets some routes share beside the upstream's (`policy.buckets`), by name.
        var buckets: [String: SharedLimit] = [:]
    }
    let politeness: Mutex<Politeness>
    /// The bucket each route that names one takes a token of, beside the upstream's.
    private let bucketOfRoute: [String: String]
    /// Receives a line when the upstream refuses, pauses or breaks a request.
    private let log: (@Sendable (String) -> Void)?

    /// A gate for one upstream; `now` is the wall clock in milliseconds and `clock` the one
    /// requests' deadlines are counted on (both replaceable in tests).
    public init(
        name: String, fetcher: CurlFetcher, cache: any CacheDriver, policy: UpstreamPolicy,
        now: @escaping @Sendable () -> Int64 = WallClock.milliseconds, clock: any Clock<Duration> = ContinuousClock(),
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.name = name
        self.log = log
        self.fetcher = fetcher
        self.cache = cache
        self.policy = policy
        self.now = now
        deadlineClock = clock
        owner = "\(name)-\(UInt64.random(in: 0..<UInt64.max))"
        limiter = ConcurrencyLimiter(limit: policy.maxConcurrent)
        let start = Double(now()) / 1000
        politeness = Mutex(Politeness(
            bucket: TokenBucket(rate: policy.rate, burst: policy.burst, now: start),
            breaker: CircuitBreaker(threshold: policy.breakerThreshold, cooldown: policy.breakerCooldown),
            buckets: policy.buckets.mapValues { SharedLimit($0, now: start) }))
        bucketOfRoute = Dictionary(policy.buckets.flatMap { name, bucket in bucket.routes.map { ($0, name) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Waits until no background refresh is under way: for a caller that must see their effect.
    public func settled() async {
        while let task = refreshing.withLock({ $0.values.first }) { await task.value }
    }

    /// The cache times answers of `route` are kept by: the route's, with the operator's overrides.
    public func cacheTimes(for route: Route) -> CacheTimes {
        policy.cacheTimes(for: route.cache)
    }

    /// Whether a follow-up may go to `address` for a url-typed parameter that allows `hosts`: one
    /// of them, or anywhere when the upstream is sent to an origin (which replaces the host).
    func allows(_ address: Address, hosts: [String]) -> Bool {
        policy.origin != nil || hosts.contains(address.host)
    }

    /// Writes a line to the log, naming the upstream.
    func note(_ line: String) {
        log?("\(name): \(line)")
    }

    /// The route's records for parameters that each take one value.
    public func extract(_ route: Route, parameters: [String: String]) async throws(UpstreamFailure) -> Answer {
        try await extract(route, parameters: [String: RouteParameter.Value](singleValues: parameters))
    }

    /// The route's records for these parameters, from the cache or the upstream.
    /// `maxAge` (milliseconds), when given, makes a kept answer older than it stale, however long
    /// its route keeps answers fresh: for a feed whose own timestamp says its data was already
    /// old when it was fetched.
    public func extract(_ route: Route, parameters: [String: RouteParameter.Value], maxAge: Int64? = nil) async throws(UpstreamFailure) -> Answer {
        let request: UpstreamRequest
        do {
            // An origin replaces any address's host, so an address parameter may then name any.
            request = try route.upstreamRequest(parameters, anyHost: policy.origin != nil)
        } catch {
            throw UpstreamFailure(upstream: name, code: UpstreamFailure.Code.invalidParameter, retryAfter: nil, message: error.description)
        }
        let times = cacheTimes(for: route)
        let key = CacheKey.make(
            route: route.id, routeDigest: route.digest, method: request.method, url: policy.redirecting(request.url), body: request.body)
        var stale: (entry: CacheEntry, extraction: Extraction)?
        if let entry = await cache.get(key), let extraction = Extraction(decoding: entry.value) {
            let age = now() - entry.storedAt
            let fresh = min(entry.freshForMilliseconds, maxAge ?? .max)
            if age < fresh {
                metrics.answered(.hit)
                return answer(extraction, .hit, entry)
            }
            if age < fresh + Int64(times.staleWhileRevalidate * 1000) {
                // Served now; one refresh for everybody, in a background slot. Only the first stale
                // hit starts it, and it checks again first: another instance may have refreshed it.
                refreshing.withLock { running in
                    guard running[key] == nil else { return }
                    // Made under the lock, so that its own removal (which takes the lock) follows it.
                    running[key] = Task { [self] in
                        defer { _ = self.refreshing.withLock { $0.removeValue(forKey: key) } }
                        if let current = await cache.get(key), now() - current.storedAt < min(current.freshForMilliseconds, maxAge ?? .max) { return }
                        _ = try? await flights.run(key) { [self] in try await fill(key, route, times, request, parameters, .background, waitsForRate: false) }
                    }
                }
                metrics.answered(.stale)
                return answer(extraction, .stale, entry)
            }
            // Kept for errors only within the stale-if-error window, whatever the driver still holds.
            if age < fresh + Int64(times.staleIfError * 1000) { stale = (entry, extraction) }
        }
        do {
            // The fill's own extraction, to its caller and every waiter: a miss decodes nothing.
            let waitsForRate = stale == nil
            let (filled, shared) = try await flights.run(key) { [self] in
                try await fill(key, route, times, request, parameters, .client, waitsForRate: waitsForRate)
            }
            if shared { metrics.coalescedWaiter() }
            metrics.answered(.miss)
            return answer(filled.extraction, .miss, filled.entry)
        } catch {
            if let stale {
                metrics.answered(.stale)
                return answer(stale.extraction, .stale, stale.entry)
            }
            if let failure = error as? UpstreamFailure { throw failure }
            if error is CancellationError {
                throw UpstreamFailure(upstream: name, code: UpstreamFailure.Code.cancelled, retryAfter: nil, message: "The request was cancelled.")
            }
            throw UpstreamFailure(upstream: name, code: UpstreamFailure.Code.error, retryAfter: nil, message: "\(name): \(error)")
        }
    }

    private func answer(_ extraction: Extraction, _ source: Provenance.Source, _ entry: CacheEntry) -> Answer {
        Answer(extraction: extraction, provenance: Provenance(
            source: source, age: Int(max(0, now() - entry.storedAt) / 1000), storedAt: entry.storedAt,
            freshUntil: entry.storedAt + entry.freshForMilliseconds, keptCopyHits: KeptCopyHits(metrics)))
    }

    /// Seconds a request may take: the upstream's timeout.
    var timeout: Double { policy.totalTimeout ?? fetcher.configuration.totalTimeout }

    /// Fetches, extracts and stores one answer; throws `UpstreamFailure` when the upstream failed.
    ///
    /// The whole of it, waiting for a slot included, is bounded by the upstream's timeout: a
    /// request still in line when less than a tenth of its time is left is refused (503
    /// `upstream_busy`) rather than kept waiting behind requests that hang, and one let in
    /// before fetches with the time it has left.
    private func fill(
        _ key: String, _ route: Route, _ times: CacheTimes, _ request: UpstreamRequest, _ parameters: [String: RouteParameter.Value],
        _ priority: ConcurrencyLimiter.Priority, waitsForRate: Bool
    ) async throws -> Filled {
        let deadline = Deadline(after: .milliseconds(Int(timeout * 1000)), on: deadlineClock)
        // Across instances sharing the cache: one takes the lock and fetches, the others wait for
        // its value for a bounded time, then fetch themselves.
        let locked = await cache.lock(key + ":fetch", owner: owner, milliseconds: Int(policy.lockFor * 1000))
        if !locked, let filled = try await awaitOtherInstance(key) { return filled }
        defer {
            if locked { Task { [cache, owner] in await cache.unlock(key + ":fetch", owner: owner) } }
        }
        // Over the rate, a client's request waits for its token while at least half its time
        // would be left to fetch, rather than being refused: a route's places asked at once then
        // go out at the upstream's rate. A background refresh, and a request that has a stale
        // answer to fall back on, do not wait: they would take the tokens of requests that have
        // nothing else.
        let (probe, wait) = try admit(route, patience: waitsForRate ? Self.seconds(deadline.timeLeft) / 2 : 0)
        if wait > 0 {
            do {
                try await deadlineClock.sleep(for: .milliseconds(Int64((wait * 1000).rounded(.up))))
            } catch {
                // Given up on before it was sent: the tokens go back to the buckets.
                let shared = bucketOfRoute[route.id]
                politeness.withLock { state in
                    state.bucket.giveBack()
                    if let shared { state.buckets[shared]?.giveBack() }
                }
                throw error
            }
        }
        // A conditional refresh sends back the validator of the answer it would replace.
        var previous: Filled?
        var conditions: [(name: String, value: String)] = []
        if times.conditional, let entry = await cache.get(key), let validator = entry.validator, let extraction = Extraction(decoding: entry.value) {
            previous = Filled(entry: entry, extraction: extraction)
            conditions.append(("If-Modified-Since", validator))
        }
        let response: FetchResponse
        do {
            // A request let in with hardly any time left would only add to a slow upstream's load
            // and time out; and waiting less than the whole deadline lets those in line leave
            // before the requests ahead of them time out, instead of racing them for the slots.
            response = try await limiter.withSlot(priority, by: deadline.earlier(by: .milliseconds(Int(timeout * 100)))) { [conditions] in
                try await send(request, adding: conditions, by: deadline)
            }
        } catch let failure as UpstreamFailure {
            throw failure
        } catch {
            // Not sent, or given up on (cancelled): nothing was recorded, so a probe is taken back.
            if probe { politeness.withLock { $0.breaker.withdrawProbe() } }
            guard error is ConcurrencyLimiter.SlotTimeout else { throw error }
            // 503 rather than 504: the upstream was never asked, so its slowness is not what the
            // client hears about (and the breaker does not count it); the request can be sent
            // again as it is, and by `Retry-After` (the timeout) everyone in line now has been
            // let in or sent away.
            let busy = UpstreamFailure.busy(upstream: name, retryAfter: timeout)
            log?("\(name): \(busy.code) for \(route.id): no slot of \(policy.maxConcurrent) came free in time")
            throw busy
        }
        if response.status == 304, let previous {
            record(success: true, pause: nil, code: "not_modified", status: response.status)
            let fresh = freshness(of: response, times)
            let entry = CacheEntry(
                value: previous.entry.value, storedAt: now(), freshForMilliseconds: fresh,
                keepForMilliseconds: fresh + Int64(max(times.staleWhileRevalidate, times.staleIfError) * 1000),
                validator: response.header("Last-Modified") ?? previous.entry.validator)
            await cache.set(key, entry)
            return Filled(entry: entry, extraction: previous.extraction)
        }
        if var failure = UpstreamFailure.status(response.status, retryAfter: retryAfter(response), upstream: name) {
            // A server error whose body one of the route's error rules reads says what went wrong
            // (search.ch sends "Incomplete route description." with a 500).
            if (500...599).contains(response.status), failure.code == UpstreamFailure.Code.error,
                let told = await Self.ruleFailure(route, response, parameters)
            {
                failure = UpstreamFailure(upstream: name, code: told.code, retryAfter: nil, message: "\(name): \(told.message)")
            }
            // Of the failures an upstream's status stands for, only its request to wait carries seconds.
            record(success: false, pause: failure.retryAfter, code: failure.code, status: response.status)
            log?("\(name): \(failure.code) (HTTP \(response.status)) for \(route.id): \(failure.message)")
            throw failure
        }
        let extraction = await Self.extract(route, response, parameters)
        fillRates.record(route, extraction)
        let brokenAnswer: Bool
        if case .failure(let failure) = extraction.outcome, failure.kind == .fault { brokenAnswer = true } else { brokenAnswer = false }
        record(success: !brokenAnswer, pause: nil, code: Self.code(extraction), status: response.status)
        if brokenAnswer, case .failure(let failure) = extraction.outcome {
            throw UpstreamFailure(upstream: name, code: failure.code, retryAfter: nil, message: "\(name): \(failure.message)")
        }
        let isFailure: Bool
        if case .failure = extraction.outcome { isFailure = true } else { isFailure = false }
        let fresh = isFailure ? Int64(min(policy.failureFreshFor, times.fresh) * 1000) : freshness(of: response, times)
        let keep = isFailure ? fresh : fresh + Int64(max(times.staleWhileRevalidate, times.staleIfError) * 1000)
        // Encoded for the cache only; the caller gets the extraction as it is.
        let entry = CacheEntry(
            value: extraction.encoded(), storedAt: now(), freshForMilliseconds: fresh, keepForMilliseconds: keep,
            validator: times.conditional && !isFailure ? response.header("Last-Modified") : nil)
        await cache.set(key, entry)
        return Filled(entry: entry, extraction: extraction)
    }

    /// The route run over a response, on the parsing threads.
    private static func extract(_ route: Route, _ response: FetchResponse, _ parameters: [String: RouteParameter.Value]) async -> Extraction {
        await ParsingThreads.run {
            Extractor.run(route, body: response.body, contentType: response.header("Content-Type"), parameters: parameters.singleValues)
        }
    }

    /// The route's own error for a response, when one of its error rules matched (not when the
    /// response did not parse).
    private static func ruleFailure(
        _ route: Route, _ response: FetchResponse, _ parameters: [String: RouteParameter.Value]
    ) async -> RouteFailure? {
        let extraction = await extract(route, response, parameters)
        guard case .failure(let failure) = extraction.outcome, failure.code != route.unparsable.code || failure.message != route.unparsable.message,
            failure.code != FailureCodes.tooComplex
        else { return nil }
        return failure
    }

    /// How long an answer is fresh, in milliseconds: until its `Expires` (counted from its `Date`,
    /// as HTTP caches count it, so that clock skew does not matter) when the route honours it and
    /// that lies ahead, at most a week; otherwise the route's `fresh`.
    private func freshness(of response: FetchResponse, _ times: CacheTimes) -> Int64 {
        let fallback = Int64(times.fresh * 1000)
        guard times.usesExpires, let expires = response.header("Expires").flatMap(HTTPDate.secondsSinceEpoch) else { return fallback }
        let date = response.header("Date").flatMap(HTTPDate.secondsSinceEpoch) ?? now() / 1000
        let lifetime = expires - date
        guard lifetime > 0 else { return fallback }
        return min(lifetime, 604_800) * 1000
    }

    /// The value another instance is fetching, once it lands in the cache; nil after the wait,
    /// which is counted on the clock requests' deadlines are (a test's own, moved by the test).
    /// The cache is asked again every 25 ms meanwhile.
    private func awaitOtherInstance(_ key: String) async throws -> Filled? {
        let deadline = Deadline(after: .milliseconds(Int(policy.lockWait * 1000)), on: deadlineClock)
        metrics.waitingForOtherInstance(1)
        defer { metrics.waitingForOtherInstance(-1) }
        while !deadline.hasPassed {
            try await Task.sleep(for: .milliseconds(25))
            if let entry = await cache.get(key), now() - entry.storedAt < entry.freshForMilliseconds,
                let extraction = Extraction(decoding: entry.value)
            {
                return Filled(entry: entry, extraction: extraction)
            }
        }
        return nil
    }

    /// Refuses a request the breaker, a `Retry-After` pause or the token bucket does not allow
    /// (the bucket: no token within `patience` seconds); otherwise whether it is let through as
    /// the half-open circuit's one probe, and the seconds it waits for its token.
    private func admit(_ route: Route, patience: Double) throws(UpstreamFailure) -> (probe: Bool, wait: Double) {
        let current = now()
        let seconds = Double(current) / 1000
        let quota = policy.enforcesDailyQuotas ? route.politeness?.dailyQuota : nil
        let shared = bucketOfRoute[route.id]
        let (refusal, probe, wait) = politeness.withLock { state -> (UpstreamFailure?, Bool, Double) in
            // The upstream's own pause, not our budget: its code says so and counts down to its end.
            if state.pausedUntil > current {
                return (.paused(upstream: name, retryAfter: Double(state.pausedUntil - current) / 1000), false, 0)
            }
            let permit = state.breaker.permit(now: seconds)
            if case .rejected(let wait) = permit { return (.circuitOpen(upstream: name, retryAfter: wait), false, 0) }
            var refusal: UpstreamFailure?
            var wait = 0.0
            // The half-open circuit's one probe does not wait: everyone else is refused meanwhile.
            switch state.bucket.take(now: seconds, patience: permit == .probe ? 0 : patience) {
            case .granted: break
            case .deferred(let seconds): wait = seconds
            case .denied(let retryAfter): refusal = .rateLimited(upstream: name, retryAfter: retryAfter)
            }
            // A route that names a bucket needs a token of it too; refused, the upstream's is not spent.
            if refusal == nil, let shared, var own = state.buckets[shared] {
                switch own.take(now: seconds, patience: permit == .probe ? 0 : patience) {
                case .granted: break
                case .deferred(let seconds): wait = max(wait, seconds)
                case .denied(let retryAfter):
                    refusal = .rateLimited(upstream: name, retryAfter: retryAfter)
                    state.bucket.giveBack()
                }
                state.buckets[shared] = own
            }
            if refusal == nil, let quota {
                var daily = state.quotas[route.id] ?? DailyQuota(limit: quota, zone: route.response.timeZone)
                if case .denied(let wait) = daily.take(now: seconds) {
                    refusal = .quotaSpent(upstream: name, route: route.id, limit: quota, retryAfter: wait)
                    // Not sent: its tokens, taken or promised, are not spent.
                    state.bucket.giveBack()
                    if let shared { state.buckets[shared]?.giveBack() }
                }
                state.quotas[route.id] = daily
            }
            // A probe refused by our own budget was not sent either.
            if refusal != nil, permit == .probe { state.breaker.withdrawProbe() }
            return (refusal, permit == .probe && refusal == nil, wait)
        }
        if let refusal {
            if refusal.code == UpstreamFailure.Code.quotaSpent { log?("\(name): \(refusal.message)") }
            throw refusal
        }
        return (probe, wait)
    }

    /// Requests left today of each route's daily quota, by route, for the status document.
    public var dailyQuotasLeft: [String: (limit: Int, left: Int)] {
        let seconds = Double(now()) / 1000
        return politeness.withLock { state in state.quotas.mapValues { ($0.limit, $0.remaining(now: seconds)) } }
    }

    private func record(success: Bool, pause: Int?, code: String, status: Int?) {
        let current = now()
        outcomes.note(success: success, at: current, code: code, status: status)
        politeness.withLock { state in
            state.breaker.record(success: success, now: Double(current) / 1000)
            if let pause { state.pausedUntil = max(state.pausedUntil, current + Int64(pause) * 1000) }
        }
    }

    /// One request, retried once after a connection failure when it is a GET, each attempt
    /// within the time left before `deadline`.
    private func send(
        _ request: UpstreamRequest, adding extraHeaders: [(name: String, value: String)] = [], by deadline: Deadline
    ) async throws -> FetchResponse {
        var fetchRequest = FetchRequest(
            method: request.method, url: policy.redirecting(request.url), headers: policy.sending(request.headers.map { ($0.name, $0.value) } + extraHeaders),
            body: request.body)
        fetchRequest.connectTimeout = policy.connectTimeout
        var attempt = 0
        let clock = ContinuousClock()
        var timeLeft = deadline.timeLeft
        while true {
            let started = clock.now
            // libcurl takes whole milliseconds, and 0 for no timeout at all.
            fetchRequest.totalTimeout = max(0.001, min(timeout, Self.seconds(timeLeft)))
            do {
                let response = try await fetcher.fetch(fetchRequest)
                let outcome = response.status >= 500 ? "http_5xx" : (response.status == 429 ? "http_429" : "ok")
                metrics.fetched(outcome: outcome, seconds: Self.seconds(clock.now - started), bytes: response.body.count)
                return response
            } catch {
                let outcome = error.kind == .cancelled ? "cancelled" : UpstreamFailure.fetch(error, upstream: name).code
                metrics.fetched(outcome: outcome, seconds: Self.seconds(clock.now - started), bytes: 0)
                let retryable = Self.retryable.contains(error.kind) && request.method == "GET"
                if error.kind == .cancelled { throw CancellationError() }
                let delay = Duration.milliseconds(Int(Backoff.delay(attempt: attempt + 1, random: Double.random(in: 0..<1)) * 1000))
                timeLeft = deadline.timeLeft - delay
                guard retryable, attempt < policy.retries, timeLeft > Duration.zero else {
                    let failure = UpstreamFailure.fetch(error, upstream: name)
                    record(success: false, pause: nil, code: failure.code, status: nil)
                    // libcurl's own words, which may name hosts and addresses, go to the log only.
                    log?("\(name): \(failure.code) (\(error.kind)): \(error.message)")
                    throw failure
                }
                attempt += 1
                try await Task.sleep(for: delay)
            }
        }
    }

    /// Fetch failures worth one more try of a GET: the connection, not the answer, failed.
    private static let retryable: Set<FetchError.Kind> = [.nameNotResolved, .unreachable, .connectionLost, .emptyReply, .truncated]

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The Prometheus lines for this upstream, with its breaker and token bucket now.
    public var prometheusText: String {
        let seconds = Double(now()) / 1000
        let (open, tokens) = politeness.withLock { state in (state.breaker.isOpen, state.bucket.available(now: seconds)) }
        return metrics.prometheus(upstream: name, breakerOpen: open, tokensLeft: tokens)
    }

    private func retryAfter(_ response: FetchResponse) -> Int? {
        guard let value = response.header("Retry-After"),
            let seconds = RetryAfter.seconds(value, now: Double(now()) / 1000)
        else { return nil }
        return Int(seconds.rounded(.up))
    }
}
