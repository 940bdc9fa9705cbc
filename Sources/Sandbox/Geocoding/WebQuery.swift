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
        for piece in QueryPieces.split(bytes) {
            let name = String(decoding: piece.name, as: UTF8.self), value = String(decoding: piece.value, as: UTF8.self)
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

    /// Percent-decodes bytes as UTF-8; `+` is a space.
    static func decode(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = true) -> String {
        String(decoding: QueryPieces.decode(bytes, plusIsSpace: plusIsSpace), as: UTF8.self)
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
