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
            return [formatScaled(latitude, decimals: 6) + "," + formatScaled(longitude, decimals: 6)]
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
        let parts = text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
        guard parts.count == 2, text.filter({ $0 == "," }).count <= 1 else {
            throw NormalizerError("coordinate: \(NormalizerError.quoted(value)) is not a coordinate pair (expected two numbers separated by a comma or space)")
        }
        return (parts[0], parts[1])
    }

    private func outOfRange(_ value: String) -> NormalizerError {
        NormalizerError("coordinate: \(NormalizerError.quoted(value)) is out of range")
    }
}
