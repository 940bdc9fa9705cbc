/// `ResC/ConRes`: connections with their overview and sections.
extension ExtXMLRenderer {
    func connections(_ connections: [Connection], context: String) -> [UInt8] {
        Self.document { writer in
            writer.element("ConRes", [("dir", "O")]) { writer in
                writer.leaf("ConResCtxt", context)
                writer.element("ConnectionList", [("type", "OEV")]) { writer in
                    for (number, connection) in connections.enumerated() {
                        self.connection(connection, id: "C1-\(number)", into: &writer)
                    }
                }
            }
        }
    }

    private func connection(_ connection: Connection, id: String, into writer: inout AnswerWriter) {
        let date = connection.date
        writer.element("Connection", [("id", id)]) { writer in
            // As recorded: WARNING for a cancelled train (2013), WARNING_TRANSFER for a transfer a
            // late train misses, HAS_DELAYINFO for late trains (2012).
            var states: [String] = []
            if connection.hasCancelledRun { states.append("WARNING") }
            if connection.missesTransfer { states.append("WARNING_TRANSFER") }
            if !connection.isRidable { states.append("WARNING_CONNECTION_NOT_RIDABLE") }
            if connection.hasDelays { states.append("HAS_DELAYINFO") }
            if !states.isEmpty {
                writer.element("RtStateList") { writer in
                    for state in states { writer.empty("RtState", [("value", state)]) }
                }
            }
            writer.element("Overview") { writer in
                writer.leaf("Date", date.compact)
                let first = connection.sections[0], last = connection.sections[connection.sections.count - 1]
                writer.element("Departure") { self.basicStop(first.departure, departing: true, of: first, from: date, into: &$0) }
                writer.element("Arrival") { self.basicStop(last.arrival, departing: false, of: last, from: date, into: &$0) }
                writer.leaf("Transfers", String(connection.transfers))
                writer.element("Duration") { $0.leaf("Time", Self.duration(connection.duration)) }
                writer.element("ServiceDays") { writer in
                    writer.element("RegularServiceText") { $0.leaf("Text", "daily") }
                }
                var categories: [Category] = []
                for case let ride? in connection.sections.map(\.ride) where !categories.contains(ride.category) {
                    categories.append(ride.category)
                }
                if categories.isEmpty {
                    writer.empty("Products")
                } else {
                    writer.element("Products") { writer in
                        for category in categories { writer.empty("Product", [("cat", category.rawValue)]) }
                    }
                }
            }
            writer.element("ConSectionList") { writer in
                for section in connection.sections { self.section(section, from: date, into: &writer) }
            }
        }
    }

    private func section(_ section: Section, from date: CalendarDate, into writer: inout AnswerWriter) {
        writer.element("ConSection") { writer in
            writer.element("Departure") { self.basicStop(section.departure, departing: true, of: section, from: date, into: &$0) }
            switch section.kind {
            case .ride(let ride):
                journey(ride, from: date, into: &writer)
            case .walk(let metres):
                writer.element("Walk", [("length", String(metres))]) { writer in
                    writer.element("Duration") {
                        $0.leaf("Time", Self.duration(section.arrival.time.instant - section.departure.time.instant))
                    }
                    writer.empty("JourneyAttributeList")
                }
            }
            writer.element("Arrival") { self.basicStop(section.arrival, departing: false, of: section, from: date, into: &$0) }
        }
    }

    /// A section's end: station, time, platform, and for rides the prognosis.
    private func basicStop(_ stop: StopTime, departing: Bool, of section: Section, from date: CalendarDate, into writer: inout AnswerWriter) {
        writer.element("BasicStop", [("type", "NORMAL")]) { writer in
            Self.station(stop.station, into: &writer)
            writer.element(departing ? "Dep" : "Arr", [departing ? ("getIn", "YES") : ("getOut", "YES")]) { writer in
                writer.leaf("Time", Self.dayTime(stop.time, from: date))
                writer.element("Platform") { $0.leaf("Text", stop.platform ?? "") }
            }
            if let ride = section.ride {
                prognosis(stop, departing: departing, ride: ride, from: date, into: &writer)
            }
        }
    }

