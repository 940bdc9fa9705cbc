/// The column names of a CSV text's first row, looked up by name whatever their order.
///
/// Names are trimmed of spaces and tabs: USF Bull Runner's frequencies.txt header reads
/// `trip_id,start_time,end_time,headway_secs, exact_times`.
public struct CSVHeader: Sendable {
    /// The names in file order.
    public let names: [String]
    private let indexes: [String: Int]

    /// The header of `record`, the text's first row.
    public init(_ record: CSVRecord) {
        var names: [String] = []
        var indexes: [String: Int] = [:]
        for index in 0..<record.count {
            let name = record.text(index) ?? ""
            names.append(name)
            // A repeated name keeps its first column.
            if indexes[name] == nil { indexes[name] = index }
        }
        self.names = names
        self.indexes = indexes
    }

    /// The column called `name`, if there is one.
    public func column(_ name: String) -> Int? {
        indexes[name]
    }
}
