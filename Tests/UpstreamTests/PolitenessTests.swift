import Testing
@testable import Upstream

@Suite struct TokenBucketTests {
    @Test func burstThenRate() {
        var bucket = TokenBucket(rate: 2, burst: 3, now: 0)
        #expect((0..<3).map { _ in bucket.take(now: 0) } == [.granted, .granted, .granted])
        #expect(bucket.take(now: 0) == .denied(retryAfter: 0.5))
        #expect(bucket.take(now: 0.25) == .denied(retryAfter: 0.25))
        #expect(bucket.take(now: 0.5) == .granted)
        #expect(bucket.available(now: 100) == 3)  // never more than the burst
    }

    @Test("with patience, the next tokens are promised one per 1/rate, and the bucket refills from its debt")
    func promisedTokensComeAtTheRate() {
        var bucket = TokenBucket(rate: 4, burst: 2, now: 0)
        #expect(bucket.take(now: 0, patience: 1) == .granted)
        #expect(bucket.take(now: 0, patience: 1) == .granted)
        // Four more within a second of patience: each a quarter second after the one before.
        #expect((0..<4).map { _ in bucket.take(now: 0, patience: 1) } == [0.25, 0.5, 0.75, 1].map { .deferred(seconds: $0) })
        // The fifth would come after 1.25 s: more than the patience, so it is refused with that wait.
        #expect(bucket.take(now: 0, patience: 1) == .denied(retryAfter: 1.25))
        #expect(bucket.available(now: 0) == 0)
        // At 1 s the debt is paid; the next token comes a quarter second later.
        #expect(bucket.take(now: 1) == .denied(retryAfter: 0.25))
        #expect(bucket.take(now: 1.25) == .granted)
        #expect(bucket.available(now: 100) == 2)
        // A token given back (its request was not sent) is there for the next one, up to the burst.
        #expect(bucket.take(now: 100) == .granted && bucket.take(now: 100) == .granted)
        bucket.giveBack()
        #expect(bucket.take(now: 100) == .granted)
        bucket.giveBack(); bucket.giveBack(); bucket.giveBack()
        #expect(bucket.available(now: 100) == 2)
    }

    @Test func aClockGoingBackwardsTakesNothing() {
        var bucket = TokenBucket(rate: 1, burst: 1, now: 10)
        #expect(bucket.take(now: 10) == .granted)
        #expect(bucket.take(now: 5) == .denied(retryAfter: 1))
        #expect(bucket.take(now: 11) == .granted)
    }
}

@Suite struct SlidingWindowTests {
    @Test("at most the limit in any window: a burst of the whole limit, then one for each that leaves the window, never the limit again on top")
    func neverMoreThanTheLimitInAnyWindow() {
        var window = SlidingWindow(limit: 20, window: 60)
        for second in 0..<20 { #expect(window.take(now: Double(second)) == .granted) }
        // A token bucket of burst 20 refilled at 20 a minute would let these through.
        #expect(window.take(now: 30) == .denied(retryAfter: 30))
        #expect(window.take(now: 59.5) == .denied(retryAfter: 0.5))
        // The first leaves the window at 60, the second at 61.
        #expect(window.take(now: 60) == .granted)
        #expect(window.take(now: 60.5) == .denied(retryAfter: 0.5))
        // Over a simulated hour of requests every 0.1 s, no window of 60 s holds more than 20.
        var busy = SlidingWindow(limit: 20, window: 60)
        var sent: [Double] = []
        for tenth in 0..<36_000 where busy.take(now: Double(tenth) / 10) == .granted { sent.append(Double(tenth) / 10) }
        let most = sent.indices.map { start in sent[start...].prefix { $0 < sent[start] + 60 }.count }.max()
        // And the limit is used: close to 20 a minute (a tenth of a second lost now and then to rounding).
        #expect(most == 20 && sent.count > 20 * 57)
    }

    @Test("with patience, a place is promised when it frees up; a request given back frees its place")
    func promisesAndGivesBack() {
        var window = SlidingWindow(limit: 2, window: 10)
        #expect(window.take(now: 0) == .granted)
        #expect(window.take(now: 1) == .granted)
        #expect(window.take(now: 2, patience: 8) == .deferred(seconds: 8))
        #expect(window.take(now: 2, patience: 8) == .denied(retryAfter: 9))
        window.giveBack()
        #expect(window.take(now: 2, patience: 8) == .deferred(seconds: 8))
    }
}

@Suite struct CircuitBreakerTests {
    @Test func opensAfterTheThresholdAndProbesAfterTheCooldown() {
        var breaker = CircuitBreaker(threshold: 3, cooldown: 10)
        for _ in 0..<2 {
            #expect(breaker.permit(now: 0) == .allowed)
            breaker.record(success: false, now: 0)
        }
        #expect(!breaker.isOpen)
        breaker.record(success: false, now: 1)
        #expect(breaker.state == .open(until: 11))
        #expect(breaker.permit(now: 5) == .rejected(retryAfter: 6))
        #expect(breaker.permit(now: 11) == .probe)
        #expect(breaker.permit(now: 11) == .rejected(retryAfter: 1))  // one probe at a time
        breaker.record(success: false, now: 12)
        #expect(breaker.state == .open(until: 22))
        #expect(breaker.permit(now: 22) == .probe)
        breaker.record(success: true, now: 23)
        #expect(breaker.state == .closed(failures: 0))
        #expect(breaker.permit(now: 23) == .allowed)
    }

