/// Reads comma-separated header lists whose elements carry a `q` weight: `Accept`,
/// `Accept-Encoding` (RFC 9110 §5.6.1, §12.4.2).
enum WeightedList {
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// Calls `body` for each non-empty element with its value (before any `;`, trimmed) and its
    /// weight in thousandths: 1000 when there is no `q`, nil when the `q` value is invalid.
    static func forEach(_ header: String, _ body: (Bytes, Int?) -> Void) {
        var header = header
        header.withUTF8 { all in
            var start = 0
            while start <= all.count {
                let end = delimiter(UInt8(ascii: ","), in: all, from: start)
                element(all[start..<end], body)
                start = end + 1
            }
        }
    }

    private static func element(_ element: Bytes, _ body: (Bytes, Int?) -> Void) {
        let buffer = element.base
        var end = delimiter(UInt8(ascii: ";"), in: buffer, from: element.startIndex, upTo: element.endIndex)
        let value = trimmed(buffer[element.startIndex..<end])
        guard !value.isEmpty else { return }
        var weight: Int? = 1000
        while end < element.endIndex {
            let start = end + 1
            end = delimiter(UInt8(ascii: ";"), in: buffer, from: start, upTo: element.endIndex)
            let parameter = trimmed(buffer[start..<end])
            guard parameter.count >= 2, parameter[parameter.startIndex] | 0x20 == UInt8(ascii: "q"),
                parameter[parameter.startIndex + 1] == UInt8(ascii: "=")
            else { continue }
            // Parameters after `q` are accept-ext (RFC 9110 §12.5.1), so the first `q` decides.
            weight = qValue(parameter.dropFirst(2))
            break
        }
        body(value, weight)
    }

    /// The index of the next `delimiter` outside a quoted-string, or `upTo`.
    private static func delimiter(
        _ delimiter: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, upTo limit: Int? = nil
    ) -> Int {
        let limit = limit ?? buffer.count
        var index = start
        var quoted = false
        while index < limit {
            let byte = buffer[index]
            if quoted {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    quoted = false
                }
            } else if byte == UInt8(ascii: "\"") {
                quoted = true
            } else if byte == delimiter {
                return index
            }
            index += 1
        }
        return limit
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    static func qValue(_ text: Bytes) -> Int? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1"),
            text.count <= 5
        else { return nil }
        var value = first == UInt8(ascii: "1") ? 1000 : 0
        guard text.count > 1 else { return value }
        guard text[text.startIndex + 1] == UInt8(ascii: ".") else { return nil }
        var scale = 100
        for digit in text.dropFirst(2) {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    static func trimmed(_ bytes: Bytes) -> Bytes {
        var bytes = bytes
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            bytes = bytes.dropFirst()
        }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            bytes = bytes.dropLast()
        }
        return bytes
    }

    /// ASCII case-insensitive comparison with a lowercase constant.
    static func equals(_ bytes: Bytes, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let constant = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        for (byte, expected) in zip(bytes, constant) {
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard lowered == expected else { return false }
        }
        return true
    }
}
