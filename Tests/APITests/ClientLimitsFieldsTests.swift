@testable import API
import Server
import Store
import Testing

/// The limit fields a decision gives, and the rested client's, written once per rule.
@Suite struct ClientLimitsFieldsTests {
    static let rules = [
        RateRule(rate: 10, burst: 20), RateRule(rate: 0.5, burst: 1), RateRule(rate: 3, burst: 1),
        RateRule(rate: 1_000_000, burst: 1_000_000),
    ]

    /// A client that sends now and then and in bursts: every answer's fields, whether from the
    /// rested ones or written out, are the ones its decision gives.
    @Test(arguments: rules)
    func theRestedFieldsAreTheOnesADecisionWouldGive(rule: RateRule) throws {
        let plan = ClientLimits.Plan(rule)
        let rested = try #require(plan.rested)
        let gcra = GCRA(rule: rule)
        var tat: Double?
        var now: Int64 = 1_800_000_000_000
        var restedAnswers = 0, otherAnswers = 0
        for step in 0..<60 {
            let (allowed, next, _, decision) = gcra.take(1, tat: tat, now: now)
            if allowed { tat = next }
            let reset = ClientLimits.seconds(decision.resetMilliseconds, atLeast: 0)
            let fields = ClientLimits.fields(decision, plan: plan)
            #expect(Array(fields) == Array(ClientLimits.writeFields(decision, reset: reset, plan: plan)), "step \(step)")
            if decision.remaining == rested.remaining, reset == rested.reset { restedAnswers += 1 } else { otherAnswers += 1 }
            // A rest of 10 minutes every tenth request, 1 ms between the others.
            now += step % 10 == 9 ? 600_000 : 1
        }
        #expect(restedAnswers >= 6)
        // A burst of 20 spent 1 ms apart leaves other states; with a burst of 1, requests 1 ms apart
        // (refused until the next rest) all have the rested numbers.
        if rule.burst == 20 { #expect(otherAnswers > 0) }
        #expect(rested.fields["RateLimit"] == "\"default\";r=\(rule.burst - 1);t=\(rested.reset)")
    }

    /// The rested fields are shared only when both numbers agree: a refusal 1.5 s after a rested
    /// request at 1 per 2 s has the rested one's remaining (0) but not its reset (1 s, not 2).
    @Test func aStateWithTheRestedRemainingButAnotherResetIsWrittenOut() throws {
        let plan = ClientLimits.Plan(RateRule(rate: 0.5, burst: 1))
        let rested = try #require(plan.rested)
        #expect(rested.remaining == 0 && rested.reset == 2)
        let gcra = GCRA(rule: plan.rule)
        let first = gcra.take(1, tat: nil, now: 0)
        let second = gcra.take(1, tat: first.tat, now: 1500)
        #expect(!second.allowed && second.decision.remaining == 0)
        #expect(ClientLimits.fields(second.decision, plan: plan)["RateLimit"] == "\"default\";r=0;t=1")
    }

    @Test func aRuleWithADailyQuotaWritesEveryAnswersFields() {
        let plan = ClientLimits.Plan(RateRule(rate: 10, burst: 20, dailyQuota: 1000))
        #expect(plan.rested == nil)
        let decision = GCRA(rule: plan.rule).take(1, tat: nil, now: 0).decision
        #expect(ClientLimits.fields(decision, plan: plan)["RateLimit"] == "\"default\";r=19;t=1, \"daily\";r=999;t=86400")
    }
}
