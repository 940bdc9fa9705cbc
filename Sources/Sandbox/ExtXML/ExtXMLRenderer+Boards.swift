/// `ResC/STBRes`: a station board, times as `HH:MM` without a date, as the service writes them.
extension ExtXMLRenderer {
    func stationBoard(_ entries: [BoardEntry], arrivals: Bool) -> [UInt8] {
        Self.document { writer in
            writer.element("STBRes") { writer in
                writer.element("JourneyList") { writer in
                    for entry in entries { self.journey(entry, arrivals: arrivals, into: &writer) }
                }
            }
        }
    }

    private func journey(_ entry: BoardEntry, arrivals: Bool, into writer: inout AnswerWriter) {
        let ride = entry.ride, stop = entry.stop
        writer.element("STBJourney") { writer in
            writer.empty("JHandle", [("tNr", ride.number), ("puic", "085"), ("cycle", "00")])
            writer.element("MainStop") { writer in
                writer.element("BasicStop") { writer in
                    Self.station(stop.station, into: &writer)
                    writer.element(arrivals ? "Arr" : "Dep") { writer in
                        writer.leaf("Time", stop.time.local.clock)
                        if let platform = stop.platform {
                            writer.element("Platform") { $0.leaf("Text", platform) }
                        }
                    }
                    // A time only where it differs from the plan (recorded: 22:10 → 22:22), a
                    // changed platform beside it, as in a connection's StopPrognosis.
                    writer.element("StopPrognosis") { writer in
                        let expected = stop.prognosis.flatMap { $0 != stop.time ? $0 : nil }
                        let moved = stop.platformChanged ? stop.predictedPlatform : nil
                        if expected != nil || moved != nil {
                            writer.element(arrivals ? "Arr" : "Dep") { writer in
                                if let expected { writer.leaf("Time", expected.local.clock) }
                                if let moved { writer.element("Platform") { $0.leaf("Text", moved) } }
                            }
                        }
                        if ride.isCancelled {
                            writer.leaf("Status", arrivals ? "PARTIAL_FAILURE_AT_ARR" : "PARTIAL_FAILURE_AT_DEP")
                        }
                        writer.leaf("Capacity1st", "-1")
                        writer.leaf("Capacity2nd", "-1")
                    }
                }
            }
            let range = (ride.stops[0].position, ride.stops[ride.stops.count - 1].position)
            writer.element("JourneyAttributeList") { writer in
                let category = ride.category
                Self.attribute("NAME", variants: [("NORMAL", ride.boardName)], range: range, into: &writer)
                Self.attribute("CATEGORY", code: String(category.productClass), variants: [("NORMAL", category.rawValue)], range: range, into: &writer)
                Self.attribute("INTERNALCATEGORY", variants: [("NORMAL", category.rawValue)], range: range, into: &writer)
                Self.attribute("OPERATOR", variants: [("NORMAL", ride.operatorCode)], range: range, into: &writer)
                Self.attribute("NUMBER", variants: [("NORMAL", ride.numberOnBoard)], range: range, into: &writer)
                Self.attribute("DIRECTION", variants: [("NORMAL", ride.direction.name)], range: range, into: &writer)
            }
            writer.element("PassList") { writer in
                for passed in ride.stops {
                    writer.element("BasicStop") { writer in
                        Self.station(passed.station, into: &writer)
                        if let time = passed.arrival ?? passed.departure {
                            writer.element("Arr") { $0.leaf("Time", time.local.clock) }
                        }
                    }
                }
            }
            // The recorded boards have no JProg and no IList; a cancelled run gets the status
            // connections give it, and the board carries no notices.
            if ride.isCancelled {
                writer.element("JProg") { $0.leaf("JStatus", "FAILURE") }
            }
            writer.element("ServiceDaysList") { writer in
                writer.element("ServiceDays") { writer in
                    writer.element("RegularServiceText") { $0.leaf("Text", "") }
                }
            }
        }
    }
}
