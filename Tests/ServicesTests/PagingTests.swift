import Testing
@testable import Services

/// Pages from cursors over an upstream made of plain keys: the pages join up whatever the items'
/// density, and an upstream that fails gives the page its error.
@Suite("Paging over a synthetic upstream")
struct PagingTests {
    /// An upstream holding `keys`: a request from an instant answers the first `size` at or after it.
    final class Upstream: @unchecked Sendable {
        let keys: [PageKey]
        var requests = 0
        var failFrom: Int?
        init(_ instants: [Int64]) {
            keys = instants.enumerated().map { PageKey(instant: $0.element, second: $0.element + 600, fingerprint: UInt32($0.offset)) }.sorted()
        }
        func fetch(_ instant: Int64, _ size: Int) -> Fetched<PageKey> {
            requests += 1
            if let failFrom, requests >= failFrom { return Fetched(error: .init(code: "upstream_timeout", message: "slow")) }
            return Fetched(items: Array(keys.filter { $0.instant >= instant }.prefix(size)))
        }
    }

    static func page(_ upstream: Upstream, _ direction: PageCursor.Direction, from key: PageKey, limit: Int, sweepSize: Int) async -> Fetched<PageKey> {
        await Paging.page(PageCursor(direction: direction, key: key), limit: limit, sweepSize: sweepSize, key: { $0 }) { upstream.fetch($0, $1) }
    }

    @Test("earlier in a dense stretch (an item a minute, small requests) is the items just before the key")
    func denseEarlier() async {
        let upstream = Upstream((0..<1440).map { Int64($0) * 60 })
        let anchor = upstream.keys[720]
        let page = await Self.page(upstream, .earlier, from: anchor, limit: 5, sweepSize: 5)
        #expect(page.items == Array(upstream.keys[715..<720]))
        #expect(upstream.requests <= Paging.maxRequests)
    }

    @Test("earlier across an empty night reaches the evening before")
    func sparseEarlier() async {
        // Every 10 minutes from 00:00 to 01:00, nothing until 06:00, then every 10 minutes.
        let upstream = Upstream((0...6).map { Int64($0) * 600 } + (36..<60).map { Int64($0) * 600 })
        let anchor = upstream.keys.first { $0.instant == 36 * 600 }!
        let page = await Self.page(upstream, .earlier, from: anchor, limit: 3, sweepSize: 8)
        let expected: [Int64] = [2400, 3000, 3600]
        #expect(page.items.map(\.instant) == expected)
    }

    @Test("later takes the items after the key at the same minute too, and never the key's")
    func laterSameMinute() async {
        let upstream = Upstream([0, 60, 60, 60, 60, 120, 180])
        let anchor = upstream.keys[2]
        let page = await Self.page(upstream, .later, from: anchor, limit: 3, sweepSize: 8)
        #expect(page.items == Array(upstream.keys[3..<6]))
    }

    @Test("pages walked later then earlier join up with no gap and no repeat")
    func walk() async {
        let instants = (0..<300).map { Int64($0 * $0 % 977) * 60 }
        let upstream = Upstream(instants)
        var key = upstream.keys[0]
        var forward = [key]
        while true {
            let page = await Self.page(upstream, .later, from: key, limit: 7, sweepSize: 7)
            guard let last = page.items.last else { break }
            forward += page.items
            key = last
        }
        #expect(forward == upstream.keys)
        var backward = [key]
        while true {
            let page = await Self.page(upstream, .earlier, from: key, limit: 7, sweepSize: 12)
            guard let first = page.items.first else { break }
            backward = page.items + backward
            key = first
        }
        #expect(backward == upstream.keys)
    }

    @Test("an upstream that fails before anything is found gives the page its error")
    func failure() async {
        let upstream = Upstream((0..<100).map { Int64($0) * 60 })
        upstream.failFrom = 1
        let page = await Self.page(upstream, .later, from: upstream.keys[10], limit: 5, sweepSize: 5)
        #expect(page.items.isEmpty && page.error?.code == "upstream_timeout")
    }
}
