internal import CHiredis

/// One hiredis reply, freed exactly once by its single owner.
///
/// `~Copyable`, so the pointer cannot be copied into a second owner or outlive the reply:
/// callers copy what they need into Swift values while they hold it.
/// (https://github.com/redis/hiredis/tree/v0.14.1#using-replies)
struct RedisReply: ~Copyable {
    private let pointer: UnsafeMutablePointer<redisReply>

    init(taking pointer: UnsafeMutablePointer<redisReply>) {
        self.pointer = pointer
    }

    deinit {
        freeReplyObject(pointer)
    }

    /// `REDIS_REPLY_STRING`, `_STATUS`, `_ERROR`, `_INTEGER`, `_NIL` or `_ARRAY`.
    var type: Int32 { pointer.pointee.type }

    /// Whether the reply is a nil bulk string (a missing key, a refused `SET NX`).
    var isNil: Bool { type == REDIS_REPLY_NIL }

    /// The integer of an integer reply.
    var integer: Int64 { Int64(pointer.pointee.integer) }

    /// The bytes of a string, status or error reply, copied out; nil for other types.
    var bytes: [UInt8]? {
        guard type == REDIS_REPLY_STRING || type == REDIS_REPLY_STATUS || type == REDIS_REPLY_ERROR else { return nil }
        guard let text = pointer.pointee.str else { return [] }
        return text.withMemoryRebound(to: UInt8.self, capacity: pointer.pointee.len) {
            Array(UnsafeBufferPointer(start: $0, count: pointer.pointee.len))
        }
    }

    /// The text of a string, status or error reply.
    var text: String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }
}
