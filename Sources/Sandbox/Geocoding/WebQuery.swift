/// A URL query string as the web APIs read it: `name=value` pairs split on `&`, `+` for a space,
/// `%XX` for a byte, the bytes UTF-8 (an invalid sequence becomes U+FFFD).
///
/// ```swift
/// let query = try WebQuery("q=Z%C3%BCrich&format=xml")
/// query["q"]   // "Zürich"
/// ```
struct WebQuery: Sendable {
    /// The longest query read; a longer one is refused as a whole (the APIs' front ends refuse
    /// request lines of more than about 8 KiB).
    static let maximumLength = 4096
    /// The longest value kept; a longer one is refused.
    static let maximumValueLength = 512

    /// Why a query was refused.
    enum Refusal: Error, Equatable {
        case tooLong
    }

    private let pairs: [(name: String, value: String)]

    init(_ raw: Substring?) throws(Refusal) {
        let bytes = Array((raw ?? "").utf8)
        guard bytes.count <= Self.maximumLength else { throw .tooLong }
        var pairs: [(String, String)] = []
        for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let name = Self.decode(piece[..<(equals ?? piece.endIndex)])
            let value = equals.map { Self.decode(piece[piece.index(after: $0)...]) } ?? ""
            guard value.utf8.count <= Self.maximumValueLength else { throw .tooLong }
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    /// The first value of a name, or nil.
    subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of a name, in order.
    func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// Percent-decodes bytes; `+` is a space.
    static func decode(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), let high = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex), high != bytes.endIndex,
                let low = bytes.index(high, offsetBy: 1, limitedBy: bytes.endIndex), low != bytes.endIndex,
                let h = hex(bytes[high]), let l = hex(bytes[low])
            {
                out.append(h << 4 | l)
                index = bytes.index(after: low)
                continue
            }
            out.append(byte == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : byte)
            index = bytes.index(after: index)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A "lat,lon" pair in range, or nil.
    static func coordinate(_ text: String, longitudeFirst: Bool = false) -> GeoPoint? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard parts.count == 2, parts.allSatisfy({ $0.utf8.count <= 32 }), let a = Double(parts[0]), let b = Double(parts[1]) else { return nil }
        let (lat, lon) = longitudeFirst ? (b, a) : (a, b)
        guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        return GeoPoint(lat, lon)
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
