import Synchronization

/// Request ids: the client's own when it sends a sane one, else a process prefix and a counter.
enum RequestID {
    private static let prefix: String = {
        var generator = SystemRandomNumberGenerator()
        let value = UInt32.random(in: .min ... .max, using: &generator)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }()

    private static let counter = Atomic<UInt64>(0)

    /// The next generated id, unique within this process.
    static func next() -> String {
        let n = counter.add(1, ordering: .relaxed).newValue
        let digits = max(1, (64 - n.leadingZeroBitCount + 3) / 4)
        return String(unsafeUninitializedCapacity: 9 + digits) { buffer in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<8]).initialize(from: prefixBytes)
            buffer[8] = UInt8(ascii: "-")
            var rest = n
            for index in stride(from: 8 + digits, to: 8, by: -1) {
                buffer[index] = hex[Int(rest & 0xF)]
                rest >>= 4
            }
            return 9 + digits
        }
    }

    private static let prefixBytes = Array(prefix.utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    /// The client's id if it is 1–64 characters of letters, digits, `-`, `_`, `.`.
    static func accept(_ candidate: String?) -> String? {
        guard let candidate, (1...64).contains(candidate.utf8.count) else { return nil }
        let allowed = candidate.utf8.allSatisfy { byte in
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                || byte == 45 || byte == 95 || byte == 46
        }
        return allowed ? candidate : nil
    }
}
