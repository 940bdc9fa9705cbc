/// The weather model's noise lattice: a value in -1...1 per grid corner (6° of longitude, 6° of
/// latitude, a day) and salt, hashed from the corner's numbers. A lattice keeps the eight corners
/// of the cell it last gave for each salt, so that the hours of one forecast, which stay in one
/// cell for a day, do not hash them again (hashing them was most of a forecast's work).
struct NoiseLattice {
    private struct Cell {
        let x: Int, y: Int, t: Int
        /// Indexed `dx * 4 + dy * 2 + dt`.
        let corners: [Double]
    }

    /// The last cell of each salt that has a slot; other salts are computed every time.
    private var cells: [Cell?] = Array(repeating: nil, count: 8)

    /// The values at the corners of the cell whose lowest corner is (`x`, `y`, `t`), indexed
    /// `dx * 4 + dy * 2 + dt`; the longitude wraps after 60 cells.
    mutating func corners(x: Int, y: Int, t: Int, salt: Int) -> [Double] {
        if cells.indices.contains(salt), let cell = cells[salt], cell.x == x, cell.y == y, cell.t == t {
            return cell.corners
        }
        var corners: [Double] = []
        corners.reserveCapacity(8)
        for dx in 0..<2 {
            for dy in 0..<2 {
                for dt in 0..<2 { corners.append(Self.value((x + dx) % 60, y + dy, t + dt, salt)) }
            }
        }
        if cells.indices.contains(salt) { cells[salt] = Cell(x: x, y: y, t: t, corners: corners) }
        return corners
    }

    /// The value at one corner: the same in every process and every lattice.
    static func value(_ x: Int, _ y: Int, _ t: Int, _ salt: Int) -> Double {
        let hash = StableHash(String(x), String(y), String(t), String(salt))
        return Double(hash.pick(20_001)) / 10_000 - 1
    }
}
