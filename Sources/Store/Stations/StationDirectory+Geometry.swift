#if canImport(Glibc)
import Glibc
#endif
import Kernel

extension StationDirectory {
    /// The great-circle distance in metres between two positions in degrees.
    public static func meters(fromLatitude latitude: Double, longitude: Double, toLatitude otherLatitude: Double, longitude otherLongitude: Double) -> Double {
        Haversine.meters(fromLatitude: latitude, longitude: longitude, toLatitude: otherLatitude, longitude: otherLongitude)
    }

    /// Great-circle distances from an origin (the haversine formula, in Kernel).
    typealias Origin = Haversine

    /// The latitude-longitude box that holds every point within `radius` metres of an origin,
    /// as one or two longitude ranges.
    ///
    /// The box is exact on the sphere: its longitude half-width is `asin(sin r / cos φ)` for an
    /// angular radius `r` at latitude `φ`. Where the circle reaches a pole the box takes every
    /// longitude; where it crosses the antimeridian (±180°) it splits in two ranges, so stops in
    /// Fiji or the Aleutians are found from either side. Switzerland and the San Francisco Bay
    /// are far from both, but nothing here assumes it.
    struct SearchBox {
        let south: Double
        let north: Double
        let west: ClosedRange<Double>
        let east: ClosedRange<Double>?
        /// Whether the circle holds the whole globe: a larger radius cannot find more.
        let coversGlobe: Bool

        /// Degrees added on every side, so that rounding never leaves a point on the edge out.
        private static let margin = 1e-9

        init(around origin: Origin, radius: Double) {
            let angle = radius / Origin.earthRadius
            coversGlobe = angle >= .pi
            let halfHeight = min(angle, .pi) / Origin.radiansPerDegree + Self.margin
            south = max(-90, origin.latitude - halfHeight)
            north = min(90, origin.latitude + halfHeight)
            let reach = sin(min(angle, .pi / 2)) / cos(origin.latitude * Origin.radiansPerDegree)
            guard angle < .pi / 2, south > -90, north < 90, reach < 1 else {
                west = -180...180
                east = nil
                return
            }
            let halfWidth = asin(reach) / Origin.radiansPerDegree + Self.margin
            let low = origin.longitude - halfWidth, high = origin.longitude + halfWidth
            if low < -180 {
                west = -180...high
                east = (low + 360)...180
            } else if high > 180 {
                west = low...180
                east = -180...(high - 360)
            } else {
                west = low...high
                east = nil
            }
        }
    }
}
