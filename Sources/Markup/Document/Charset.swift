internal import CLibXML2

/// Which character encoding a response is decoded with.
///
/// The order is fixed: a byte-order mark, then the `charset` of the `Content-Type` header, then
/// the document's own XML declaration or HTML `<meta>`, then UTF-8. A name that libxml2 cannot
/// decode is skipped in favour of the next source.
struct Charset: Equatable {
    /// Where the encoding was found.
    enum Source: String, Equatable {
        case byteOrderMark = "bom"
        case contentType = "content-type"
        case declaration
        case defaulted = "default"
    }

    /// The encoding name handed to libxml2.
    let name: String
    let source: Source
    /// Bytes of byte-order mark to skip.
    let markLength: Int

    static let utf8 = Charset(name: "UTF-8", source: .defaulted, markLength: 0)

    /// Resolves the encoding of `bytes`.
    static func resolve(_ bytes: UnsafeRawBufferPointer, contentType: String?, format: DocumentFormat) -> Charset {
        if let mark = byteOrderMark(bytes) { return mark }
        if let label = contentType.flatMap(parameter(charsetIn:)), let name = supported(label) {
            return Charset(name: name, source: .contentType, markLength: 0)
        }
        if format != .json, let label = declared(in: bytes, format: format), let name = supported(label) {
            return Charset(name: name, source: .declaration, markLength: 0)
        }
        return .utf8
    }

    static func byteOrderMark(_ bytes: UnsafeRawBufferPointer) -> Charset? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Charset(name: "UTF-8", source: .byteOrderMark, markLength: 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return Charset(name: "UTF-16LE", source: .byteOrderMark, markLength: 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return Charset(name: "UTF-16BE", source: .byteOrderMark, markLength: 2) }
        return nil
    }

    /// The `charset` parameter of a media type such as `text/html; charset="ISO-8859-1"`.
    static func parameter(charsetIn contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmed.lowercased() == "charset" else { continue }
            let value = pair[1].trimmed
            let unquoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? value.dropFirst().dropLast() : value
            return unquoted.isEmpty ? nil : String(unquoted)
        }
        return nil
    }

    /// The canonical name for a label, or nil when libxml2 cannot decode it.
    ///
    /// ISO-8859-1 and ASCII labels decode as Windows-1252, as browsers do (WHATWG Encoding): pages
    /// that say Latin-1 routinely carry Windows-1252 quotes and euro signs in 0x80–0x9F, where
    /// Latin-1 has only unused control characters.
    static func supported(_ label: String) -> String? {
        let lowered = label.lowercased()
        switch lowered {
        case "utf-8", "utf8", "unicode-1-1-utf-8": return "UTF-8"
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii",
            "windows-1252", "cp1252", "x-cp1252":
            return "windows-1252"
        default:
            guard lowered.utf8.count <= 40, lowered.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
            guard let handler = xmlFindCharEncodingHandler(lowered) else { return nil }
            xmlCharEncCloseFunc(handler)
            return lowered.uppercased()
        }
    }

    /// The encoding a document names for itself: an XML declaration, or for HTML a `<meta>` in
    /// the first 1024 bytes (the window browsers prescan).
    static func declared(in bytes: UnsafeRawBufferPointer, format: DocumentFormat) -> String? {
        let window = String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased()
        if let declaration = xmlDeclaration(window) { return declaration }
        guard format == .html else { return nil }
        var rest = window[...]
        while let start = rest.firstRange(of: "<meta") {
            let tag = rest[start.upperBound...].prefix { $0 != ">" }
            if let value = attribute("charset", in: tag) { return value }
            if let content = attribute("content", in: tag), let found = content.firstRange(of: "charset") {
                return parameter(charsetIn: "x;" + content[found.lowerBound...])
            }
            rest = rest[start.upperBound...]
        }
        return nil
    }

    private static func xmlDeclaration(_ text: String) -> String? {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        guard trimmed.hasPrefix("<?xml") else { return nil }
        let declaration = trimmed.prefix { $0 != ">" }
        return attribute("encoding", in: declaration)
    }

    /// The value of `name="…"`, `name='…'` or `name=…` inside a tag's text (already lowercased).
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let found = rest.firstRange(of: name) {
            let before = found.lowerBound == rest.startIndex ? " " : rest[rest.index(before: found.lowerBound)]
            var after = rest[found.upperBound...].drop { $0 == " " }
            rest = rest[found.upperBound...]
            let separators: Set<Character> = [" ", "\t", "\n", "\"", "'"]
            guard separators.contains(before), after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            guard let quote = after.first else { return nil }
            let value = quote == "\"" || quote == "'"
                ? after.dropFirst().prefix { $0 != quote }
                : after.prefix { $0 != " " && $0 != "/" && $0 != ";" }
            let trimmed = value.trimmed
            return trimmed.isEmpty ? nil : String(trimmed)
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing ASCII whitespace.
    var trimmed: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