    /// `StopPrognosis`: the expected time when late, the failure status when cancelled.
    private func prognosis(_ stop: StopTime, departing: Bool, ride: Ride, from date: CalendarDate, into writer: inout AnswerWriter) {
        writer.element("StopPrognosis") { writer in
            for side in ["Arr", "Dep"] {
                if let expected = stop.prognosis, (side == "Dep") == departing {
                    writer.element(side, [("handicappedAccess", "0")]) { $0.leaf("Time", Self.dayTime(expected, from: date)) }
                } else {
                    writer.empty(side, [("handicappedAccess", "0")])
                }
            }
            writer.leaf("Status", ride.isCancelled ? (departing ? "PARTIAL_FAILURE_AT_DEP" : "PARTIAL_FAILURE_AT_ARR") : "SCHEDULED")
        }
    }

    private func journey(_ ride: Ride, from date: CalendarDate, into writer: inout AnswerWriter) {
        writer.element("Journey") { writer in
            writer.empty("JHandle", [("tNr", ride.number), ("cycle", "0"), ("puic", "85")])
            let range = (ride.stops[0].position, ride.stops[ride.stops.count - 1].position)
            writer.element("JourneyAttributeList") { writer in
                let category = ride.category
                Self.attribute("NAME", variants: [("NORMAL", ride.name)], range: range, into: &writer)
                Self.attribute("LINE", variants: [("NORMAL", ride.line)], range: range, into: &writer)
                Self.attribute(
                    "CATEGORY", code: String(category.productClass),
                    variants: [("SHORT", category.rawValue), ("NORMAL", category.rawValue), ("LONG", category.longName)],
                    range: range, into: &writer)
                Self.attribute(
                    "OPERATOR", variants: [("SHORT", ride.operatorCode), ("NORMAL", ride.operatorCode), ("LONG", ride.operatorName)],
                    range: range, into: &writer)
                Self.attribute("NUMBER", variants: [("NORMAL", ride.numberInConnection)], range: range, into: &writer)
                Self.attribute("DIRECTION", variants: [("NORMAL", ride.direction.name)], range: range, into: &writer)
            }
            writer.element("PassList") { writer in
                for (index, stop) in ride.stops.enumerated() {
                    passedStop(stop, first: index == 0, last: index == ride.stops.count - 1, ride: ride, from: date, into: &writer)
                }
            }
            writer.element("JProg") { $0.leaf("JStatus", ride.isCancelled ? "FAILURE" : ride.delay > 0 ? "DELAY" : "SCHEDULED") }
        }
    }

    private func passedStop(
        _ stop: Ride.PassedStop, first: Bool, last: Bool, ride: Ride, from date: CalendarDate, into writer: inout AnswerWriter
    ) {
        writer.element("BasicStop", [("index", String(stop.position)), ("type", "NORMAL")]) { writer in
            Self.station(stop.station, into: &writer)
            for (side, time) in [("Arr", stop.arrival), ("Dep", stop.departure)] {
                guard let time else { continue }
                writer.element(side, [side == "Arr" ? ("getOut", "YES") : ("getIn", "YES")]) { writer in
                    writer.leaf("Time", Self.dayTime(time, from: date))
                    writer.element("Platform") { $0.leaf("Text", "") }
                }
            }
            if first || last {
                let expected = ride.delay > 0 ? (first ? stop.departure : stop.arrival).map { $0.instant + Int64(ride.delay) * 60 } : nil
                writer.element("StopPrognosis") { writer in
                    for side in ["Arr", "Dep"] {
                        if let expected, (side == "Dep") == first {
                            writer.element(side, [("handicappedAccess", "0")]) {
                                $0.leaf("Time", Self.dayTime(self.model.clock.moment(expected), from: date))
                            }
                        } else {
                            writer.empty(side, [("handicappedAccess", "0")])
                        }
                    }
                    writer.leaf("Status", ride.isCancelled ? (first ? "PARTIAL_FAILURE_AT_DEP" : "PARTIAL_FAILURE_AT_ARR") : "SCHEDULED")
                }
            }
        }
    }
}
