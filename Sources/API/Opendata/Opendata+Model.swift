import Kernel
import Model
import Services

extension Opendata {
    /// A connection of the timetable as the original writes it: its ends at the stations the
    /// names were taken for, a section per part, each end of a section at the directory's
    /// station of that name.
    static func connection(_ link: Link, from: Station, to: Station, station: (String) -> Station?) -> OpendataConnection {
        func location(_ name: String?) -> OpendataLocation {
            guard let name else { return OpendataLocation(name: nil) }
            return station(name).map { OpendataLocation($0) } ?? OpendataLocation(name: name)
        }
        let sections = link.parts.enumerated().map { index, part in
            let departure = OpendataStop(departureOf: part, at: index == 0 ? OpendataLocation(from) : location(part.from))
            let arrival = OpendataStop(arrivalOf: part, at: index == link.parts.count - 1 ? OpendataLocation(to) : location(part.to))
            guard part.vehicle != "Walk" else {
                return OpendataSection(walk: Int(part.arrival - part.departure), departure: departure, arrival: arrival)
            }
            let (category, number) = split(line: part.line)
            let between = part.stops.map { OpendataStop($0, at: station($0.name).map { OpendataLocation($0) } ?? OpendataLocation(name: $0.name)) }
            let journey = OpendataJourney(
                name: part.line, category: category, number: number, to: part.direction, passList: [departure] + between + [arrival])
            return OpendataSection(journey: journey, departure: departure, arrival: arrival)
        }
        var start = link.parts.first.map { OpendataStop(departureOf: $0, at: OpendataLocation(from)) } ?? OpendataStop(location: OpendataLocation(from))
        start.departure = link.departure
        var end = link.parts.last.map { OpendataStop(arrivalOf: $0, at: OpendataLocation(to)) } ?? OpendataStop(location: OpendataLocation(to))
        end.arrival = link.arrival
        return OpendataConnection(
            from: start, to: end,
            duration: link.arrival - link.departure,
            transfers: link.transfers ?? max(0, link.parts.count { $0.vehicle != "Walk" } - 1),
            products: link.products, capacity1st: link.capacity1st, capacity2nd: link.capacity2nd, sections: sections)
    }

    /// A board's journey as the original writes it: its stop at the station (departure or
    /// arrival as the board is), then the run: its number as the name, its category, its line
    /// within the category as the number, operator and destination. Its pass list starts at the
    /// station, as the original's does; the providers' boards list no stops after it.
    static func entry(_ journey: BoardJourney, at station: Station, kind: StationBoard.Kind) -> OpendataBoardEntry {
        var stop = OpendataStop(location: OpendataLocation(station), platform: journey.platform?.nonEmpty, platformPredicted: journey.platformPredicted)
        switch kind {
        case .departure:
            stop.departure = journey.time
            stop.departurePredicted = journey.timePredicted
        case .arrival:
            stop.arrival = journey.time
            stop.arrivalPredicted = journey.timePredicted
        }
        let number = journey.line.map { line in
            guard let category = journey.category, line.hasPrefix(category) else { return split(line: line).number ?? line }
            return String(line.dropFirst(category.count)).trimmingWhitespace()
        }
        let run = OpendataJourney(
            name: journey.number.map(runName) ?? journey.line, category: journey.category ?? journey.line.flatMap { split(line: $0).category },
            number: number?.nonEmpty, operator: journey.operator, to: journey.direction, passList: [stop])
        return OpendataBoardEntry(stop: stop, journey: run)
    }

    /// A run's number as the original names runs: six digits at least (`019254`).
    static func runName(_ number: String) -> String {
        guard number.count < 6, number.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return number }
        return String(repeating: "0", count: 6 - number.count) + number
    }

    /// `IC 1` as its category and its line within it; `S12` as `S` and `12`.
    static func split(line: String?) -> (category: String?, number: String?) {
        guard let line = line?.trimmingWhitespace(), !line.isEmpty else { return (nil, nil) }
        if let space = line.firstIndex(of: " ") {
            return (String(line[..<space]), String(line[line.index(after: space)...]).trimmingWhitespace().nonEmpty)
        }
        guard let digit = line.firstIndex(where: \.isNumber), digit != line.startIndex else { return (line, nil) }
        return (String(line[..<digit]), String(line[digit...]))
    }

    /// A location found by a search: its score as a percentage, its distance in whole metres.
    static func location(_ match: StationMatches.Match) -> OpendataLocation {
        OpendataLocation(
            match.station, score: Int((match.score * 100).rounded()), distance: match.meters.map { Int($0.rounded()) }, icon: true)
    }
}

extension String {
    /// The text, or nil when it is empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}
