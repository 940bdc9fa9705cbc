import Model
import Upstream
import Kernel

/// What one upstream request gave a page: its items (links or journeys), or the error that
/// stopped it, and where its answer came from.
struct Fetched<Item: Sendable>: Sendable {
    var items: [Item] = []
    var error: ScheduleError?
    /// The answer's provenance; nil when no upstream answered.
    var provenance: Provenance?
    /// Seconds since the upstream answered, when the answer is stale.
    var staleAge: Int?
    /// The attribution the upstream's answer carries (its route's `page` record's `credit`).
    var credit: String?
}

/// A page of items in the order of their `PageKey`s, from a cursor: one upstream request after
/// another from the cursor's time, each asking from where the last one ended, until the page is
/// full or the upstream has no more. The same for every provider: an upstream is asked only what
/// it is asked without a cursor, a time, so a provider without paging of its own pages too.
///
/// Later: the items after the key, asked from the key's minute on. Earlier: the items before it,
/// asked from an hour before it up to it, then the two hours before that, the four before those,
/// … until the page is full or a day is covered, each request as large as the provider allows.
/// At most `maxRequests` upstream requests a page; repeated ones are the upstream cache's.
enum Paging {
    static let maxRequests = 24
    static let maxSweep = 8
    static let firstWindow: Int64 = 3600
    static let widestReach: Int64 = 24 * 3600

    /// How a sweep ended.
    enum Sweep { case reached, failed, cutOff }

    /// The page `cursor` points to, at most `limit` items; `fetch` asks the upstream from an
    /// instant for at least the number of items given.
    static func page<Item: Sendable>(
        _ cursor: PageCursor, limit: Int, sweepSize: Int, key: (Item) -> PageKey, fetch: (Int64, Int) async -> Fetched<Item>
    ) async -> Fetched<Item> {
        var collected: [PageKey: Item] = [:]
        var answers: [Fetched<Item>] = []
        var requests = 0
        /// Asks from `start` on, forward, until an item at or past `stop` is seen, `enough` are
        /// kept or the upstream has no more; keeps the items `wanted` takes.
        func sweep(from start: Int64, until stop: PageKey?, enough: Int?, size: Int, wanted: (PageKey) -> Bool) async -> Sweep {
            var from = start
            var size = size
            var swept = 0
            while requests < maxRequests, swept < maxSweep {
                swept += 1
                requests += 1
                let answer = await fetch(from, size)
                answers.append(answer)
                if answer.error != nil { return .failed }
                let keys = answer.items.map(key)
                for (item, itemKey) in zip(answer.items, keys) where wanted(itemKey) { collected[itemKey] = item }
                guard let last = keys.max() else { return .reached }
                if let stop, last >= stop { return .reached }
                if let enough, collected.count >= enough { return .reached }
                // The next request starts at the last item's minute. An answer that ends where it
                // began is asked again, larger, while it comes back full: more may share the minute.
                guard last.instant > from else {
                    guard answer.items.count >= size, size < 64 else { return .reached }
                    size *= 2
                    continue
                }
                from = last.instant
            }
            return .cutOff
        }
        switch cursor.direction {
        case .later:
            _ = await sweep(from: cursor.key.instant, until: nil, enough: limit, size: limit) { $0 > cursor.key }
        case .earlier:
            // Windows back from the key, each twice the one before and swept forward up to where
            // that one began. A window cut off by the budget of a sweep is dropped whole, since
            // what it reached does not join up with the items after it: a quarter of it is swept
            // instead, until the items are sparse enough for a sweep.
            var window = firstWindow
            var stop = cursor.key
            while requests < maxRequests {
                let start = stop.instant - window
                let before = collected
                let swept = await sweep(from: start, until: stop, enough: nil, size: sweepSize) { $0 < cursor.key }
                if swept == .cutOff {
                    collected = before
                    guard window >= 4 * 60 else { break }
                    window /= 4
                    continue
                }
                if swept != .reached || collected.count >= limit || cursor.key.instant - start >= widestReach { break }
                stop = PageKey(instant: start, second: .min, fingerprint: 0)
                window *= 2
            }
        }
        let keys = collected.keys.sorted()
        let chosen = cursor.direction == .later ? Array(keys.prefix(limit)) : Array(keys.suffix(limit))
        let failed = answers.first { $0.error != nil }
        let provenances = answers.map(\.provenance)
        var whole = Provenance.combined(provenances.compactMap { $0 })
        if provenances.contains(where: { $0 == nil }) || failed != nil { whole = whole?.notToBeKept }
        if chosen.isEmpty, let failed {
            return Fetched(items: [], error: failed.error, provenance: whole, staleAge: failed.staleAge)
        }
        let staleAge = answers.compactMap(\.staleAge).max()
        return Fetched(items: chosen.map { collected[$0]! }, error: nil, provenance: whole, staleAge: staleAge, credit: answers.lazy.compactMap(\.credit).first)
    }

    /// The first `limit` items by key, in the order they came in.
    static func first<Item>(_ items: [Item], limit: Int, key: (Item) -> PageKey) -> [Item] {
        guard items.count > limit else { return items }
        let kept = Set(items.map(key).sorted().prefix(limit))
        return items.filter { kept.contains(key($0)) }
    }

    /// The page's items in the order the client asked for: by planned or predicted time; items
    /// at the same time keep the order they came in (the upstream's).
    static func ordered<Item>(_ items: [Item], by order: RealtimeOrder, key: (Item) -> PageKey, predicted: (Item) -> Int64) -> [Item] {
        let timed = items.enumerated().map { index, item in
            let itemKey = key(item)
            return (item: item, time: order == .annotate ? itemKey.instant : predicted(item), second: itemKey.second, index: index)
        }
        return timed.sorted { ($0.time, $0.second, $0.index) < ($1.time, $1.second, $1.index) }.map(\.item)
    }
}
