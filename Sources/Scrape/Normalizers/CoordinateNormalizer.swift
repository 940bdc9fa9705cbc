/// `coordinate(degrees|micro|lonlat|latlon)`: a single degree value (decimal, or integer millionths with `micro`) within ±180, or a pair separated by a comma and/or whitespace, output as "lat,lon" with lat within ±90 and lon within ±180; at most 6 decimals, trailing zeros stripped.
struct CoordinateNormalizer: Normalizer {
    private enum Mode: String {
        case degrees, micro, lonlat, latlon
    }

    private let mode: Mode

    init(arguments: inout StepArguments) throws(NormalizerError) {
        let text = try arguments.positionalLiteral("the format")
        guard let text, let mode = Mode(rawValue: text) else {
            let shown = text.map { "unknown format \(NormalizerError.quoted($0))" } ?? "missing format"
            throw NormalizerError("coordinate: \(shown) (expected degrees, micro, lonlat, latlon)")
        }
        self.mode = mode
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        switch mode {
        case .degrees:
            return [formatScaled(try degrees(value, limit: 180, whole: value), decimals: 6)]
        case .micro:
            let micro = try IntNormalizer.parse(value, normalizer: "coordinate")
            guard micro.magnitude <= 180_000_000 else { throw outOfRange(value) }
            return [formatScaled(micro, decimals: 6)]
        case .lonlat, .latlon:
            let parts = try pair(value)
            let (lat, lon) = mode == .latlon ? (parts.0, parts.1) : (parts.1, parts.0)
            let latitude = try degrees(lat, limit: 90, whole: value)
            let longitude = try degrees(lon, limit: 180, whole: value)
            return [formatScaledPair(latitude, longitude, decimals: 6)]
        }
    }

    /// Degrees in millionths, rounded to 6 decimals, checked against ±limit.
    private func degrees(_ text: some StringProtocol, limit: Int64, whole: String) throws(NormalizerError) -> Int64 {
        guard let number = DecimalText(text) else {
            throw NormalizerError("coordinate: \(NormalizerError.quoted(whole)) is not a coordinate")
        }
        guard let micro = number.scaled(decimals: 6), micro.magnitude <= limit * 1_000_000 else { throw outOfRange(whole) }
        return micro
    }

    /// The two numbers of a pair, split at one comma and/or whitespace.
    private func pair(_ value: String) throws(NormalizerError) -> (Substring, Substring) {
        let text = TrimNormalizer.trimmed(value)
        if let parts = Self.asciiPair(text) { return parts }
        let parts = text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
        guard parts.count == 2, text.filter({ $0 == "," }).count <= 1 else {
            throw NormalizerError("coordinate: \(NormalizerError.quoted(value)) is not a coordinate pair (expected two numbers separated by a comma or space)")
        }
        return (parts[0], parts[1])
    }

    /// The pair's two numbers when the text is ASCII, read byte by byte (ASCII whitespace is
    /// what `Character.isWhitespace` finds there); nil for any other text, which the general
    /// split reads, and for one that is not a pair.
    static func asciiPair(_ text: Substring) -> (Substring, Substring)? {
        let utf8 = text.utf8
        var first: Range<Substring.Index>?
        var second: Range<Substring.Index>?
        var commas = 0
        var partStart: Substring.Index?
        var index = utf8.startIndex
        while true {
            // The end separates as a comma or a space does.
            let atEnd = index == utf8.endIndex
            let byte = atEnd ? UInt8(ascii: " ") : utf8[index]
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: ",") { commas += 1 }
            if byte == UInt8(ascii: ",") || byte == 0x20 || (0x09...0x0D).contains(byte) {
                if let start = partStart {
                    guard second == nil else { return nil }
                    if first == nil { first = start..<index } else { second = start..<index }
                    partStart = nil
                }
            } else if partStart == nil {
                partStart = index
            }
            if atEnd { break }
            index = utf8.index(after: index)
        }
        guard let first, let second, commas <= 1 else { return nil }
        return (text[first], text[second])
    }

    private func outOfRange(_ value: String) -> NormalizerError {
        NormalizerError("coordinate: \(NormalizerError.quoted(value)) is out of range")
    }
}
