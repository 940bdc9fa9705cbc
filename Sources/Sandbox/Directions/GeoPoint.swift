#if canImport(Glibc)
import Glibc
#endif
public import Kernel
public import Model

/// A WGS 84 point: the kernel's ``Coordinate``.
public typealias GeoPoint = Coordinate

/// The great-circle geometry the directions simulator draws its roads with.
extension Coordinate {
    /// A point from its latitude and longitude in degrees, brought into range: the latitude
    /// clamped to ±90°, the longitude wrapped to ±180°, a value that is not finite taken as 0.
    /// The simulators' own: elsewhere a bad coordinate is refused, not brought into range.
    init(_ latitude: Double, _ longitude: Double) {
        let latitude = latitude.isFinite ? min(90, max(-90, latitude)) : 0
        var longitude = longitude.isFinite ? longitude.truncatingRemainder(dividingBy: 360) : 0
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        // In range now, so the kernel's check passes; the fallback is never taken.
        self = Coordinate(latitude: latitude, longitude: longitude) ?? Coordinate(latitude: 0, longitude: 0)!
    }

    static let earthRadius = Haversine.earthRadius

    /// The initial bearing towards `other` in degrees, 0..<360 clockwise from north.
    func bearing(to other: GeoPoint) -> Double {
        let lat1 = latitude * .pi / 180, lat2 = other.latitude * .pi / 180
        let dLon = (other.longitude - longitude) * .pi / 180
        let degrees = atan2(sin(dLon) * cos(lat2), cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The point a fraction of the way along the great circle to `other`.
    func interpolated(to other: GeoPoint, fraction: Double) -> GeoPoint {
        let angle = meters(to: other) / Self.earthRadius
        guard angle > 1e-12 else { return self }
        // Antipodes have no single great circle between them; the formula would divide by zero.
        guard sin(angle) > 1e-6 else { return fraction < 0.5 ? self : other }
        let a = sin((1 - fraction) * angle) / sin(angle), b = sin(fraction * angle) / sin(angle)
        let (x1, y1, z1) = vector, (x2, y2, z2) = other.vector
        let x = a * x1 + b * x2, y = a * y1 + b * y2, z = a * z1 + b * z2
        return GeoPoint(atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, atan2(y, x) * 180 / .pi)
    }

    /// The distance in metres from the great circle through `a` and `b` (not the segment).
    func crossTrackDistance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let angular = a.meters(to: self) / Self.earthRadius
        let bearingDifference = (a.bearing(to: self) - a.bearing(to: b)) * .pi / 180
        return abs(asin(max(-1, min(1, sin(angular) * sin(bearingDifference)))) * Self.earthRadius)
    }

    private var vector: (Double, Double, Double) {
        let lat = latitude * .pi / 180, lon = longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    /// The eight-point compass name of a bearing ("northwest").
    static func compassName(_ bearing: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        return names[Int(((bearing + 22.5).truncatingRemainder(dividingBy: 360)) / 45) % 8]
    }
}

extension Place {
    /// Where the place is.
    public var coordinate: GeoPoint { GeoPoint(latitude, longitude) }
}
