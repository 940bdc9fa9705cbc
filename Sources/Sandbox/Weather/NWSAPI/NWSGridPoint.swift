/// A cell of the api.weather.gov simulator's forecast grid, named as the API names grid points:
/// an office and a cell's x and y on that office's grid (`LWX/97,71`).
///
/// The cells tile the map in steps of 0.0225° of latitude and 0.03° of longitude (about 2.5 km
/// by 2.5 km at 40°N, the NDFD's size); a cell belongs to the office nearest to its centre
/// (``NWSOffices``), and its x and y count from 400 cells west and south of that office's own
/// cell. So every point has exactly one grid point, and a grid point names a cell only when that
/// cell is its office's: ``init(office:x:y:)`` refuses any other, as the API refuses a grid point
/// its points answers never give.
struct NWSGridPoint: Sendable, Equatable {
    static let latitudeStep = 0.0225
    static let longitudeStep = 0.03
    /// Where an office's x and y start: this many cells west and south of its own cell.
    static let origin = 400
    /// The cells an office's grid has along each axis.
    static let size = 800

    /// The office's id.
    let office: String
    let x: Int
    let y: Int
    /// The global cell: columns east from the meridian, rows north from the equator.
    private let column: Int
    private let row: Int

    /// The grid point of the cell holding a point, or nil when that cell is beyond its office's grid.
    init?(latitude: Double, longitude: Double) {
        let column = Int((longitude / Self.longitudeStep).rounded(.down)), row = Int((latitude / Self.latitudeStep).rounded(.down))
        let centre = Self.centre(column: column, row: row)
        let office = NWSOffices.nearest(latitude: centre.latitude, longitude: centre.longitude)
        let (officeColumn, officeRow) = Self.cell(office.latitude, office.longitude)
        let x = column - officeColumn + Self.origin, y = row - officeRow + Self.origin
        guard (0..<Self.size).contains(x), (0..<Self.size).contains(y) else { return nil }
        self.office = office.id
        self.x = x
        self.y = y
        self.column = column
        self.row = row
    }

    /// The grid point an office, x and y name, or nil when there is no such office or the cell
    /// is not that office's.
    init?(office id: String, x: Int, y: Int) {
        guard let office = NWSOffices.named(id), (0..<Self.size).contains(x), (0..<Self.size).contains(y) else { return nil }
        let (officeColumn, officeRow) = Self.cell(office.latitude, office.longitude)
        let centre = Self.centre(column: x - Self.origin + officeColumn, row: y - Self.origin + officeRow)
        guard let point = NWSGridPoint(latitude: centre.latitude, longitude: centre.longitude), point.office == id, point.x == x, point.y == y else {
            return nil
        }
        self = point
    }

    /// The cell's centre, where its forecast is made.
    var centre: GeoPoint { Self.centre(column: column, row: row) }

    /// The cell's outline, counter-clockwise from its south-east corner and closed, as the
    /// forecasts' `geometry` gives it.
    var outline: [GeoPoint] {
        let south = Double(row) * Self.latitudeStep, north = Double(row + 1) * Self.latitudeStep
        let west = Double(column) * Self.longitudeStep, east = Double(column + 1) * Self.longitudeStep
        return [GeoPoint(south, east), GeoPoint(north, east), GeoPoint(north, west), GeoPoint(south, west), GeoPoint(south, east)]
    }

    /// `LWX/97,71`.
    var path: String { "\(office)/\(x),\(y)" }

    private static func cell(_ latitude: Double, _ longitude: Double) -> (column: Int, row: Int) {
        (Int((longitude / longitudeStep).rounded(.down)), Int((latitude / latitudeStep).rounded(.down)))
    }

    private static func centre(column: Int, row: Int) -> GeoPoint {
        GeoPoint((Double(row) + 0.5) * latitudeStep, (Double(column) + 0.5) * longitudeStep)
    }
}