    @Test("a probe that was never sent is taken back: the next request probes instead")
    func aWithdrawnProbeLetsTheNextOneProbe() {
        var breaker = CircuitBreaker(threshold: 1, cooldown: 10)
        breaker.record(success: false, now: 0)
        #expect(breaker.permit(now: 10) == .probe)
        #expect(breaker.permit(now: 10) == .rejected(retryAfter: 1))
        breaker.withdrawProbe()
        #expect(breaker.state == .halfOpen(probing: false))
        #expect(breaker.permit(now: 11) == .probe)
        // Withdrawing touches nothing but a probe under way.
        breaker.record(success: true, now: 12)
        breaker.withdrawProbe()
        #expect(breaker.state == .closed(failures: 0))
    }

    @Test func aSuccessResetsTheCount() {
        var breaker = CircuitBreaker(threshold: 2, cooldown: 1)
        breaker.record(success: false, now: 0)
        breaker.record(success: true, now: 0)
        breaker.record(success: false, now: 0)
        #expect(breaker.state == .closed(failures: 1))
    }
}

@Suite struct RetryAfterTests {
    @Test(arguments: [
        ("120", 120.0), (" 7 ", 7.0), ("0", 0.0), ("999999", 3600.0),
        ("Sun, 06 Nov 1994 08:49:37 GMT", 37.0), ("Sunday, 06-Nov-94 08:49:37 GMT", 37.0), ("Sun Nov  6 08:49:37 1994", 37.0),
        ("Sun, 06 Nov 1994 08:48:00 GMT", 0.0),
    ])
    func parsesBothForms(value: String, seconds: Double) {
        // 1994-11-06T08:49:00Z
        #expect(RetryAfter.seconds(value, now: 784_111_740) == seconds)
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", String(repeating: "9", count: 80)])
    func rejectsEverythingElse(value: String) {
        #expect(RetryAfter.seconds(value, now: 0) == nil)
    }

    @Test func backoffGrowsAndIsCapped() {
        #expect(Backoff.delay(attempt: 1, base: 0.1, cap: 2, random: 1) == 0.1)
        #expect(Backoff.delay(attempt: 3, base: 0.1, cap: 2, random: 1) == 0.4)
        #expect(Backoff.delay(attempt: 30, base: 0.1, cap: 2, random: 1) == 2)
        #expect(Backoff.delay(attempt: 3, base: 0.1, cap: 2, random: 0.5) == 0.2)
        #expect(Backoff.delay(attempt: 3, base: 0.1, cap: 2, random: 7) == 0.4)
    }
}
