import Markup
import Server
import Synchronization
import Upstream

/// Fresh answers of the route endpoints as rendered bytes, so that a cache hit is answered on the
/// server thread without decoding records or rendering a document.
///
/// A small first level in front of the upstream cache (memory or Redis): an entry is used only
/// while its answer is fresh, and then the request goes the long way, where stale answers and
/// refreshes are decided. Bounded in entries and bytes; the oldest entries go first.
///
/// Every entry is kept in one shard per server thread, found by `ThreadSlot`, so that two threads
/// answering hits at once never wait for, or write to, the same lock.
final class RenderedAnswers: Sendable {
    /// A class, so that handing one out costs one reference count.
    final class Entry: Sendable {
        let body: PreparedBody
        let status: Int
        let contentType: String
        /// When the upstream gave the answer, until when it is fresh, and where a hit on this
        /// entry is counted: as the upstreams' cache hits, once per upstream answer the document holds.
        let provenance: Provenance

        /// `document` rendered as `request` asks, answered with `status`.
        init(_ document: Node, for request: Request, status: Int, provenance: Provenance) {
            body = PreparedBody(Response.render(document, as: request.format, pretty: request.pretty))
            self.status = status
            contentType = request.format.contentType
            self.provenance = provenance
        }

        /// Bytes already made (an image), of `contentType`, answered with `status`.
        init(bytes: [UInt8], contentType: String, status: Int, provenance: Provenance) {
            body = PreparedBody(bytes)
            self.status = status
            self.contentType = contentType
            self.provenance = provenance
        }

        /// A copy of its own, for one shard.
        init(copying entry: Entry) {
            body = entry.body
            status = entry.status
            contentType = entry.contentType
            provenance = entry.provenance
        }

        /// The kept answer, cacheable for the freshness it has left at `now`; with `source`, also
        /// `X-Cache` and `Age`.
        func response(now: Int64, source: String? = nil) -> Response {
            var headers = HTTPHeaders(contentType: contentType)
            if let source {
                // A fresh list: adding needs no search for an earlier field, and the room the
                // server's own fields need is kept.
                headers.reserveCapacity(headers.count + 2 + HTTPHeaders.serverFields)
                headers.add("X-Cache", source)
                headers.add("Age", String(max(0, now - provenance.storedAt) / 1000))
            }
            let freshFor = Int(max(0, provenance.freshUntil - now) / 1000)
            return Response(status: status, headers: headers, body: .prepared(body), cache: .maxAge(freshFor), negotiated: true)
        }
    }

    private struct State {
        var entries: [String: (entry: Entry, generation: Int)] = [:]
        /// Keys in insertion order from `head`, with the generation they were kept at: a key
        /// replaced since appears again later, and only its latest position evicts it.
        var order: [(key: String, generation: Int)] = []
        var head = 0
        var bytes = 0
        var generation = 0
    }

    private final class Shard: Sendable {
        let state = Mutex(State())
    }

    private let shards: [Shard]
    private let maxEntries: Int
    private let maxBytes: Int

