internal import CHiredis
#if canImport(Glibc)
import Glibc
#endif

/// One blocking hiredis connection: connect with a timeout, `AUTH` and `SELECT`, then commands
/// with a timeout each.
///
/// Not `Sendable` and not thread-safe: `RedisCache` keeps it on its own thread. After a
/// `connectionLost` or `timeout` error the connection is unusable (a late reply would answer
/// the next command), so its owner drops it.
/// (https://github.com/redis/hiredis/tree/v0.14.1#synchronous-api)
final class RedisConnection {
    private let context: UnsafeMutablePointer<redisContext>
    private let commandTimeout: Duration

    /// Connects, authenticates and selects the database.
    init(endpoint: RedisEndpoint, connectTimeout: Duration, commandTimeout: Duration) throws(CacheError) {
        guard let context = redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), Self.timeval(connectTimeout)) else {
            throw CacheError(kind: .unreachable, message: "cannot allocate a hiredis context")
        }
        self.context = context
        self.commandTimeout = commandTimeout
        // From here on deinit frees the context, whether init finishes or throws.
        guard context.pointee.err == 0 else {
            throw CacheError(kind: .unreachable, message: "\(endpoint): \(String(cString: chiredis_context_error(context)))")
        }
        guard redisSetTimeout(context, Self.timeval(commandTimeout)) == REDIS_OK else {
            throw CacheError(kind: .unreachable, message: "\(endpoint): cannot set the command timeout")
        }
        if let password = endpoint.password {
            let credentials = (endpoint.user.map { [$0] } ?? []) + [password]
            _ = try command(["AUTH"] + credentials.map { RedisArgument($0) }).expectStatus("OK")
        }
        if endpoint.database != 0 {
            _ = try command(["SELECT", RedisArgument(endpoint.database)]).expectStatus("OK")
        }
    }

    deinit {
        redisFree(context)
    }

    /// Sends one command and waits for its reply; an error reply is thrown as `.reply`.
    func command(_ arguments: [RedisArgument]) throws(CacheError) -> RedisReply {
        // One buffer for every argument, so that the pointers hiredis reads stay valid together;
        // the trailing zero keeps its base address non-null even when every argument is empty.
        let joined = arguments.flatMap(\.bytes) + [0]
        let lengths = arguments.map(\.bytes.count)
        let pointer = joined.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                var pointers: [UnsafePointer<CChar>?] = []
                var offset = 0
                for length in lengths {
                    pointers.append(characters.baseAddress.map { UnsafePointer($0 + offset) })
                    offset += length
                }
                return pointers.withUnsafeMutableBufferPointer { pointers in
                    chiredis_command_argv(context, Int32(arguments.count), pointers.baseAddress, lengths)
                }
            }
        }
        return try check(pointer, arguments.first.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "")
    }

    /// Turns hiredis's result into a reply or a typed error: a null reply means the connection
    /// failed (the context says why), an error reply means Redis refused the command.
    private func check(_ pointer: UnsafeMutablePointer<redisReply>?, _ name: String) throws(CacheError) -> RedisReply {
        guard let pointer else {
            let reason = String(cString: chiredis_context_error(context))
            // A read past SO_RCVTIMEO fails with EAGAIN, which strerror words unhelpfully.
            let timedOut = context.pointee.err == REDIS_ERR_IO && (errno == EAGAIN || errno == EWOULDBLOCK)
            guard !timedOut else { throw CacheError(kind: .timeout, message: "\(name) timed out after \(commandTimeout)") }
            throw CacheError(kind: .connectionLost, message: "\(name): \(reason)")
        }
        let reply = RedisReply(taking: pointer)
        if reply.type == REDIS_REPLY_ERROR {
            throw CacheError(kind: .reply, message: "\(name): \(reply.text ?? "")")
        }
        return reply
    }

    private static func timeval(_ duration: Duration) -> Glibc.timeval {
        let (seconds, attoseconds) = duration.components
        return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}

extension RedisReply {
    /// The reply itself if it is the status `expected` (`OK`), else a `.reply` error.
    consuming func expectStatus(_ expected: String) throws(CacheError) -> RedisReply {
        guard type == REDIS_REPLY_STATUS, text == expected else {
            throw CacheError(kind: .reply, message: "expected \(expected), got \(text ?? "reply type \(type)")")
        }
        return self
    }
}

/// One argument of a Redis command: binary-safe bytes, written as a literal for command names.
struct RedisArgument: ExpressibleByStringLiteral {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    init(_ number: some BinaryInteger) {
        bytes = Array(String(number).utf8)
    }

    init(stringLiteral text: String) {
        self.init(text)
    }
}
