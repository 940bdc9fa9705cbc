/// The path parameters a route template captured, still percent-encoded until asked for.
///
/// ```swift
/// // template /api/sbb/from/{from}/to/{to}, path /api/sbb/from/Bern;Thun/to/Z%C3%BCrich
/// try parameters.list("from")    // ["Bern", "Thun"]
/// try parameters.string("to")    // "Zürich"
/// ```
public struct Parameters: Sendable {
    private let path: String
    private let names: [String]
    /// Byte ranges of `path`; substrings are made only when a raw value is asked for.
    private let ranges: [Range<Int>]

    /// Creates an empty set, as for a request that matched no template.
    public init() {
        path = ""
        names = []
        ranges = []
    }

    init(path: String, names: [String], ranges: [Range<Int>]) {
        self.path = path
        self.names = names
        self.ranges = ranges
    }

    /// The number of parameters.
    public var count: Int { names.count }

    /// The raw (percent-encoded) segment captured for a name, or nil when the template has no such parameter.
    public func raw(_ name: String) -> Substring? {
        guard let index = names.firstIndex(of: name) else { return nil }
        let utf8 = path.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: ranges[index].lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: ranges[index].upperBound)
        return path[start..<end]
    }

    /// The whole segment, percent-decoded.
    ///
    /// Throws `URLDecodingError` naming the parameter for bad input, and `RouterError.unknownParameter`
    /// when the template has no such parameter (a programmer error, answered as 500).
    public func string(_ name: String) throws -> String {
        try withRawBytes(name) { raw throws(URLDecodingError) in try URLDecoding.decode(raw, as: .pathSegment) }
    }

    /// The segment split on `;` before decoding, so `%3B` is a semicolon inside one item; empty items are kept.
    ///
    /// Throws as `string(_:)` does.
    public func list(_ name: String) throws -> [String] {
        try withRawBytes(name) { raw throws(URLDecodingError) in
            var items: [String] = []
            var start = 0
            while true {
                var end = start
                while end < raw.count, raw[end] != UInt8(ascii: ";") { end += 1 }
                items.append(try URLDecoding.decode(UnsafeBufferPointer(rebasing: raw[start..<end]), as: .pathSegment))
                guard end < raw.count else { return items }
                start = end + 1
            }
        }
    }

    /// Runs `body` over the raw bytes of a parameter, naming the parameter in a decoding error.
    private func withRawBytes<Result>(
        _ name: String, _ body: (UnsafeBufferPointer<UInt8>) throws(URLDecodingError) -> Result
    ) throws -> Result {
        guard let index = names.firstIndex(of: name) else { throw RouterError.unknown(name) }
        var path = path
        let outcome = path.withUTF8 { bytes in
            Swift.Result { () throws(URLDecodingError) in try body(UnsafeBufferPointer(rebasing: bytes[ranges[index]])) }
        }
        do {
            return try outcome.get()
        } catch {
            throw error.naming(name)
        }
    }
}
