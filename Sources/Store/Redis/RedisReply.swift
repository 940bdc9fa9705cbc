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

    /// The elements of an array reply as text (integers in decimal, nil bulk strings as ""); nil
    /// for other types.
    var texts: [String]? {
        guard type == REDIS_REPLY_ARRAY, let elements = pointer.pointee.element else { return nil }
        return (0..<Int(pointer.pointee.elements)).map { index in
            guard let element = elements[index] else { return "" }
            switch element.pointee.type {
            case REDIS_REPLY_INTEGER:
                return String(element.pointee.integer)
            case REDIS_REPLY_STRING, REDIS_REPLY_STATUS:
                guard let text = element.pointee.str else { return "" }
                return text.withMemoryRebound(to: UInt8.self, capacity: element.pointee.len) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: element.pointee.len), as: UTF8.self)
                }
            default:
                return ""
            }
        }
    }

    /// The text of a string, status or error reply.
    var text: String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }
}
