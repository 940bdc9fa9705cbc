import Model

/// One direction of a line: its stations in travel order, the destination the feed names, and
/// for every station the platform and the time from the first terminal.
///
/// Platforms follow the tracks rather than the direction name: a train heading towards the
/// Oakland core (12th St., Lake Merritt, West Oakland) stands at platform 2, one heading away
/// from it at platform 1, as at Lake Merritt in etd-ALL-2021-12-20 where the "North" Richmond
/// trains and the "South" Daly City trains share platform 2.
public struct BARTRoute: Sendable, Hashable {
    /// The line.
    public let line: BARTLine
    /// The direction as the feed writes it.
    public let direction: BARTDirection
    /// Station abbreviations in travel order; the last is the destination.
    public let stations: [String]
    /// The destination as `<destination>` writes it (the 2021 feed shortens a few names).
    public let destinationName: String
    /// Seconds from the departure at the first station to the departure at each station.
    public let offsets: [Int]
    /// The platform at each station.
    public let platforms: [Int]

    /// The destination's abbreviation.
    public var destination: String { stations[stations.count - 1] }
    /// `YELLOW-S`: the line and direction, the start of every run's id.
    public var id: String { line.color + "-" + (direction == .north ? "N" : "S") }

    /// Names as the 2021 feed writes them where they differ from the station list's.
    static let destinationNames = ["BERY": "Berryessa", "SFIA": "SF Airport"]

    /// One direction of `line`; nil when a station of the line is not in `stations`.
    init?(line: BARTLine, forward: Bool, stations byAbbr: [String: BARTStation]) {
        let order = forward ? line.stations : line.stations.reversed()
        let found = order.compactMap { byAbbr[$0] }
        guard found.count == order.count, found.count >= 2 else { return nil }
        self.line = line
        direction = forward ? line.forward : line.forward.opposite
        self.stations = order
        destinationName = Self.destinationNames[order[order.count - 1]] ?? found[found.count - 1].name
        var offsets = [0]
        for (from, to) in zip(found, found.dropFirst()) {
            offsets.append(offsets[offsets.count - 1] + Self.runSeconds(from, to))
        }
        self.offsets = offsets
        platforms = order.indices.map { index in
            let lineIndex = forward ? index : order.count - 1 - index
            let towardsCore = forward ? lineIndex <= line.core : lineIndex > line.core
            return line.platforms[order[index]]?[forward ? line.forward : line.forward.opposite] ?? (towardsCore ? 2 : 1)
        }
    }

    /// Seconds from one station's departure to the next's: a minute to stop, stand and start,
    /// plus the straight-line distance at 70 km/h, which makes Richmond–Millbrae 70 minutes and
    /// Antioch–SFO 105, near the real timetable.
    static func runSeconds(_ from: BARTStation, _ to: BARTStation) -> Int {
        60 + Int((Geo.distance(from.station, to.station) / (70_000.0 / 3600)).rounded())
    }
}
