/// `polyline(precision=5|6)`: decodes a Google encoded polyline into one "lat,lon" value per point, with at most `precision` decimals and trailing zeros stripped; at most 100,000 points.
struct PolylineNormalizer: Normalizer {
    static let maximumPoints = 100_000
    private let precision: Int

    init(arguments: inout StepArguments) throws(NormalizerError) {
        switch try arguments.keyedLiteral("precision") {
        case nil, "5": precision = 5
        case "6": precision = 6
        case let other?: throw NormalizerError("polyline: unknown precision \(NormalizerError.quoted(other)) (expected 5 or 6)")
        }
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        let bytes = Array(TrimNormalizer.trimmed(value).utf8)
        var scale: Int64 = 1
        for _ in 0..<precision { scale *= 10 }
        var index = 0
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        var points: [String] = []
        while index < bytes.count {
            guard points.count < Self.maximumPoints else {
                throw NormalizerError("polyline: more than \(Self.maximumPoints) points")
            }
            guard let deltaLatitude = Self.decodeValue(bytes, &index), let deltaLongitude = Self.decodeValue(bytes, &index) else {
                throw NormalizerError("polyline: \(NormalizerError.quoted(value)) is not a valid encoded polyline")
            }
            latitude += deltaLatitude
            longitude += deltaLongitude
            // Checking every point also keeps the running sums far from overflow.
            guard latitude.magnitude <= 90 * UInt64(scale), longitude.magnitude <= 180 * UInt64(scale) else {
                throw NormalizerError("polyline: point \(points.count + 1) is out of range")
            }
            points.append(formatScaledPair(latitude, longitude, decimals: precision))
        }
        return points
    }

    /// One zigzag-encoded value of 5-bit chunks (characters 63...126); `nil` when truncated or absurdly long.
    private static func decodeValue(_ bytes: [UInt8], _ index: inout Int) -> Int64? {
        var result: Int64 = 0
        var shift: Int64 = 0
        while true {
            guard index < bytes.count, shift <= 30 else { return nil }
            let chunk = Int64(bytes[index]) - 63
            guard (0...63).contains(chunk) else { return nil }
            index += 1
            result |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 { break }
        }
        return result & 1 != 0 ? ~(result >> 1) : result >> 1
    }
}
