/// The `name=value` pieces of a raw URL query, split as every simulated API splits them: on `&`
/// (empty pieces skipped), the name up to the first `=` and the value after it, each
/// percent-decoded to bytes. What the bytes mean (UTF-8 or ISO-8859-1) is each reader's own:
/// ``WebQuery``, ``QueryString``, ``BARTRequest``.
///
/// ```swift
/// QueryPieces.split(Array("q=Z%C3%BCrich+HB&x".utf8)).map(\.value)   // [Array("Zürich HB".utf8), []]
/// ```
enum QueryPieces {
    /// One piece: its raw bytes, and its name and value decoded.
    struct Piece {
        let raw: ArraySlice<UInt8>
        let name: [UInt8]
        let value: [UInt8]
    }

    /// The pieces of a raw query (without the leading `?`), in order.
    static func split(_ bytes: [UInt8]) -> [Piece] {
        bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { piece in
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            return Piece(
                raw: piece, name: decode(piece[..<(equals ?? piece.endIndex)]),
                value: equals.map { decode(piece[piece.index(after: $0)...]) } ?? [])
        }
    }

    /// `%XX` as the byte, `+` as a space (unless `plusIsSpace` is false), everything else as it
    /// is; a `%` not followed by two hex digits stays a `%`, as Apache's CGI decoding leaves it.
    static func decode(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = true) -> [UInt8] {
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
        return out
    }

    /// Each byte as the ISO-8859-1 character it is.
    static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
