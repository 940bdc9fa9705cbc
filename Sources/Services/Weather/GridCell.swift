#if canImport(Glibc)
import Glibc
#endif

/// A cell of a grid about 10 km on each side: forecasts are asked once per cell and day.
///
/// Rows are 0.09° of latitude (10 km); columns are 0.09° divided by the cosine of the row's
/// latitude, so that cells stay about 10 km wide away from the equator.
public struct GridCell: Sendable, Hashable, CustomStringConvertible {
    public let row: Int
    public let column: Int

    /// The side of a cell in degrees of latitude.
    public static let degrees = 0.09

    /// The cell a position falls in.
    public init(latitude: Double, longitude: Double) {
        let row = Int((latitude / Self.degrees).rounded(.down))
        let middle = (Double(row) + 0.5) * Self.degrees
        let width = Self.degrees / max(cos(middle * .pi / 180), 0.01)
        self.row = row
        column = Int((longitude / width).rounded(.down))
    }

    public var description: String { "\(row):\(column)" }
}