    /// Bounds per shard; `shards` is about twice the server's threads, as `ThreadSlot` numbers
    /// every thread that asks.
    init(maxEntries: Int = 4096, maxBytes: Int = 8 << 20, shards: Int = 8) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
        self.shards = (0..<max(shards, 1)).map { _ in Shard() }
    }

    /// The entry under `key` while it is fresh at `now`, from this thread's shard; the hit is
    /// counted where the entry's upstream answers count theirs.
    func fresh(_ key: String, now: Int64) -> Entry? {
        let slot = ThreadSlot.current
        guard let entry = kept(key, now: now, slot: slot) else { return nil }
        entry.provenance.keptCopyHits.record(slot: slot)
        return entry
    }

    /// The entry under `key` while it is fresh at `now`, no hit counted: for a request that
    /// waited for the upstream answers it holds, and finds them rendered by another that waited too.
    func rendered(_ key: String, now: Int64) -> Entry? {
        kept(key, now: now, slot: ThreadSlot.current)
    }

    private func kept(_ key: String, now: Int64, slot: Int) -> Entry? {
        let shard = shards[slot % shards.count]
        guard let entry = shard.state.withLock({ $0.entries[key]?.entry }), now < entry.provenance.freshUntil, now >= entry.provenance.storedAt else { return nil }
        return entry
    }

    /// Keeps an entry in every shard, dropping the oldest ones beyond each shard's bounds.
    func keep(_ key: String, _ entry: Entry) {
        let size = Self.charge(key, entry)
        guard size <= maxBytes / 8 else { return }
        for shard in shards {
            // An entry of its own per shard: a hit retains only its own thread's copy.
            let copy = Entry(copying: entry)
            shard.state.withLock { state in
                state.generation += 1
                if let old = state.entries.updateValue((copy, state.generation), forKey: key) {
                    state.bytes -= Self.charge(key, old.entry)
                }
                state.bytes += size
                state.order.append((key, state.generation))
                while state.entries.count > maxEntries || state.bytes > maxBytes, state.head < state.order.count {
                    let oldest = state.order[state.head]
                    state.head += 1
                    guard let kept = state.entries[oldest.key], kept.generation == oldest.generation else { continue }
                    state.entries[oldest.key] = nil
                    state.bytes -= Self.charge(oldest.key, kept.entry)
                }
                if state.head > 64, state.head * 2 > state.order.count {
                    state.order.removeFirst(state.head)
                    state.head = 0
                }
            }
        }
    }

    /// What an entry is charged against a shard's byte bound: its body (without the gzip form,
    /// which may come later), its key and the records that hold them, as `heldBytes` counts them.
    private static func charge(_ key: String, _ entry: Entry) -> Int {
        entry.body.count + Layout.once(key, entry.body) + Layout.perShard
    }

    /// Bytes of the answers kept, as malloc holds them: each body (with its gzip form) and each
    /// key once, as every shard shares them; each shard's own entry objects, dictionary and order
    /// list at the capacity they have grown to.
    var heldBytes: Int {
        shards.indices.reduce(0) { sum, index in
            sum + shards[index].state.withLock { state in
                var bytes = Layout.buckets(state.entries.capacity) * Layout.slot + state.order.capacity * Layout.order
                bytes += state.entries.count * Layout.entryObject
                guard index == 0 else { return bytes }
                for (key, kept) in state.entries { bytes += kept.entry.body.heldBytes + Layout.once(key, kept.entry.body) }
                return bytes
            }
        }
    }

    /// Sizes of the records that hold a kept answer, as laid out and as malloc rounds them.
    private enum Layout {
        /// One of malloc's chunks for `bytes`: its size word added, rounded up to 16.
        static func chunk(_ bytes: Int) -> Int { max(32, (bytes + 8 + 15) & ~15) }
        /// A Swift object with `fields` bytes of stored properties (after its 16-byte header).
        static func object(_ fields: Int) -> Int { chunk(16 + fields) }
        /// A string's storage of its own, if it is too long to be held inline (15 bytes).
        static func heapString(_ string: String) -> Int {
            string.utf8.count > 15 ? chunk(32 + string.utf8.count + 1) : 0
        }

        static let entryObject = object(
            MemoryLayout<PreparedBody>.stride + MemoryLayout<Int>.stride + MemoryLayout<String>.stride
                + MemoryLayout<Provenance>.stride)
        /// The buckets a dictionary of `capacity` has: it grows when three quarters are taken.
        static func buckets(_ capacity: Int) -> Int { (capacity * 4 + 2) / 3 }
        /// A dictionary bucket: its key and its value, stored side by side.
        static let slot = MemoryLayout<String>.stride + MemoryLayout<(entry: Entry, generation: Int)>.stride
        static let order = MemoryLayout<(key: String, generation: Int)>.stride
        /// A body's `PreparedBody` (ETag, bytes, gzip slot) and its `SharedBytes` (buffer, count).
        static let bodyObjects = object(MemoryLayout<String>.stride + 8 + 16) + object(16 + 8)
        /// What an answer holds once, however many shards keep it, besides its body's bytes: the
        /// body's objects and the storage of its ETag and of its key.
        static func once(_ key: String, _ body: PreparedBody) -> Int {
            bodyObjects + heapString(body.etag) + heapString(key)
        }
        /// What each shard holds for an entry: its object, a bucket (at the load the dictionary
        /// grows at) and a place in the order list.
        static let perShard = entryObject + slot * 4 / 3 + order
    }

    /// The key of a kept answer: the endpoint's own part (a route id, a path), the negotiated
    /// format and the query as sent. Only requests that passed validation are ever kept, so a
    /// hit needs none; the same parameters written differently only cost a second copy.
    static func key(_ request: Request, scope: some StringProtocol) -> String {
        var key = String(scope)
        key += request.format == .xml ? (request.pretty ? "\u{1}xp?" : "\u{1}x?") : (request.pretty ? "\u{1}jp?" : "\u{1}j?")
        if let query = request.rawQuery { key += query }
        return key
    }

    /// How many entries are kept (in each shard).
    var count: Int { shards[0].state.withLock { $0.entries.count } }
}
