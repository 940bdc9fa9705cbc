/// An optional index (of a station, a line group) per station, in four bytes each: the
/// network keeps several of these for 26,644 stops.
struct IndexMap: Sendable {
    private var values: [Int32]

    /// `count` entries, none set.
    init(count: Int) {
        values = Array(repeating: -1, count: count)
    }

    subscript(station: Int) -> Int? {
        get { values[station] < 0 ? nil : Int(values[station]) }
        set { values[station] = newValue.map { Int32($0) } ?? -1 }
    }
}
