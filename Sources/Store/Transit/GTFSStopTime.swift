/// One stop of a trip as stop_times.txt schedules it, for propagating a real-time delay
/// along the trip.
public struct GTFSStopTime: Sendable, Hashable {
    /// `stop_sequence`, increasing along the trip.
    public var sequence: Int
    /// `stop_id`.
    public var stopID: String
    /// The arrival in seconds after the service day's reference; nil at an untimed stop.
    public var arrival: Int?
    /// The departure in seconds after the service day's reference; nil at an untimed stop.
    public var departure: Int?

    /// A stop time of these values.
    public init(sequence: Int, stopID: String, arrival: Int?, departure: Int?) {
        self.sequence = sequence
        self.stopID = stopID
        self.arrival = arrival
        self.departure = departure
    }
}
