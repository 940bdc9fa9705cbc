/// The decoded parameters of a query string, in order, repeated names kept.
///
/// Pieces are split on `&`; empty pieces are skipped, a piece without `=` has an empty value and
/// `=x` has an empty name (as WHATWG `URLSearchParams` does).
///
/// ```swift
/// let query = try QueryParameters(parsing: "a=1&b=2&a=3&flag")
/// query.values(for: "a")   // ["1", "3"]
/// query.first("flag")      // ""
/// ```
public struct QueryParameters: Sendable, RandomAccessCollection, Equatable {
    /// One decoded parameter.
    public typealias Element = (name: String, value: String)

    /// The most parameters a query may have unless the caller says otherwise.
    public static let defaultLimit = 100

    private var pairs: [Element] = []

    /// Creates an empty parameter list, as for a request without a query.
    public init() {}

    /// Parses and decodes a raw query string (without the `?`); nil means no query.
    public init(parsing raw: Substring?, limit: Int = QueryParameters.defaultLimit) throws(URLDecodingError) {
        guard var raw, !raw.isEmpty else { return }
        let parsed = raw.withUTF8 { bytes in
            Result { () throws(URLDecodingError) in try Self.parse(bytes, limit: limit) }
        }
        pairs = try parsed.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) throws(URLDecodingError) -> [Element] {
        var pairs: [Element] = []
        var start = 0
        while start < bytes.count {
            var end = start
            var equals = -1
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") {
                if equals < 0, bytes[end] == UInt8(ascii: "=") { equals = end }
                end += 1
            }
            if start < end {
                guard pairs.count < limit else { throw .tooManyParameters(limit: limit) }
                if pairs.isEmpty { pairs.reserveCapacity(8) }
                let nameEnd = equals < 0 ? end : equals
                let rawName = UnsafeBufferPointer(rebasing: bytes[start..<nameEnd])
                let name: String
                do {
                    name = try URLDecoding.decode(rawName, as: .queryComponent)
                } catch {
                    throw error.naming(String(decoding: rawName.prefix(64), as: UTF8.self))
                }
                var value = ""
                if equals >= 0 {
                    do {
                        value = try URLDecoding.decode(UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end]), as: .queryComponent)
                    } catch {
                        throw error.naming(name)
                    }
                }
                pairs.append((name, value))
            }
            start = end + 1
        }
        return pairs
    }

    /// The position of the first parameter.
    public var startIndex: Int { pairs.startIndex }

    /// The position after the last parameter.
    public var endIndex: Int { pairs.endIndex }

    /// The parameter at a position.
    public subscript(position: Int) -> Element { pairs[position] }

    /// Every value given for a name, in order.
    public func values(for name: String) -> [String] {
        pairs.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The first value given for a name, or nil when the name is absent.
    public func first(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Whether the name occurs at all.
    public func contains(_ name: String) -> Bool {
        pairs.contains { $0.name == name }
    }

    /// Whether both hold the same pairs in the same order.
    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }
}
