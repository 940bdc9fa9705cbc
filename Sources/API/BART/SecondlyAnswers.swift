import Server
import Synchronization

/// Rendered answers that hold for one feed and one second (their documents carry the data's age
/// in seconds): a hit is answered on the server thread without rendering.
///
/// One shard per server thread, found by `ThreadSlot`, so that threads answering at once never
/// share a lock. Each shard keeps at most `capacity` answers and starts afresh when full.
final class SecondlyAnswers: Sendable {
    struct Entry {
        let version: Int
        let second: Int64
        let body: PreparedBody
    }

    private final class Shard: Sendable {
        let entries = Mutex<[String: Entry]>([:])
    }

    private let shards: [Shard]
    private let capacity: Int

    init(shards: Int = 8, capacity: Int = 1024) {
        self.shards = (0..<max(shards, 1)).map { _ in Shard() }
        self.capacity = capacity
    }

    /// The body kept under `key` for this feed version and second, or the one `render` makes.
    func body(_ key: String, version: Int, second: Int64, render: () -> [UInt8]) -> PreparedBody {
        if let kept = kept(key, version: version, second: second) { return kept }
        return keep(key, version: version, second: second, PreparedBody(render()))
    }

    /// The body kept under `key` for this feed version and second, if any.
    func kept(_ key: String, version: Int, second: Int64) -> PreparedBody? {
        let shard = shards[ThreadSlot.current % shards.count]
        guard let entry = shard.entries.withLock({ $0[key] }), entry.version == version, entry.second == second else { return nil }
        return entry.body
    }

    /// Keeps `body` under `key` for this feed version and second; returns it.
    @discardableResult
    func keep(_ key: String, version: Int, second: Int64, _ body: PreparedBody) -> PreparedBody {
        let shard = shards[ThreadSlot.current % shards.count]
        shard.entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(version: version, second: second, body: body)
        }
        return body
    }
}
