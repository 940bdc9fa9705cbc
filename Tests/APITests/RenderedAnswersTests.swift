import Testing
@testable import API
@testable import Upstream

/// The rendered answers kept in front of the upstream cache: what `heldBytes` reports against
/// what the shards hold, and the byte bound with the records counted.
@Suite("RenderedAnswers")
struct RenderedAnswersTests {
    private let metrics = UpstreamMetrics()

    private func entry(_ size: Int) -> RenderedAnswers.Entry {
        let provenance = Provenance(source: .miss, age: 0, storedAt: 0, freshUntil: 60_000, keptCopyHits: KeptCopyHits(metrics))
        return RenderedAnswers.Entry(bytes: [UInt8](repeating: 0x61, count: size), contentType: "application/xml", status: 200, provenance: provenance)
    }

    private func key(_ index: Int) -> String {
        // As long as a query with a few stations, a via and every option: longer than the records
        // a shard keeps for an entry, so that a key counted again per shard shows.
        "/api/sbb/from/Bern;Thun;Spiez;Interlaken%20Ost;Brig;Visp/to/Z%C3%BCrich%20HB;Basel%20SBB;Luzern;Olten;Aarau;Winterthur;St.%20Gallen\u{1}x?"
            + "date=2026-12-01&time=09:\(index)&via=Olten&limit=6&transportations=ice_tgv_rj,ec_ic,ir,re_d,s_sn_r&direct=0&bike=1&accessibility=independent_boarding&fields=connections/from,connections/to"
    }

    @Test("bodies and keys count once for all shards; each shard adds only its own records")
    func heldOnce() {
        let count = 200, size = 2_000
        let one = RenderedAnswers(shards: 1), eight = RenderedAnswers(shards: 8)
        for index in 0..<count {
            let kept = entry(size)
            one.keep(key(index), kept)
            eight.keep(key(index), kept)
        }
        #expect(one.count == count && eight.count == count)
        let payload = (0..<count).reduce(0) { $0 + size + key($1).utf8.count }
        // One shard: the bodies and keys, and records of a few hundred bytes an entry at most.
        #expect(one.heldBytes > payload)
        #expect(one.heldBytes < payload + count * 600)
        // Seven more shards add their entry objects, buckets and order lists (about 200 bytes an
        // entry), not the bodies or the keys again.
        #expect(key(0).utf8.count > 300)
        let more = eight.heldBytes - one.heldBytes
        #expect(more > 7 * count * 100)
        #expect(more < 7 * count * 300)
    }

    @Test("a flood of tiny answers is bounded by the bytes of its records, not by its bodies alone")
    func tinyAnswersBounded() {
        let answers = RenderedAnswers(maxEntries: 1_000_000, maxBytes: 64 << 10, shards: 1)
        for index in 0..<10_000 { answers.keep(key(index), entry(1)) }
        // Keys and one-byte bodies counted alone, 64 KiB would hold about 230 of them.
        let alone = (64 << 10) / (key(0).utf8.count + 1)
        #expect(answers.count < alone * 3 / 4)
        #expect(answers.count > 50)
        // What they hold is near the bound: only the order list's dead positions come on top.
        #expect(answers.heldBytes < (64 << 10) * 5 / 4)
    }
}
