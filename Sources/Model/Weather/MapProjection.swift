#if canImport(Glibc)
import Glibc
#endif
public import Kernel

/// Web Mercator fitted to a set of positions inside a rectangle of a canvas: the positions'
/// bounding box, widened by a margin, fills the rectangle in one direction and is centred in
/// the other.
///
/// Longitudes are unwrapped around the first position's, so a line across the antimeridian
/// stays in one piece. A single position (or a few close together) is shown with at least
/// `minimumSpan` metres around it.
public struct MapProjection: Sendable {
    /// The canvas rectangle the map is drawn in, in pixels.
    public struct Rectangle: Sendable, Equatable {
        public var left, top, right, bottom: Double

        /// A rectangle from its edges.
        public init(left: Double, top: Double, right: Double, bottom: Double) {
            self.left = left
            self.top = top
            self.right = right
            self.bottom = bottom
        }

        public var width: Double { right - left }
        public var height: Double { bottom - top }
    }

    /// The rectangle drawn in.
    public let area: Rectangle
    /// Pixels per Mercator unit (radian of longitude).
    public let scale: Double
    /// The longitude the others are unwrapped around.
    let referenceLongitude: Double
    /// The Mercator position at the rectangle's centre.
    let centre: (x: Double, y: Double)

    /// Latitudes beyond this are drawn at it (Web Mercator's own limit).
    static let maxLatitude = 85.051_128_78

    /// Fits the positions into `area`, leaving `margin` (a fraction of the span) on every side.
    public init(fitting positions: [Coordinate], in area: Rectangle, margin: Double = 0.08, minimumSpan: Double = 20_000) {
        self.area = area
        let reference = positions.first?.longitude ?? 0
        referenceLongitude = reference
        let points = positions.map { Self.mercator(latitude: $0.latitude, longitude: reference + Polyline.longitudeDelta($0.longitude, reference)) }
        var minX = points.map(\.x).min() ?? 0, maxX = points.map(\.x).max() ?? 0
        var minY = points.map(\.y).min() ?? 0, maxY = points.map(\.y).max() ?? 0
        let middle = (minY + maxY) / 2
        // Metres per Mercator unit at the middle latitude: R·cos φ, and cos φ = 1 / cosh y.
        let least = minimumSpan / (Haversine.earthRadius / cosh(middle))
        if maxX - minX < least { (minX, maxX) = ((minX + maxX - least) / 2, (minX + maxX + least) / 2) }
        if maxY - minY < least { (minY, maxY) = ((minY + maxY - least) / 2, (minY + maxY + least) / 2) }
        let spanX = (maxX - minX) * (1 + 2 * margin), spanY = (maxY - minY) * (1 + 2 * margin)
        scale = min(area.width / spanX, area.height / spanY)
        centre = ((minX + maxX) / 2, (minY + maxY) / 2)
    }

    /// Web Mercator in radians: x the longitude, y = ln tan(π/4 + φ/2).
    static func mercator(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let phi = max(-maxLatitude, min(maxLatitude, latitude)) * Haversine.radiansPerDegree
        return (longitude * Haversine.radiansPerDegree, log(tan(.pi / 4 + phi / 2)))
    }

    /// A position's point on the canvas, in pixels (y down).
    public func point(_ position: Coordinate) -> (x: Double, y: Double) {
        point(latitude: position.latitude, longitude: position.longitude)
    }

    /// A latitude and longitude's point on the canvas, in pixels (y down).
    public func point(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let m = Self.mercator(latitude: latitude, longitude: referenceLongitude + Polyline.longitudeDelta(longitude, referenceLongitude))
        return (area.left + area.width / 2 + (m.x - centre.x) * scale, area.top + area.height / 2 - (m.y - centre.y) * scale)
    }

    /// The latitude and longitude at a canvas point.
    func position(x: Double, y: Double) -> (latitude: Double, longitude: Double) {
        let mx = centre.x + (x - area.left - area.width / 2) / scale
        let my = centre.y - (y - area.top - area.height / 2) / scale
        return ((2 * atan(exp(my)) - .pi / 2) / Haversine.radiansPerDegree, mx / Haversine.radiansPerDegree)
    }

    /// The box the rectangle shows, in degrees; `west` > `east` when it spans the antimeridian,
    /// and every longitude when it is wider than the globe.
    public var bounds: (south: Double, north: Double, west: Double, east: Double) {
        bounds(of: area)
    }

    /// The box a rectangle of the canvas shows, as `bounds`.
    public func bounds(of rectangle: Rectangle) -> (south: Double, north: Double, west: Double, east: Double) {
        let topLeft = position(x: rectangle.left, y: rectangle.top), bottomRight = position(x: rectangle.right, y: rectangle.bottom)
        guard bottomRight.longitude - topLeft.longitude < 360 else { return (bottomRight.latitude, topLeft.latitude, -180, 180) }
        return (bottomRight.latitude, topLeft.latitude, Self.wrapped(topLeft.longitude), Self.wrapped(bottomRight.longitude))
    }

    /// Metres on the ground per pixel at the rectangle's centre.
    public var metersPerPixel: Double {
        Haversine.earthRadius / cosh(centre.y) / scale
    }

    static func wrapped(_ longitude: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value > 180 { value -= 360 } else if value < -180 { value += 360 }
        return value
    }
}
