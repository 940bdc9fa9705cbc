public import Model

/// A driving route of the directions simulator: steps along a polyline through real places.
public struct SimulatedRoute: Sendable {
    /// Where it starts and ends.
    public let origin, destination: GeoPoint
    /// The places nearest the two ends (for the addresses the formats write).
    public let originPlace, destinationPlace: Place?
    /// The larger places the road passes through, in order.
    public let waypoints: [Place]
    /// The steps, in order; at least one.
    public let steps: [SimulatedStep]
    /// The road's geometry, densified every few kilometres, from the origin to the destination.
    public let points: [GeoPoint]

    /// Metres, the sum of the steps'.
    public var distance: Int { steps.reduce(0) { $0 + $1.distance } }
    /// Seconds, the sum of the steps'.
    public var duration: Int { steps.reduce(0) { $0 + $1.duration } }
}

/// One instruction of a ``SimulatedRoute``.
public struct SimulatedStep: Sendable {
    /// What the driver does at the step's start.
    public enum Maneuver: String, Sendable {
        case depart, turnLeft, turnRight, merge, straight, keepLeft, keepRight, rampRight
    }

    /// A piece of an instruction; the formats that write HTML make `emphasized` pieces bold.
    public struct Piece: Sendable, Equatable {
        public let text: String
        public let emphasized: Bool
    }

    /// What the driver does.
    public let maneuver: Maneuver
    /// The instruction in pieces ("Merge onto ", **I-70 W**, " toward ", **Columbus**).
    public let pieces: [Piece]
    /// A note after the instruction ("Destination will be on the right"), if any.
    public let note: String?
    /// The road driven on during the step.
    public let road: String
    /// Whether the road is a highway (driven at ``DirectionsModel/highwaySpeed``).
    public let onHighway: Bool
    /// Where the step starts and ends.
    public let start, end: GeoPoint
    /// Metres and seconds.
    public let distance, duration: Int
    /// The step's own geometry, start to end.
    public let points: [GeoPoint]

    /// The instruction as plain text, without the note.
    public var instruction: String { pieces.map(\.text).joined() }
}
