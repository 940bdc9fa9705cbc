import Model

/// `OJPStopEventDelivery`: the stop in the context, then one `StopEventResult` per departure or
/// arrival, its call at the stop (`ThisCall/CallAtStop`) and its service, as
/// `ojp2-kpublictransport-ch2-stopover-occupancy.xml` records them.
extension OJPRenderer {
    /// A board entry and whether it is the run's arrival at the stop (else its departure).
    struct StopEvent {
        let entry: BoardEntry
        let isArrival: Bool
    }

    func stopEvents(_ events: [StopEvent], at station: Station, includeRealtime: Bool) -> [UInt8] {
        document { writer in
            delivery("OJPStopEventDelivery", into: &writer) { writer in
                writer.element("StopEventResponseContext") { writer in
                    places([station], into: &writer)
                    Self.situations(events.flatMap(\.entry.ride.situations), into: &writer)
                }
                for event in events {
                    let entry = event.entry, ride = entry.ride
                    writer.element("StopEventResult") { writer in
                        writer.leaf("Id", Self.identifier(station.id, ride.number, String(entry.stop.time.instant), event.isArrival ? "arrival" : "departure"))
                        writer.element("StopEvent") { writer in
                            writer.element("ThisCall") { writer in
                                writer.element("CallAtStop") { writer in
                                    Self.stopPoint(entry.stop.station, into: &writer)
                                    Self.quays(entry.stop.platform, predicted: includeRealtime ? entry.stop.predictedPlatform : nil, into: &writer)
                                    Self.serviceTime(
                                        event.isArrival ? "ServiceArrival" : "ServiceDeparture", entry.stop.time,
                                        expected: includeRealtime ? entry.stop.prognosis : nil, into: &writer)
                                    let position = event.isArrival ? ride.stops[ride.stops.count - 1].position : ride.stops[0].position
                                    Self.callStatus(order: position + 1, skipped: includeRealtime && entry.stop.isSkipped, into: &writer)
                                }
                            }
                            service(ride, originReference: true, into: &writer)
                        }
                    }
                }
            }
        }
    }
}
