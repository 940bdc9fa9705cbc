/// The columns of one GTFS file: each case's raw value is the column's name in the header.
protocol GTFSColumn: CaseIterable, Hashable, RawRepresentable<String> {
    /// The columns the reference requires; a header without one fails the import.
    static var required: [Self] { get }
}

/// Where a file's columns stand in its header, found by name whatever their order
/// (FGC's stops.txt begins `stop_lat,stop_lon,stop_name,stop_id`).
struct GTFSLayout<Column: GTFSColumn> {
    let file: String
    private let positions: [Column: Int]

    /// The layout of `header`; throws `missingColumn` naming the first required column absent.
    init(_ header: CSVHeader, file: String) throws(GTFSImportError) {
        var positions: [Column: Int] = [:]
        for column in Column.allCases {
            positions[column] = header.column(column.rawValue)
        }
        for column in Column.required where positions[column] == nil {
            throw GTFSImportError(kind: .missingColumn, message: "\(file): no \(column.rawValue) column in the header")
        }
        self.file = file
        self.positions = positions
    }

    func position(_ column: Column) -> Int? {
        positions[column]
    }
}

/// One data row of a GTFS file, its values read by column and checked, every error naming the
/// file, the line and the value.
struct GTFSRow<Column: GTFSColumn> {
    let record: CSVRecord
    let layout: GTFSLayout<Column>

    /// Where the row stands, `stops.txt:12`, for messages.
    var location: String { "\(layout.file):\(record.line)" }

    /// The field's bytes; nil when the column is absent or the field empty.
    func bytes(_ column: Column) -> UnsafeBufferPointer<UInt8>? {
        guard let position = layout.position(column) else { return nil }
        let field = record.bytes(position)
        return field.isEmpty ? nil : field
    }

    /// The field as text; nil when absent or empty.
    func text(_ column: Column) -> String? {
        bytes(column).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The field's bytes, which must not be empty.
    func required(_ column: Column) throws(GTFSImportError) -> UnsafeBufferPointer<UInt8> {
        guard let field = bytes(column) else {
            throw GTFSImportError(kind: .invalidValue, message: "\(location): \(column.rawValue) is empty")
        }
        return field
    }

    /// The field as a whole number within `range`; nil when absent or empty.
    func integer(_ column: Column, in range: ClosedRange<Int>) throws(GTFSImportError) -> Int? {
        guard let field = bytes(column) else { return nil }
        guard let value = Int(String(decoding: field, as: UTF8.self)), range.contains(value) else {
            throw invalid(column, field, "is not a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// The field as a whole number within `range`, which must not be empty.
    func requiredInteger(_ column: Column, in range: ClosedRange<Int>) throws(GTFSImportError) -> Int {
        _ = try required(column)
        return try integer(column, in: range) ?? range.lowerBound
    }

    /// The field as a decimal number within `range`; nil when absent or empty.
    func real(_ column: Column, in range: ClosedRange<Double>) throws(GTFSImportError) -> Double? {
        guard let field = bytes(column) else { return nil }
        guard let value = Double(String(decoding: field, as: UTF8.self)), range.contains(value) else {
            throw invalid(column, field, "is not a number in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// The field as a GTFS time in seconds; nil when absent or empty.
    func time(_ column: Column) throws(GTFSImportError) -> Int? {
        guard let field = bytes(column) else { return nil }
        guard let seconds = GTFSTime.seconds(field) else {
            throw invalid(column, field, "is not a time (H:MM:SS, minutes and seconds under 60, at most \(GTFSTime.maximum))")
        }
        return seconds
    }

    /// The field as a GTFS date, the number `yyyymmdd`; nil when absent or empty.
    func date(_ column: Column) throws(GTFSImportError) -> Int? {
        guard let field = bytes(column) else { return nil }
        guard let date = ServiceDay.compactDate(field) else { throw invalid(column, field, "is not a date (YYYYMMDD)") }
        return date
    }

    /// A value the reference forbids, quoted with its file, line and column.
    func invalid(_ column: Column, _ field: UnsafeBufferPointer<UInt8>, _ reason: String) -> GTFSImportError {
        let value = String(decoding: field.prefix(80), as: UTF8.self)
        return GTFSImportError(kind: .invalidValue, message: "\(location): \(column.rawValue) \(value.debugDescription) \(reason)")
    }

    /// Inserts `fields` with `statement` (parameters ?1, ?2, … in order), a refused row (a
    /// repeated id) named by its line.
    func insert(_ statement: TransitDatabase.Statement, _ fields: [GTFSField]) throws(GTFSImportError) {
        do {
            for (offset, field) in fields.enumerated() {
                let index = Int32(offset + 1)
                switch field {
                case .bytes(let bytes): try statement.bind(index, bytes: bytes)
                case .integer(let value): try statement.bind(index, value.map { .integer(Int64($0)) } ?? .null)
                case .real(let value): try statement.bind(index, value.map { .real($0) } ?? .null)
                case .text(let value): try statement.bind(index, .textOrNull(value))
                }
            }
            try statement.step()
        } catch {
            throw GTFSImportError(kind: error.isConstraint ? .invalidValue : .database, message: "\(location): \(error.message)")
        }
    }
}

/// A value for one parameter of an insert; nil is NULL.
enum GTFSField {
    /// Text straight from the row's bytes, copied by SQLite.
    case bytes(UnsafeBufferPointer<UInt8>?)
    case integer(Int?)
    case real(Double?)
    case text(String?)
}
