import Kernel
public import Store

/// The API keys clients may present (`--api-keys FILE`), each with its own limits, stored and
/// compared as SHA-256 digests: the file never holds a key itself.
///
/// One key per line: `sha256-hex name rate burst daily-quota` (a quota of 0: none); blank lines
/// and lines starting with `#` are skipped. A key's digest is what
/// `printf %s "$KEY" | sha256sum` prints.
///
/// ```text
/// # digest                                                          name    rate burst quota
/// 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 acme    5    20    10000
/// ```
public struct APIKeys: Sendable {
    /// One key's holder and limits.
    public struct Entry: Sendable, Equatable {
        /// The holder's name (metrics, counters, logs); letters, digits, `.`, `_` and `-`.
        public let name: String
        /// Its limits.
        public let rule: RateRule
    }

    /// What is wrong with a keys file, and where.
    public struct ParseError: Error, CustomStringConvertible {
        /// The line, from 1.
        public let line: Int
        /// What is wrong.
        public let message: String

        public var description: String { "line \(line): \(message)" }
    }

    private let byDigest: [String: Entry]

    /// The keys, by name.
    public var entries: [Entry] { byDigest.values.sorted { $0.name < $1.name } }

    /// Keys longer than this are refused without hashing.
    static let maxKeyBytes = 256

    /// Parses a keys file's text; the first bad line throws.
    public init(parsing text: String) throws(ParseError) {
        var byDigest: [String: Entry] = [:]
        var names: Set<String> = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            let number = index + 1
            guard fields.count == 5 else { throw ParseError(line: number, message: "expected `sha256-hex name rate burst daily-quota`") }
            let digest = first.lowercased()
            guard digest.utf8.count == 64, digest.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
                throw ParseError(line: number, message: "the first field must be the key's SHA-256 as 64 hex digits")
            }
            let name = String(fields[1])
            guard name.utf8.count <= 64, name.utf8.allSatisfy({ Self.isNameByte($0) }) else {
                throw ParseError(line: number, message: "the name must be 1 to 64 letters, digits, '.', '_' or '-'")
            }
            guard let rate = Double(fields[2]), rate > 0, rate <= 1_000_000 else {
                throw ParseError(line: number, message: "the rate must be a number of requests per second above 0")
            }
            guard let burst = Int(fields[3]), (1...1_000_000).contains(burst) else {
                throw ParseError(line: number, message: "the burst must be a whole number from 1 to 1000000")
            }
            guard let quota = Int(fields[4]), quota >= 0 else {
                throw ParseError(line: number, message: "the daily quota must be a whole number (0: none)")
            }
            guard byDigest[digest] == nil, names.insert(name).inserted else {
                throw ParseError(line: number, message: "the key or the name \(name) is listed twice")
            }
            byDigest[digest] = Entry(name: name, rule: RateRule(rate: rate, burst: burst, dailyQuota: quota))
        }
        self.byDigest = byDigest
    }

    /// The entry of a key as presented; nil for an unknown one.
    public func entry(for key: String) -> Entry? {
        guard !key.isEmpty, key.utf8.count <= Self.maxKeyBytes else { return nil }
        return byDigest[SHA256.hex(key.utf8)]
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2E || byte == 0x5F || byte == 0x2D
    }
}
