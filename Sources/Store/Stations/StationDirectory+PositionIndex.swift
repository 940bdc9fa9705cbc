#if canImport(Glibc)
import Glibc
#endif

extension StationDirectory {
    /// How the directory finds the stations inside a latitude-longitude box.
    public enum PositionIndex: String, Sendable, CaseIterable {
        /// An R*Tree when SQLite has the module (Debian's has), else the grid.
        case automatic
        /// SQLite's R*Tree virtual table. (https://www.sqlite.org/rtree.html)
        case rtree
        /// A table keyed by grid cell: one indexed range per row of cells the box touches.
        case grid
    }

    /// A station found in a box: its row and its exact position.
    struct Candidate {
        let row: Int64
        let latitude: Double
        let longitude: Double
    }

    /// The grid's geometry: square cells of `cellDegrees`, numbered row by row from the
    /// south-west corner of the globe.
    struct Grid: Sendable {
        let cellDegrees: Double
        let columns: Int64

        init(cellDegrees: Double) {
            self.cellDegrees = cellDegrees
            columns = Int64((360 / cellDegrees).rounded(.up)) + 1
        }

        func row(latitude: Double) -> Int64 { Int64(((latitude + 90) / cellDegrees).rounded(.down)) }

        func column(longitude: Double) -> Int64 { Int64(((longitude + 180) / cellDegrees).rounded(.down)) }

        func cell(latitude: Double, longitude: Double) -> Int64 {
            row(latitude: latitude) * columns + column(longitude: longitude)
        }

        /// Cell ranges covering a box between two latitudes and within one or two longitude
        /// ranges: one per row of cells and longitude range, or a single band of whole rows
        /// when the box is tall.
        func ranges(south: Double, north: Double, longitudes: [ClosedRange<Double>]) -> [ClosedRange<Int64>] {
            let first = row(latitude: south), last = row(latitude: north)
            if last - first >= 64 {
                return [(first * columns)...(last * columns + columns - 1)]
            }
            return longitudes.flatMap { longitudes in
                let west = column(longitude: longitudes.lowerBound), east = column(longitude: longitudes.upperBound)
                return (first...last).map { ($0 * columns + west)...($0 * columns + east) }
            }
        }
    }
}
