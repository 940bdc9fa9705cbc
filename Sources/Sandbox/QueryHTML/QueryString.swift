/// A query string as HAFAS's CGI programs read it: `name=value` pairs split on `&`, `+` for a
/// space, `%XX` for a byte, and every byte one ISO-8859-1 character.
///
/// ```swift
/// let query = try QueryString(parsing: "REQ0JourneyStopsS0G=Z%FCrich+HB&REQ0JourneyTime=08:00")
/// query.first("REQ0JourneyStopsS0G")   // "Zürich HB"
/// ```
///
/// The real server takes the bytes as Latin-1 whatever the client meant, so a name sent as
/// UTF-8 (`Z%C3%BCrich`) reads as `ZÃ¼rich` and is not found, as it was not found there.
struct QueryString: Sendable, Equatable {
    /// The longest raw query string read; a longer one is refused as a whole (Apache's limit for
    /// the request line is 8190 bytes, HAFAS's forms send a few hundred).
    static let maximumLength = 4096

    /// One `name=value` pair, decoded.
    struct Pair: Sendable, Equatable {
        let name: String
        let value: String
    }

    /// The pairs in the order they came.
    let pairs: [Pair]

    /// Reads a raw (still percent-encoded) query string, without the leading `?`.
    init(parsing raw: String) throws(QueryHTMLRequestError) {
        let bytes = Array(raw.utf8)
        guard bytes.count <= Self.maximumLength else { throw .queryTooLong(bytes.count) }
        var pairs: [Pair] = []
        for piece in QueryPieces.split(bytes) {
            let name = QueryPieces.latin1(piece.name), value = QueryPieces.latin1(piece.value)
            guard !name.isEmpty else { continue }
            pairs.append(Pair(name: name, value: value))
        }
        self.pairs = pairs
    }

    /// The first value of a name, or nil when the name is absent.
    func first(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The first non-blank value among several names (a long name and its short alias).
    func first(of names: String...) -> String? {
        for name in names {
            if let value = first(name), !value.allSatisfy(\.isWhitespace) { return value }
        }
        return nil
    }
}
