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

    /// Windows-1252 and ISO-8859-1 differ only in 0x80–0x9F. Without such bytes the body is
    /// decoded as ISO-8859-1, which libxml2 does itself, instead of through iconv: a seventh of
    /// the parse time of an ISO-8859-1 HTML page, for the same text.
    func narrowed(for body: UnsafeRawBufferPointer) -> Charset {
        guard name == "windows-1252", !Self.containsC1(body) else { return self }
        return Charset(name: "ISO-8859-1", source: source, markLength: markLength)
    }

    /// Whether any byte is in 0x80–0x9F; eight bytes at a time, skipping words of plain ASCII.
    static func containsC1(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & high != 0 {
                for offset in 0..<8 where bytes[index + offset] &- 0x80 < 0x20 { return true }
            }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] &- 0x80 < 0x20 { return true }
            index += 1
        }
        return false
    }

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
    /// the first 1024 bytes (the window browsers prescan). Scans bytes, comparing ASCII without
    /// case, so that a page's non-ASCII text costs nothing here.
    static func declared(in bytes: UnsafeRawBufferPointer, format: DocumentFormat) -> String? {
        let window = Array(bytes.prefix(1024))
        var start = 0
        while start < window.count, [0x20, 0x09, 0x0A, 0x0D].contains(window[start]) { start += 1 }
        if matches(window, at: start, "<?xml") {
            let end = window[start...].firstIndex(of: UInt8(ascii: ">")) ?? window.count
            if let encoding = attribute("encoding", in: window[(start + 5)..<end]) { return encoding }
        }
        guard format == .html else { return nil }
        var index = 0
        while let tagStart = find(window, "<meta", from: index) {
            let end = window[tagStart...].firstIndex(of: UInt8(ascii: ">")) ?? window.count
            let tag = window[(tagStart + 5)..<end]
            if let charset = attribute("charset", in: tag) { return charset }
            if let content = attribute("content", in: tag), let found = content.lowercased().firstRange(of: "charset") {
                return parameter(charsetIn: "x;" + content.lowercased()[found.lowerBound...])
            }
            index = tagStart + 5
        }
        return nil
    }

    /// Whether `window` holds `word` (lowercase ASCII) at `index`, ignoring ASCII case.
    private static func matches(_ window: [UInt8], at index: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index >= 0, window.count - index >= count else { return false }
        for offset in 0..<count {
            let byte = window[index + offset]
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower != word.utf8Start[offset] { return false }
        }
        return true
    }

    private static func find(_ window: [UInt8], _ word: StaticString, from start: Int) -> Int? {
        var index = start
        while index < window.count {
            if matches(window, at: index, word) { return index }
            index += 1
        }
        return nil
    }

    /// The value of `name="…"`, `name='…'` or `name=…` inside a tag's bytes.
    private static func attribute(_ name: StaticString, in tag: ArraySlice<UInt8>) -> String? {
        let window = Array(tag)
        var index = 0
        while let found = find(window, name, from: index) {
            index = found + name.utf8CodeUnitCount
            let before = found == 0 ? UInt8(ascii: " ") : window[found - 1]
            guard [0x20, 0x09, 0x0A, 0x0D, 0x22, 0x27, 0x2F].contains(before) else { continue }
            var cursor = index
            while cursor < window.count, window[cursor] == 0x20 { cursor += 1 }
            guard cursor < window.count, window[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            while cursor < window.count, window[cursor] == 0x20 { cursor += 1 }
            guard cursor < window.count else { return nil }
            let quote = window[cursor]
            let value: ArraySlice<UInt8>
            if quote == 0x22 || quote == 0x27 {
                let rest = window[(cursor + 1)...]
                value = rest.prefix { $0 != quote }
            } else {
                value = window[cursor...].prefix { ![0x20, 0x2F, 0x3B, 0x3E].contains($0) }
            }
            let text = String(decoding: value, as: UTF8.self).trimmed
            return text.isEmpty ? nil : String(text)
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
