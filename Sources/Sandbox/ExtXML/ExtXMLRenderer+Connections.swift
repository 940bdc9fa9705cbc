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
            infoList(connection.sections.flatMap { $0.ride?.situations ?? [] }, into: &writer)
        }
    }

    /// `IList/I`: the notices on the connection's runs, each once, after the sections (recorded in
    /// the 2013-09-12 answer only). The text is in attributes: a header, a lead, the whole text;
    /// `locType` 0 names a section by its ends, 1 a station. `section`, `symbol` and `channel`
    /// are written as recorded (always 0, 2, 0); a station notice's numeric `arr` is left out,
    /// its meaning unknown. The format has no validity, cause, priority or link.
    private func infoList(_ situations: [Situation], into writer: inout AnswerWriter) {
        var seen = Set<String>()
        let unique = situations.filter { seen.insert($0.number).inserted }
        guard !unique.isEmpty else { return }
        writer.element("IList") { writer in
            for situation in unique {
                let place: [(String, String)] = situation.scope == .line
                    ? [("locType", "0"), ("section", "0"), ("dep", situation.from ?? ""), ("arr", situation.to ?? "")]
                    : [("locType", "1"), ("section", "0"), ("dep", situation.from ?? "")]
                writer.empty("I", [
                    ("header", situation.summary), ("lead", situation.reason),
                    ("text", [situation.summary, situation.reason, situation.description, situation.duration].joined(separator: "\n\n")),
                ] + place + [("symbol", "2"), ("channel", "0")])
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

    /// `StopPrognosis`: the expected time where it differs from the planned one (the recorded
    /// answers write none for a run on time), a changed platform as `Dep|Arr/Platform/Text` (the
    /// interface's place for it, read by transport.opendata.ch's Prognosis.php; no recorded
    /// answer has one), and the failure status when the run is cancelled.
    private func prognosis(_ stop: StopTime, departing: Bool, ride: Ride, from date: CalendarDate, into writer: inout AnswerWriter) {
        Self.stopPrognosis(
            arrival: departing ? nil : (stop.time, stop.prognosis), departure: departing ? (stop.time, stop.prognosis) : nil,
            platform: stop.platformChanged ? stop.predictedPlatform : nil, status: Self.status(ride, departing: departing),
            from: date, into: &writer)
    }

    /// `PARTIAL_FAILURE_AT_DEP` or `_AT_ARR` for a cancelled run's calls, else `SCHEDULED`, also
    /// when a prognosis time is given (recorded so).
    static func status(_ ride: Ride, departing: Bool) -> String {
        ride.isCancelled ? (departing ? "PARTIAL_FAILURE_AT_DEP" : "PARTIAL_FAILURE_AT_ARR") : "SCHEDULED"
    }

    /// A `StopPrognosis` with its `Arr` and `Dep` (a time only where it differs from the plan), a
    /// changed platform on the side that is given, and the status.
    static func stopPrognosis(
        arrival: (planned: Moment, predicted: Moment?)?, departure: (planned: Moment, predicted: Moment?)?, platform: String?,
        status: String, from date: CalendarDate, into writer: inout AnswerWriter
    ) {
        writer.element("StopPrognosis") { writer in
            for (side, times) in [("Arr", arrival), ("Dep", departure)] {
                let expected = times.flatMap { times in times.predicted.flatMap { $0 != times.planned ? $0 : nil } }
                let moved = times != nil ? platform : nil
                guard expected != nil || moved != nil else {
                    writer.empty(side, [("handicappedAccess", "0")])
                    continue
                }
                writer.element(side, [("handicappedAccess", "0")]) { writer in
                    if let expected { writer.leaf("Time", dayTime(expected, from: date)) }
                    if let moved { writer.element("Platform") { $0.leaf("Text", moved) } }
                }
            }
            writer.leaf("Status", status)
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
            writer.element("JProg") { $0.leaf("JStatus", Self.journeyStatus(ride)) }
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
            // As recorded: a run with real-time has a StopPrognosis at every stop (a time only where
            // one is predicted and differs), a run without only at its first and last. A skipped
            // stop has no mark of its own in the format.
            if first || last || ride.hasRealtime {
                Self.stopPrognosis(
                    arrival: first ? nil : stop.arrival.map { ($0, stop.predictedArrival) },
                    departure: last ? nil : stop.departure.map { ($0, stop.predictedDeparture) },
                    platform: stop.predictedPlatform != stop.platform ? stop.predictedPlatform : nil,
                    status: Self.status(ride, departing: first), from: date, into: &writer)
            }
        }
    }

    /// `JProg/JStatus`: FAILURE for a cancelled run, DELAY when a stop of the ride is predicted
    /// late, else SCHEDULED (a run without real-time too: the format does not tell them apart).
    static func journeyStatus(_ ride: Ride) -> String {
        if ride.isCancelled { return "FAILURE" }
        let late = ride.stops.contains { stop in
            [(stop.arrival, stop.predictedArrival), (stop.departure, stop.predictedDeparture)].contains { planned, predicted in
                guard let planned, let predicted else { return false }
                return predicted > planned
            }
        }
        return late ? "DELAY" : "SCHEDULED"
    }
}
