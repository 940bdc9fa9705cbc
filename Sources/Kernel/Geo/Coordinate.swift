/// A WGS 84 position in degrees.
public struct Coordinate: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    /// A position, or nil when not finite or out of range.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension Coordinate {
    /// The great-circle distance in metres to another position (``Haversine``).
    public func meters(to other: Coordinate) -> Double {
        Haversine.meters(fromLatitude: latitude, longitude: longitude, toLatitude: other.latitude, longitude: other.longitude)
    }
}
