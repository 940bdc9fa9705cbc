import Compression

extension GTFSImporter {
    /// One import: the new database's connection, the archive it reads and what it counted.
    ///
    /// Not `Sendable`: made, used and dropped on the importing thread.
    final class Writer {
        let connection: TransitDatabase.Connection
        let archive: ZipArchive
        let files: [String: ZipEntry]
        let limits: GTFSLimits
        var summary = GTFSImportSummary(counts: [:], timeZone: "")

        init(path: String, archive: ZipArchive, files: [String: ZipEntry], limits: GTFSLimits) throws(GTFSImportError) {
            do {
                connection = try TransitDatabase.Connection(path: path, readOnly: false)
            } catch {
                throw GTFSImportError(kind: .database, message: error.message)
            }
            self.archive = archive
            self.files = files
            self.limits = limits
        }

        /// Reads every file into the database in one transaction, then indexes it.
        func importAll() throws(GTFSImportError) {
            try execute(GTFSImporter.schema)
            try execute("BEGIN")
            try importAgencies()
            try importStops()
            try importRoutes()
            try importTrips()
            try importStopTimes()
            try importCalendar()
            try importCalendarDates()
            try importFrequencies()
            try importFeedInfo()
            try execute(GTFSImporter.indexes)
            try writeMeta()
            try execute("COMMIT")
        }

        /// Runs `sql`, a failure reported as the database's.
        func execute(_ sql: String) throws(GTFSImportError) {
            do {
                try connection.execute(sql)
            } catch {
                throw GTFSImportError(kind: .database, message: error.message)
            }
        }

        /// The statement for `sql`, prepared once.
        func statement(_ sql: String) throws(GTFSImportError) -> TransitDatabase.Statement {
            do {
                return try connection.statement(sql)
            } catch {
                throw GTFSImportError(kind: .database, message: error.message)
            }
        }

        /// Streams `file` through the CSV reader, calling `body` with each data row, and counts
        /// the rows as table `table`; an absent optional file counts none.
        ///
        /// Throws `missingColumn` for a file without a header or a required column, `tooLarge`
        /// past the row limits, and what `body` throws.
        func read<Column: GTFSColumn>(
            _ file: String, as _: Column.Type, table: String, _ body: (GTFSRow<Column>) throws(GTFSImportError) -> Void
        ) throws(GTFSImportError) {
            summary.counts[table] = 0
            guard let entry = files[file] else { return }
            var reader = CSVReader(maximumRowBytes: limits.maximumRowBytes, maximumFields: limits.maximumFields)
            var layout: GTFSLayout<Column>?
            var rows = 0
            let maximumRows = limits.maximumRows
            func take(_ record: CSVRecord) throws {
                guard let layout else {
                    layout = try GTFSLayout(CSVHeader(record), file: file)
                    return
                }
                rows += 1
                guard rows <= maximumRows else {
                    throw GTFSImportError(kind: .tooLarge, message: "\(file):\(record.line): more than \(maximumRows) rows")
                }
                try body(GTFSRow(record: record, layout: layout))
            }
            do {
                try archive.forEachChunk(of: entry) { chunk in try reader.feed(chunk, take) }
                try reader.finish(take)
            } catch {
                throw GTFSImporter.mapped(error, file: file)
            }
            // A file without even a header has none of the required columns; an optional one
            // left empty is as good as absent.
            if layout == nil, !Column.required.isEmpty, GTFSImporter.requiredFiles.contains(file) {
                throw GTFSImportError(kind: .missingColumn, message: "\(file): empty, without a header")
            }
            summary.counts[table] = rows
        }

        private func writeMeta() throws(GTFSImportError) {
            let insert = try statement("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")
            let latest = try statement(GTFSImporter.latestDeparture)
            var latestSeconds: Int64 = 0
            do {
                try latest.run([]) { row in latestSeconds = row.integer(0) }
                let values: [(String, String?)] = [
                    ("format", String(GTFSImporter.format)), ("timezone", summary.timeZone),
                    ("feed_version", summary.feedVersion), ("feed_start_date", summary.feedStartDate),
                    ("feed_end_date", summary.feedEndDate), ("latest_departure", String(latestSeconds)),
                ]
                for (key, value) in values {
                    guard let value else { continue }
                    try insert.run([.text(key), .text(value)])
                }
            } catch {
                throw GTFSImportError(kind: .database, message: error.message)
            }
        }
    }
}
