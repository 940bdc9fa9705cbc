/// A stop found near a position, with its distance.
public struct NearbyGTFSStop: Sendable, Hashable {
    /// The stop, or the station grouping its platforms.
    public var stop: GTFSStop
    /// The great-circle distance in metres.
    public var meters: Double

    /// A stop at a distance.
    public init(stop: GTFSStop, meters: Double) {
        self.stop = stop
        self.meters = meters
    }
}
