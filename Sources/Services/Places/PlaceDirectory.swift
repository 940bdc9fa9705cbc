public import Model

/// An offline index of places: the embedded gazetteer, or a small list in tests.
public protocol PlaceDirectory: Sendable {
    /// Places matching a name, "City, ST", "City, Country" or a postal code, best first.
    func search(_ query: String, limit: Int) throws -> [Place]
    /// Close spellings of a name that matched nothing, best first.
    func suggestions(for query: String, limit: Int) throws -> [Place]
    /// The place nearest to a position, with its postal code where known.
    func nearest(latitude: Double, longitude: Double) throws -> Place?
    /// The place nearest to each position, in one go where the directory can.
    func nearest(_ positions: [(latitude: Double, longitude: Double)]) throws -> [Place?]
    /// The most populous places inside a latitude-longitude box (`west` > `east` across the
    /// antimeridian), most populous first, at most `limit`.
    func largestPlaces(south: Double, north: Double, west: Double, east: Double, limit: Int) throws -> [Place]
}

extension PlaceDirectory {
    /// The place nearest to each position, one after another.
    public func nearest(_ positions: [(latitude: Double, longitude: Double)]) throws -> [Place?] {
        try positions.map { try nearest(latitude: $0.latitude, longitude: $0.longitude) }
    }

    /// The most populous places inside a latitude-longitude box, most populous first; none by
    /// default (a directory without populations).
    public func largestPlaces(south: Double, north: Double, west: Double, east: Double, limit: Int) throws -> [Place] { [] }
}
