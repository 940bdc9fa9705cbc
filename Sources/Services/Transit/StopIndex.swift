#if canImport(Glibc)
import Glibc
#endif
import Kernel
import Store

/// An agency's stops in memory, for the questions every nearby screen asks: the stops within a
/// radius of a position, and the stops a station stands for. Built once per timetable.
///
/// A grid of 0.01° cells (about 1.1 km north to south) finds the stops near a position without
/// a query; a station is a parent station with its platforms (`parent_station`), or a stop with
/// the stops of the same name within 50 m that are no platforms of another station (BART's
/// `19TH` and `19TH_N`).
final class StopIndex: Sendable {
    private struct Cell: Hashable {
        let latitude: Int
        let longitude: Int
    }

    private let stops: [GTFSStop]
    private let cells: [Cell: [Int]]
    private let positions: [String: Int]
    /// The stop ids each stop stands for as a station.
    private let stations: [String: [String]]
    private static let cellDegrees = 0.01
    /// Stops of the same name this close are one station.
    static let sameStation = 50.0

    init(_ all: [GTFSStop]) {
        let placed = all.filter { $0.latitude != nil && $0.longitude != nil }
        stops = placed
        var cells: [Cell: [Int]] = [:]
        var positions: [String: Int] = [:]
        for (index, stop) in placed.enumerated() {
            cells[Self.cell(stop.latitude ?? 0, stop.longitude ?? 0), default: []].append(index)
            positions[stop.id] = index
        }
        self.cells = cells
        self.positions = positions
        var stations: [String: [String]] = [:]
        for stop in placed where stop.parentStation == nil {
            let twins = Self.near(stop.latitude ?? 0, stop.longitude ?? 0, radius: Self.sameStation, stops: placed, cells: cells)
                .filter { placed[$0.index].id != stop.id && placed[$0.index].name == stop.name && placed[$0.index].parentStation == nil }
            stations[stop.id] = [stop.id] + twins.map { placed[$0.index].id }
        }
        self.stations = stations
    }

    /// The stop with `id`.
    func stop(_ id: String) -> GTFSStop? {
        positions[id].map { stops[$0] }
    }

    /// The ids a stop stands for as a station: itself, and its twins of the same name; a
    /// platform (or a stop without a position) stands for itself alone.
    func station(of stop: GTFSStop) -> [String] {
        stations[stop.id] ?? [stop.id]
    }

    /// The stops within `radius` metres of a position, nearest first, at most `limit`.
    func nearest(latitude: Double, longitude: Double, radius: Double, limit: Int) -> [(stop: GTFSStop, meters: Double)] {
        Self.near(latitude, longitude, radius: radius, stops: stops, cells: cells).prefix(limit).map { (stops[$0.index], $0.meters) }
    }

    private static func near(
        _ latitude: Double, _ longitude: Double, radius: Double, stops: [GTFSStop], cells: [Cell: [Int]]
    ) -> [(index: Int, meters: Double)] {
        // The cells a circle of `radius` can reach: a degree of latitude is at least 110.5 km, one
        // of longitude shrinks with the cosine of the latitude.
        let latitudeSpan = radius / 110_500 + cellDegrees
        let longitudeSpan = radius / max(1, 111_320 * cos(min(abs(latitude) + latitudeSpan, 89.9) * .pi / 180)) + cellDegrees
        let low = cell(latitude - latitudeSpan, longitude - longitudeSpan), high = cell(latitude + latitudeSpan, longitude + longitudeSpan)
        var found: [(index: Int, meters: Double)] = []
        for row in low.latitude...high.latitude {
            for column in low.longitude...high.longitude {
                for index in cells[Cell(latitude: row, longitude: column)] ?? [] {
                    let stop = stops[index]
                    let meters = Haversine.meters(
                        fromLatitude: latitude, longitude: longitude, toLatitude: stop.latitude ?? 0, longitude: stop.longitude ?? 0)
                    if meters <= radius { found.append((index, meters)) }
                }
            }
        }
        return found.sorted { ($0.meters, stops[$0.index].id) < ($1.meters, stops[$1.index].id) }
    }

    private static func cell(_ latitude: Double, _ longitude: Double) -> Cell {
        Cell(latitude: Int((latitude / cellDegrees).rounded(.down)), longitude: Int((longitude / cellDegrees).rounded(.down)))
    }
}
