#if canImport(Glibc)
import Glibc
#endif
import Model

/// The nearest of a set of stations to another station, found in a grid of latitude-longitude
/// cells rather than by measuring every member.
///
/// The cells around the station are searched ring by ring; a ring is the last one needed when
/// the nearest member found so far is nearer than anything beyond it can be. The great-circle
/// distances are the same as a scan's, and ties go to the member with the lower index, so the
/// answer is a scan's too. Where the members span the antimeridian the grid's columns do not
/// wrap, so it scans instead.
struct NearestStations {
    /// Cells of this many degrees: a few kilometres, where stations are dense.
    static let cellDegrees = 0.05

    private struct Cell: Hashable {
        let row: Int
        let column: Int
    }

    private let stations: [Station]
    private let members: [Int]
    private var cells: [Cell: [Int]] = [:]
    /// The grid's extent in cells and the cosine of its largest latitude.
    private var rows = 0...0, columns = 0...0
    private var smallestCosine = 1.0
    private let scans: Bool

    /// An index of `members`, indices into `stations`.
    init(members: [Int], of stations: [Station]) {
        self.stations = stations
        self.members = members
        let longitudes = members.map { stations[$0].longitude }
        scans = (longitudes.max() ?? 0) - (longitudes.min() ?? 0) > 180
        guard !scans, !members.isEmpty else { return }
        for member in members {
            cells[Self.cell(stations[member]), default: []].append(member)
        }
        let keys = Array(cells.keys)
        rows = keys.map(\.row).min()!...keys.map(\.row).max()!
        columns = keys.map(\.column).min()!...keys.map(\.column).max()!
        let widest = members.map { abs(stations[$0].latitude) }.max() ?? 0
        smallestCosine = cos(min(90, widest) * .pi / 180)
    }

    /// The member nearest to `station` other than itself (ties: the lower index); nil when
    /// there is none.
    func nearest(to station: Int) -> Int? {
        let origin = stations[station]
        guard !members.isEmpty else { return nil }
        guard !scans else { return scan(from: station) }
        var best: (index: Int, metres: Double)?
        let centre = Self.cell(origin)
        let cosine = min(smallestCosine, cos(min(90, abs(origin.latitude)) * .pi / 180))
        let reach = max(abs(centre.row - rows.lowerBound), abs(centre.row - rows.upperBound),
                        abs(centre.column - columns.lowerBound), abs(centre.column - columns.upperBound))
        for ring in 0...reach {
            for cell in Self.ring(ring, around: centre) {
                for member in cells[cell] ?? [] where member != station {
                    let metres = Geo.distance(origin, stations[member])
                    if best == nil || (metres, member) < (best!.metres, best!.index) { best = (member, metres) }
                }
            }
            // Every member outside the rings so far lies `ring` whole cells away in latitude or in
            // longitude at least, and longitude degrees are shortest at the largest latitude.
            if let best, best.metres < Self.closest(beyond: ring, cosine: cosine) { return best.index }
        }
        return best?.index
    }

    private func scan(from station: Int) -> Int? {
        var best: (index: Int, metres: Double)?
        for member in members where member != station {
            let metres = Geo.distance(stations[station], stations[member])
            if best == nil || (metres, member) < (best!.metres, best!.index) { best = (member, metres) }
        }
        return best?.index
    }

    /// The least distance in metres to a point at least `ring` cells away in latitude or in
    /// longitude, where a degree of longitude is at least `cosine` of a degree of latitude.
    private static func closest(beyond ring: Int, cosine: Double) -> Double {
        let degrees = Double(ring) * cellDegrees * .pi / 180
        let alongLongitude = 2 * asin(min(1, cosine * sin(min(.pi, degrees) / 2)))
        return Geo.earthRadius * min(degrees, alongLongitude) * 0.999
    }

    private static func cell(_ station: Station) -> Cell {
        Cell(row: Int((station.latitude / cellDegrees).rounded(.down)), column: Int((station.longitude / cellDegrees).rounded(.down)))
    }

    /// The cells exactly `ring` rows or columns away from `centre`.
    private static func ring(_ ring: Int, around centre: Cell) -> [Cell] {
        guard ring > 0 else { return [centre] }
        var cells: [Cell] = []
        for column in (centre.column - ring)...(centre.column + ring) {
            cells.append(Cell(row: centre.row - ring, column: column))
            cells.append(Cell(row: centre.row + ring, column: column))
        }
        for row in (centre.row - ring + 1)...(centre.row + ring - 1) {
            cells.append(Cell(row: row, column: centre.column - ring))
            cells.append(Cell(row: row, column: centre.column + ring))
        }
        return cells
    }
}
