/// `collapse`: trims and turns every internal whitespace run (spaces, NBSP, tabs, newlines) into one space; never fails.
struct CollapseNormalizer: Normalizer {
    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) -> [String] {
        if let collapsed = Self.collapsedBytes(value) { return [collapsed] }
        return [value.split(whereSeparator: \.isWhitespace).joined(separator: " ")]
    }

    /// The result computed on UTF-8 bytes, or nil when the text may hold non-ASCII whitespace
    /// (NBSP, NEL, the U+2000 block, U+3000…), which the `Character` path handles. Most values are
    /// already collapsed and come back as they are.
    static func collapsedBytes(_ value: String) -> String? {
        var text = value
        return text.withUTF8 { utf8 -> String? in
            var clean = true
            var afterSpace = true
            for (index, byte) in utf8.enumerated() {
                if byte == 0xE1 || byte == 0xE2 || byte == 0xE3 { return nil }
                if byte == 0xC2, index + 1 < utf8.count, utf8[index + 1] == 0xA0 || utf8[index + 1] == 0x85 { return nil }
                let space = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
                if space && (byte != 0x20 || afterSpace) { clean = false }
                afterSpace = space
            }
            if clean && !(afterSpace && !utf8.isEmpty) { return value }
            var output: [UInt8] = []
            output.reserveCapacity(utf8.count)
            var pending = false
            for byte in utf8 {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pending = !output.isEmpty
                    continue
                }
                if pending {
                    output.append(0x20)
                    pending = false
                }
                output.append(byte)
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}
