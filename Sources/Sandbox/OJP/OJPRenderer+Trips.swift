import Model

/// `OJPTripDelivery`: the stations in the context, then one `TripResult` per connection.
///
/// As the Swiss service writes them, a trip's `StartTime`, `EndTime` and `Duration` and each
/// leg's `Duration` are the expected ones (realtime where a run is late); the timetabled times
/// are in the legs. Rides are `TimedLeg`s; a walk within a trip is a `TransferLeg`, a trip that
/// is only a walk one `ContinuousLeg` on foot; both carry their `TimeWindowStart`/`End`.
extension OJPRenderer {
    func trips(_ connections: [Connection], includeIntermediateStops: Bool) -> [UInt8] {
        document { writer in
            delivery("OJPTripDelivery", into: &writer) { writer in
                writer.element("TripResponseContext") { writer in
                    places(connections.flatMap { $0.sections.flatMap { [$0.departure.station, $0.arrival.station] } }, into: &writer)
                    Self.situations(connections.flatMap { $0.sections.flatMap { $0.ride?.situations ?? [] } }, into: &writer)
                }
                for (number, connection) in connections.enumerated() {
                    let id = Self.identifier(connection.departure.station.id, connection.arrival.station.id, String(connection.departure.time.instant), String(number))
                    writer.element("TripResult") { writer in
                        writer.leaf("Id", id)
                        trip(connection, id: id, includeIntermediateStops: includeIntermediateStops, into: &writer)
                    }
                }
            }
        }
    }

    private func trip(_ connection: Connection, id: String, includeIntermediateStops: Bool, into writer: inout AnswerWriter) {
        let start = connection.departure.prognosis ?? connection.departure.time
        let end = connection.arrival.prognosis ?? connection.arrival.time
        writer.element("Trip") { writer in
            writer.leaf("Id", id)
            writer.leaf("Duration", OJPTime.duration(end.instant - start.instant))
            writer.leaf("StartTime", OJPTime.utc(start.instant))
            writer.leaf("EndTime", OJPTime.utc(end.instant))
            writer.leaf("Transfers", String(connection.transfers))
            // Recorded (ojp-js tr-response-zh-be): a trip whose transfer cannot be made is Infeasible.
            if !connection.isRidable { writer.leaf("Infeasible", "true") }
            let walkOnly = !connection.sections.contains { $0.ride != nil }
            for (index, section) in connection.sections.enumerated() {
                writer.element("Leg") { writer in
                    writer.leaf("Id", String(index + 1))
                    switch section.kind {
                    case .ride(let ride):
                        let duration = (section.arrival.prognosis ?? section.arrival.time).instant - (section.departure.prognosis ?? section.departure.time).instant
                        writer.leaf("Duration", OJPTime.duration(duration))
                        timedLeg(section, ride: ride, includeIntermediateStops: includeIntermediateStops, into: &writer)
                    case .walk(let metres):
                        writer.leaf("Duration", OJPTime.duration(section.arrival.time.instant - section.departure.time.instant))
                        walkLeg(section, metres: metres, continuous: walkOnly, into: &writer)
                    }
                }
            }
        }
    }

    private func timedLeg(_ section: Section, ride: Ride, includeIntermediateStops: Bool, into writer: inout AnswerWriter) {
        writer.element("TimedLeg") { writer in
            writer.element("LegBoard") { writer in
                Self.stopPoint(section.departure.station, into: &writer)
                Self.quays(section.departure.platform, predicted: section.departure.predictedPlatform, into: &writer)
                Self.serviceTime("ServiceDeparture", section.departure.time, expected: section.departure.prognosis, into: &writer)
                Self.callStatus(order: ride.stops[0].position + 1, skipped: section.departure.isSkipped, into: &writer)
            }
            if includeIntermediateStops {
                for stop in ride.stops.dropFirst().dropLast() {
                    writer.element("LegIntermediate") { writer in
                        Self.stopPoint(stop.station, into: &writer)
                        Self.quays(stop.platform, predicted: stop.predictedPlatform, into: &writer)
                        if let arrival = stop.arrival {
                            Self.serviceTime("ServiceArrival", arrival, expected: stop.predictedArrival, into: &writer)
                        }
                        if let departure = stop.departure {
                            Self.serviceTime("ServiceDeparture", departure, expected: stop.predictedDeparture, into: &writer)
                        }
                        Self.callStatus(order: stop.position + 1, skipped: stop.isSkipped, into: &writer)
                    }
                }
            }
            writer.element("LegAlight") { writer in
                Self.stopPoint(section.arrival.station, into: &writer)
                Self.quays(section.arrival.platform, predicted: section.arrival.predictedPlatform, into: &writer)
                Self.serviceTime("ServiceArrival", section.arrival.time, expected: section.arrival.prognosis, into: &writer)
                Self.callStatus(order: ride.stops[ride.stops.count - 1].position + 1, skipped: section.arrival.isSkipped, into: &writer)
            }
            service(ride, originReference: false, into: &writer)
        }
    }

    private func walkLeg(_ section: Section, metres: Int, continuous: Bool, into writer: inout AnswerWriter) {
        let seconds = section.arrival.time.instant - section.departure.time.instant
        writer.element(continuous ? "ContinuousLeg" : "TransferLeg") { writer in
            if !continuous { writer.leaf("TransferType", "walk") }
            writer.element("LegStart") { Self.stopPoint(section.departure.station, nameElement: "Name", into: &$0) }
            writer.element("LegEnd") { Self.stopPoint(section.arrival.station, nameElement: "Name", into: &$0) }
            if continuous {
                writer.element("Service") { writer in
                    writer.leaf("PersonalModeOfOperation", "own")
                    writer.leaf("PersonalMode", "foot")
                }
            }
            writer.leaf("TimeWindowStart", OJPTime.utc(section.departure.time.instant))
            writer.leaf("TimeWindowEnd", OJPTime.utc(section.arrival.time.instant))
            writer.leaf("Duration", OJPTime.duration(seconds))
            writer.leaf("Length", String(metres))
        }
    }

    /// `siri:StopPointRef` and the stop's name: the station's UIC number stands for its stop point.
    static func stopPoint(_ station: Station, nameElement: String = "StopPointName", into writer: inout AnswerWriter) {
        writer.leaf("siri:StopPointRef", station.id)
        writer.text(nameElement, station.name)
    }
}
