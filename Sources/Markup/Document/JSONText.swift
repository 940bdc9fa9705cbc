/// Byte-level pieces of JSON reading: charset, numbers, strings.
enum JSONText {
    /// The input as UTF-8: a UTF-8 byte-order mark is dropped, and a `Content-Type` that says
    /// ISO-8859-1 or Windows-1252 (which some old upstreams send) is transcoded.
    static func utf8(_ input: [UInt8], contentType: String?) throws(DocumentError) -> [UInt8] {
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(input.dropFirst(3)) }
        if input.starts(with: [0xFF, 0xFE]) || input.starts(with: [0xFE, 0xFF]) {
            throw DocumentError(.malformed, "Not valid JSON: UTF-16 is not supported.")
        }
        guard let label = contentType.flatMap(Charset.parameter(charsetIn:)), Charset.supported(label) == "windows-1252" else {
            return input
        }
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 8)
        for byte in input {
            let scalar = byte >= 0x80 && byte < 0xA0 ? windows1252[Int(byte - 0x80)] : UInt32(byte)
            output.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        }
        return output
    }

    /// Windows-1252's 0x80–0x9F (undefined bytes decode to U+FFFD).
    private static let windows1252: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// Advances over a number as RFC 8259 defines it.
    static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(DocumentError) {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
            return position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integer = digits()
        guard integer > 0, !(integer > 1 && bytes[position - integer] == UInt8(ascii: "0")) else {
            position = start
            throw invalid("expected a value", at: start, in: bytes)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw invalid("expected digits after '.'", at: position, in: bytes) }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw invalid("expected digits in an exponent", at: position, in: bytes) }
        }
    }

    /// A number in exponent form (`5.2506E1`, `6E0`, `1.5e-3`) written out in plain decimals
    /// (`52.506`, `6`, `0.0015`), digit for digit, so that the normalizers (decimal, coordinate,
    /// int) read it as they read any other; nil for a number without an exponent, and for one
    /// that would take more than 64 characters that way (`1E1000000` stays as it is).
    static func plainDecimal(_ number: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let e = number.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) else { return nil }
        let negative = number.first == UInt8(ascii: "-")
        var digits: [UInt8] = []
        var point = 0
        var seenPoint = false
        for byte in number[(negative ? 1 : 0)..<e] {
            if byte == UInt8(ascii: ".") { seenPoint = true; continue }
            digits.append(byte)
            if !seenPoint { point += 1 }
        }
        var exponent = 0
        var index = e + 1
        var exponentNegative = false
        if index < number.count, number[index] == UInt8(ascii: "-") || number[index] == UInt8(ascii: "+") {
            exponentNegative = number[index] == UInt8(ascii: "-")
            index += 1
        }
        while index < number.count {
            exponent = exponent * 10 + Int(number[index] - UInt8(ascii: "0"))
            guard exponent <= 64 else { return nil }
            index += 1
        }
        point += exponentNegative ? -exponent : exponent
        // Digits before the point (zeros added when the point moves past them) and after it.
        var whole = point <= 0 ? [] : Array(digits.prefix(point))
        if point > digits.count { whole += [UInt8](repeating: UInt8(ascii: "0"), count: point - digits.count) }
        var fraction = point >= digits.count ? [] : [UInt8](repeating: UInt8(ascii: "0"), count: max(0, -point)) + digits.suffix(digits.count - max(0, point))
        while let first = whole.first, first == UInt8(ascii: "0"), whole.count > 1 { whole.removeFirst() }
        if whole.isEmpty { whole = [UInt8(ascii: "0")] }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        let zero = whole == [UInt8(ascii: "0")] && fraction.isEmpty
        var plain: [UInt8] = negative && !zero ? [UInt8(ascii: "-")] : []
        plain += whole
        if !fraction.isEmpty { plain += [UInt8(ascii: ".")] + fraction }
        return plain.count <= 64 ? plain : nil
    }

    /// Decodes a string literal starting at its opening quote into `output` (UTF-8, NUL dropped).
    static func scanString(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, into output: inout [UInt8]) throws(DocumentError) {
        position += 1
        while position < bytes.count {
            // The bytes up to the next quote, backslash or control character, in one copy.
            let run = position
            while position < bytes.count, bytes[position] >= 0x20, bytes[position] != UInt8(ascii: "\""),
                bytes[position] != UInt8(ascii: "\\")
            {
                position += 1
            }
            if position > run { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position])) }
            guard position < bytes.count else { break }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(bytes, &position, into: &output)
                default: throw invalid("unknown escape", at: position - 1, in: bytes)
                }
            case 0x00..<0x20:
                throw invalid("control character in a string", at: position, in: bytes)
            default:
                output.append(byte)
                position += 1
            }
        }
        throw invalid("unterminated string", at: position, in: bytes)
    }

    private static func appendUnicodeEscape(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, into output: inout [UInt8]
    ) throws(DocumentError) {
        var value = try hex4(bytes, &position)
        if (0xD800..<0xDC00).contains(value) {
            // A high surrogate needs its low half; a lone half becomes U+FFFD.
            if bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                var next = position + 2
                let low = try hex4(bytes, &next)
                if (0xDC00..<0xE000).contains(low) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    position = next
                } else {
                    value = 0xFFFD
                }
            } else {
                value = 0xFFFD
            }
        } else if (0xDC00..<0xE000).contains(value) {
            value = 0xFFFD
        }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return }
        output.append(contentsOf: String(Character(scalar)).utf8)
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(DocumentError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw invalid("short \\u escape", at: position, in: bytes) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw invalid("bad hex digit in a \\u escape", at: position, in: bytes)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private static func invalid(_ message: String, at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> DocumentError {
        let line = bytes[..<min(position, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return DocumentError(.malformed, "Not valid JSON: \(message) at byte \(position).", line: line)
    }
}

/// Element names for JSON keys.
enum XMLNameMapping {
    /// Names are capped so that a hostile key cannot become a megabyte-long element name.
    static let maxLength = 128

    /// `key` as an ASCII XML name without a colon: other characters become `_`, and a name that
    /// cannot start an XML name gets `_` in front (`"?xml"` → `_xml`, `"@id"` → `_id`, `""` → `_`).
    static func elementName(for key: String) -> String {
        var name: [UInt8] = []
        for scalar in key.unicodeScalars.prefix(maxLength) {
            name.append(scalar.value < 0x80 && isNameCharacter(UInt8(scalar.value)) ? UInt8(scalar.value) : UInt8(ascii: "_"))
        }
        if let first = name.first, startsName(first) {
            return String(decoding: name, as: UTF8.self)
        }
        return "_" + String(decoding: name, as: UTF8.self)
    }

    /// Whether `elementName(for:)` leaves the key, as UTF-8, as it is: a name of ASCII letters,
    /// digits, `_`, `-` and `.` that starts with a letter or `_`, at most `maxLength` long.
    static func isElementName(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = key.first, startsName(first), key.count <= maxLength else { return false }
        for byte in key where !isNameCharacter(byte) { return false }
        return true
    }

    @inline(__always)
    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        startsName(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    @inline(__always)
    private static func startsName(_ byte: UInt8) -> Bool {
        // ASCII letters, either case, and `_`.
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
    }
}
