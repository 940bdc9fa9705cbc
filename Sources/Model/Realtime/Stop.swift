public import Markup
public import Kernel

/// A stop a section passes between its ends: `<stop>`, listed with `stops=1`.
public struct Stop: Sendable, Equatable {
    /// The station's id (the UIC number for Swiss stations), when the upstream gives it.
    public var id: String?
    /// The station's name.
    public var name: String
    /// The timetable's times; the first stop of a run has no arrival, its last no departure.
    public var arrival: OffsetDateTime?
    public var departure: OffsetDateTime?
    /// The planned platform.
    public var platform: String?
    /// What the upstream expects, when it says (or, `propagated`, what an earlier stop's delay gives).
    public var arrivalPredicted: OffsetDateTime?
    public var departurePredicted: OffsetDateTime?
    public var platformPredicted: String?
    /// Whose word the predicted times are; nil when the upstream says nothing about real-time at all.
    public var realtime: RealtimeState?
    /// The run does not stop here to let people off or on, while the rest of it goes ahead.
    public var arrivalCancelled: Bool
    public var departureCancelled: Bool

    /// Creates a stop.
    public init(
        id: String? = nil, name: String, arrival: OffsetDateTime? = nil, departure: OffsetDateTime? = nil, platform: String? = nil,
        arrivalPredicted: OffsetDateTime? = nil, departurePredicted: OffsetDateTime? = nil, platformPredicted: String? = nil,
        realtime: RealtimeState? = nil, arrivalCancelled: Bool = false, departureCancelled: Bool = false
    ) {
        self.id = id
        self.name = name
        self.arrival = arrival
        self.departure = departure
        self.platform = platform
        self.arrivalPredicted = arrivalPredicted
        self.departurePredicted = departurePredicted
        self.platformPredicted = platformPredicted
        self.realtime = realtime
        self.arrivalCancelled = arrivalCancelled
        self.departureCancelled = departureCancelled
    }

    /// What a `<stop>` holds, declared once for its node and the schemas.
    public static let shape = Shape<Stop>.children("Stop", summary: "A stop between a section's ends.", [
        .optional("id", .string) { $0.id },
        .leaf("name", .string) { $0.name },
        .optional("arrival", .time, summary: "The timetable's arrival.") { $0.arrival },
        .optional("departure", .time, summary: "The timetable's departure.") { $0.departure },
        .optional("platform", .string, summary: "The planned platform.") { $0.platform },
        .optional("arrival_predicted", .time) { $0.arrivalPredicted },
        .optional("departure_predicted", .time) { $0.departurePredicted },
        .optional("platform_predicted", .string, summary: "The platform the upstream now expects.") { $0.platformPredicted },
        .optional("realtime", .realtime) { $0.realtime?.rawValue },
        .flag("arrival_cancelled", summary: "The run does not stop here to let people off.") { $0.arrivalCancelled },
        .flag("departure_cancelled", summary: "The run does not stop here to let people on.") { $0.departureCancelled },
    ])

    public var node: Node { Self.shape.node("stop", self) }
}
