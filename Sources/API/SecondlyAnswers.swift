import Server
import Synchronization

/// Rendered answers that hold for one feed and one second (their documents carry the data's age
/// in seconds): a hit is answered on the server thread without rendering, and one found by the
/// request as sent (``entry(_:)``) without decoding it either.
///
/// One shard per server thread, found by `ThreadSlot`, so that threads answering at once never
/// share a lock. Each shard keeps at most `capacity` answers and starts afresh when full.
final class SecondlyAnswers: Sendable {
    struct Entry {
        let version: Int
        let second: Int64
        let body: PreparedBody
        /// The data's age in the document, in seconds, when it has one.
        let age: Int?
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
        guard let entry = entry(key), entry.version == version, entry.second == second else { return nil }
        return entry.body
    }

    /// Whatever is kept under `key` on this thread, for the caller to tell whether it still holds.
    func entry(_ key: String) -> Entry? {
        shards[ThreadSlot.current % shards.count].entries.withLock { $0[key] }
    }

    /// Keeps `body` under `key` for this feed version and second (and the data's `age` in it); returns it.
    @discardableResult
    func keep(_ key: String, version: Int, second: Int64, age: Int? = nil, _ body: PreparedBody) -> PreparedBody {
        let shard = shards[ThreadSlot.current % shards.count]
        shard.entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(version: version, second: second, body: body, age: age)
        }
        return body
    }
}
