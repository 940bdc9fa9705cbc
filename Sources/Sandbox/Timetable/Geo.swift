#if canImport(Glibc)
import Glibc
#endif
import Kernel
import Model

/// Great-circle geometry on the WGS 84 coordinates of stations.
enum Geo {
    /// The mean Earth radius in metres.
    static let earthRadius = Haversine.earthRadius

    /// The great-circle (haversine) distance in metres.
    static func distance(_ a: Station, _ b: Station) -> Double {
        Haversine.meters(fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
    }

    /// The initial bearing from `a` to `b` in degrees, 0..<360 clockwise from north.
    static func bearing(from a: Station, to b: Station) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }
}
