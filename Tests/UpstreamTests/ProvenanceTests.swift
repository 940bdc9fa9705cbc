import Testing
@testable import Upstream

@Suite("Provenance")
struct ProvenanceTests {
    private func provenance(_ source: Provenance.Source, age: Int, storedAt: Int64, freshUntil: Int64, _ metrics: UpstreamMetrics) -> Provenance {
        Provenance(source: source, age: age, storedAt: storedAt, freshUntil: freshUntil, keptCopyHits: KeptCopyHits(metrics))
    }

    @Test("answers together: the worst source, the oldest age and stored-at, the earliest fresh-until")
    func combined() throws {
        let metrics = UpstreamMetrics()
        let hit = provenance(.hit, age: 5, storedAt: 95_000, freshUntil: 125_000, metrics)
        let miss = provenance(.miss, age: 0, storedAt: 100_000, freshUntil: 130_000, metrics)
        let stale = provenance(.stale, age: 45, storedAt: 55_000, freshUntil: 85_000, metrics)
        #expect(Provenance.combined([]) == nil)
        let one = try #require(Provenance.combined([miss]))
        #expect((one.source, one.age, one.storedAt, one.freshUntil) == (.miss, 0, 100_000, 130_000))
        let fetched = try #require(Provenance.combined([hit, miss, hit]))
        #expect((fetched.source, fetched.age, fetched.storedAt, fetched.freshUntil) == (.miss, 5, 95_000, 125_000))
        #expect(Provenance.combined([hit, hit])?.source == .hit)
        let old = try #require(Provenance.combined([miss, stale, hit]))
        #expect((old.source, old.age, old.storedAt, old.freshUntil) == (.stale, 45, 55_000, 85_000))
        #expect(Provenance.combined([stale, miss])?.source == .stale)
    }

    @Test("freshness is limited, or taken away, without touching the cache headers")
    func freshness() {
        let answer = provenance(.hit, age: 5, storedAt: 95_000, freshUntil: 125_000, UpstreamMetrics())
        #expect(answer.isFresh(at: 124_999) && !answer.isFresh(at: 125_000))
        #expect(answer.fresh(until: 120_000).freshUntil == 120_000)
        #expect(answer.fresh(until: 200_000).freshUntil == 125_000)
        let unkept = answer.notToBeKept
        #expect(!unkept.isFresh(at: 95_000))
        #expect((unkept.source, unkept.age, unkept.storedAt) == (.hit, 5, 95_000))
    }

    @Test("a kept copy's hit counts once per answer in it, in each answer's own upstream")
    func keptCopyHits() throws {
        let sbb = UpstreamMetrics(), opendata = UpstreamMetrics()
        let whole = try #require(Provenance.combined([
            provenance(.miss, age: 0, storedAt: 0, freshUntil: 1, sbb), provenance(.hit, age: 0, storedAt: 0, freshUntil: 1, opendata),
            provenance(.hit, age: 0, storedAt: 0, freshUntil: 1, sbb),
        ]))
        #expect(whole.keptCopyHits.answers == 3)
        whole.keptCopyHits.record(slot: 0)
        whole.keptCopyHits.record(slot: 5)
        #expect(sbb.snapshot.hits == 4)
        #expect(opendata.snapshot.hits == 2)
        #expect(sbb.snapshot.misses == 0)
    }
}
