#if canImport(Glibc)
import Glibc
#endif

/// Great-circle distances from one origin on a sphere of the Earth's mean radius (haversine formula).
///
/// A sphere is within 0.5 % of the WGS 84 ellipsoid, which ranks stops a few kilometres
/// apart the same way; the distances are good to a few metres per kilometre.
///
/// ```swift
/// let bern = Haversine(latitude: 46.949, longitude: 7.439)
/// bern.meters(latitude: 47.378, longitude: 8.540)   // ≈ 96 km to Zürich HB
/// ```
public struct Haversine: Sendable {
    /// The mean Earth radius (IUGG), in metres.
    public static let earthRadius = 6_371_008.8
    /// Radians in one degree.
    public static let radiansPerDegree = Double.pi / 180

    /// The origin's latitude in degrees.
    public let latitude: Double
    /// The origin's longitude in degrees.
    public let longitude: Double
    private let latitudeRadians: Double
    private let cosLatitude: Double

    /// An origin from its latitude and longitude in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        latitudeRadians = latitude * Self.radiansPerDegree
        cosLatitude = cos(latitudeRadians)
    }

    /// The haversine of the central angle to a point: it grows with the distance, so
    /// candidates are ranked by it and only the results are converted to metres.
    public func haversine(latitude: Double, longitude: Double) -> Double {
        let other = latitude * Self.radiansPerDegree
        let halfLatitude = sin((other - latitudeRadians) / 2)
        let halfLongitude = sin((longitude - self.longitude) * Self.radiansPerDegree / 2)
        return halfLatitude * halfLatitude + cosLatitude * cos(other) * halfLongitude * halfLongitude
    }

    /// Metres for a haversine from `haversine(latitude:longitude:)`.
    public static func meters(haversine: Double) -> Double {
        2 * earthRadius * asin(min(1, haversine.squareRoot()))
    }

    /// Metres to a point.
    public func meters(latitude: Double, longitude: Double) -> Double {
        Self.meters(haversine: haversine(latitude: latitude, longitude: longitude))
    }

    /// The great-circle distance in metres between two positions in degrees.
    public static func meters(fromLatitude latitude: Double, longitude: Double, toLatitude otherLatitude: Double, longitude otherLongitude: Double) -> Double {
        Haversine(latitude: latitude, longitude: longitude).meters(latitude: otherLatitude, longitude: otherLongitude)
    }
}
