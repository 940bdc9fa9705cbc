/// Google's encoded polyline algorithm: each coordinate rounded to `precision` decimals, the
/// differences zig-zag encoded in 5-bit chunks offset by 63
/// (https://developers.google.com/maps/documentation/utilities/polylinealgorithm).
/// Precision 5 is Google's; OSRM's `geometries=polyline6` uses 6.
enum Polyline {
    /// The encoded text of a list of points.
    static func encode(_ points: [GeoPoint], precision: Int = 5) -> String {
        let factor = power(precision)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 8)
        var lastLat = 0, lastLon = 0
        for point in points {
            // A point that is not a number is written as 0, 0 rather than trapping.
            let lat = point.latitude.isFinite ? Int((point.latitude * factor).rounded()) : 0
            let lon = point.longitude.isFinite ? Int((point.longitude * factor).rounded()) : 0
            append(lat - lastLat, to: &bytes)
            append(lon - lastLon, to: &bytes)
            lastLat = lat
            lastLon = lon
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The points of an encoded text; nil when it is not a whole polyline.
    static func decode(_ text: String, precision: Int = 5) -> [GeoPoint]? {
        let factor = power(precision)
        var points: [GeoPoint] = []
        var lat = 0, lon = 0
        var iterator = text.utf8.makeIterator()
        while let first = iterator.next() {
            guard let dLat = read(first, &iterator), let next = iterator.next(), let dLon = read(next, &iterator) else { return nil }
            lat += dLat
            lon += dLon
            points.append(GeoPoint(Double(lat) / factor, Double(lon) / factor))
        }
        return points
    }

    private static func power(_ precision: Int) -> Double {
        var factor = 1.0
        for _ in 0..<max(0, min(precision, 9)) { factor *= 10 }
        return factor
    }

    private static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt(bitPattern: value < 0 ? ~(value << 1) : value << 1)
        while rest >= 0x20 {
            bytes.append(UInt8((0x20 | (rest & 0x1F)) + 63))
            rest >>= 5
        }
        bytes.append(UInt8(rest + 63))
    }

    private static func read(_ first: UInt8, _ iterator: inout String.UTF8View.Iterator) -> Int? {
        var result = 0, shift = 0
        var byte = first
        while true {
            guard byte >= 63, byte < 127, shift < 60 else { return nil }
            let chunk = Int(byte - 63)
            result |= (chunk & 0x1F) << shift
            shift += 5
            guard chunk >= 0x20 else { break }
            guard let next = iterator.next() else { return nil }
            byte = next
        }
        return result & 1 == 1 ? ~(result >> 1) : result >> 1
    }
}
