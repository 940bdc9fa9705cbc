internal import CSQLite3

extension TransitDatabase {
    /// SQLite's failure: its result code and its words, with the call that failed.
    ///
    /// Internal: the importer turns it into a `GTFSImportError` (a constraint failure is the
    /// feed's fault, naming its file and line), the queries into a `TransitDatabaseError`.
    struct SQLiteFailure: Error {
        let code: Int32
        let message: String

        /// Whether a constraint (a repeated id, a missing value) refused the row.
        var isConstraint: Bool { code & 0xFF == SQLITE_CONSTRAINT }
    }

    /// One SQLite connection for the importer or the queries, closed once it and every
    /// statement prepared on it are gone.
    ///
    /// Not `Sendable` and not thread-safe (`SQLITE_OPEN_NOMUTEX`): the importer uses it on its
    /// own thread, `TransitDatabase` behind its lock. (https://www.sqlite.org/threadsafe.html)
    final class Connection {
        let handle: OpaquePointer
        private var cache: [String: Statement] = [:]

        /// Opens the file at `path`: created read-write for an import, read-only for queries.
        init(path: String, readOnly: Bool) throws(SQLiteFailure) {
            var handle: OpaquePointer?
            let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
            let code = sqlite3_open_v2(path, &handle, flags, nil)
            guard let handle else { throw SQLiteFailure(code: SQLITE_NOMEM, message: "\(path): out of memory") }
            // A failed open still returns a handle, which must be closed.
            guard code == SQLITE_OK else {
                let message = String(cString: sqlite3_errmsg(handle))
                sqlite3_close_v2(handle)
                throw SQLiteFailure(code: code, message: "\(path): \(message)")
            }
            self.handle = handle
        }

        deinit {
            cache.removeAll()
            sqlite3_close_v2(handle)
        }

        /// Turns a result code other than `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE` into a failure
        /// naming `context`.
        func check(_ code: Int32, _ context: @autoclosure () -> String) throws(SQLiteFailure) {
            guard code != SQLITE_OK, code != SQLITE_ROW, code != SQLITE_DONE else { return }
            throw SQLiteFailure(code: code, message: "\(context()): \(String(cString: sqlite3_errmsg(handle)))")
        }

        /// Runs statements that return no rows.
        func execute(_ sql: String) throws(SQLiteFailure) {
            try check(sqlite3_exec(handle, sql, nil, nil, nil), sql)
        }

        /// The statement for `sql`, compiled on first use and kept for the connection's life.
        func statement(_ sql: String) throws(SQLiteFailure) -> Statement {
            if let statement = cache[sql] { return statement }
            var compiled: OpaquePointer?
            try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &compiled, nil), sql)
            guard let compiled else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "\(sql): empty statement") }
            let statement = Statement(handle: compiled, connection: self)
            cache[sql] = statement
            return statement
        }
    }

    /// A prepared statement, finalized in `deinit`. It does not keep its connection alive
    /// (the connection keeps it), so it must not outlive the connection's owner.
    final class Statement {
        private let handle: OpaquePointer
        private unowned let connection: Connection

        fileprivate init(handle: OpaquePointer, connection: Connection) {
            self.handle = handle
            self.connection = connection
        }

        deinit {
            sqlite3_finalize(handle)
        }

        /// Binds text from bytes (copied by SQLite), NULL for nil.
        func bind(_ index: Int32, bytes: UnsafeBufferPointer<UInt8>?) throws(SQLiteFailure) {
            let code = if let bytes, let base = bytes.baseAddress, !bytes.isEmpty {
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    csqlite3_bind_text_transient(handle, index, $0, Int32(bytes.count))
                }
            } else {
                sqlite3_bind_null(handle, index)
            }
            try connection.check(code, "bind \(index)")
        }

        /// Binds a value.
        func bind(_ index: Int32, _ value: Value) throws(SQLiteFailure) {
            let code = switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .integer(let value): sqlite3_bind_int64(handle, index, value)
            case .real(let value): sqlite3_bind_double(handle, index, value)
            case .text(let value): csqlite3_bind_text_transient(handle, index, value, -1)
            }
            try connection.check(code, "bind \(index)")
        }

        /// Runs the bound statement once for no rows, then resets it and clears its bindings.
        func step() throws(SQLiteFailure) {
            defer {
                sqlite3_reset(handle)
                sqlite3_clear_bindings(handle)
            }
            let code = sqlite3_step(handle)
            guard code == SQLITE_DONE || code == SQLITE_ROW else {
                // The step's code is generic; reset answers the specific one (a constraint).
                let specific = sqlite3_reset(handle)
                try connection.check(specific == SQLITE_OK ? code : specific, String(cString: sqlite3_sql(handle)))
                return
            }
        }

        /// Runs the statement with `values`, calling `row` for each result row; reset before
        /// and after, so it holds no read transaction between uses.
        func run(_ values: [Value], row: (borrowing Row) throws(SQLiteFailure) -> Void = { _ in }) throws(SQLiteFailure) {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            defer { sqlite3_reset(handle) }
            for (offset, value) in values.enumerated() {
                try bind(Int32(offset + 1), value)
            }
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { return }
                guard code == SQLITE_ROW else {
                    try connection.check(code, String(cString: sqlite3_sql(handle)))
                    return
                }
                try row(Row(handle: handle))
            }
        }
    }

    /// A value bound to a statement parameter.
    enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)

        /// Text, or NULL for nil.
        static func textOrNull(_ value: String?) -> Value {
            value.map { .text($0) } ?? .null
        }
    }

    /// The current row of a running statement; valid only inside the `run` callback.
    struct Row: ~Copyable {
        fileprivate let handle: OpaquePointer

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
        func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
        /// The column as text; NULL reads as "".
        func text(_ column: Int32) -> String {
            guard let text = sqlite3_column_text(handle, column) else { return "" }
            return String(cString: text)
        }
        /// The column as text; nil for NULL or "".
        func optionalText(_ column: Int32) -> String? {
            let value = text(column)
            return value.isEmpty ? nil : value
        }
        /// The column as an integer; nil for NULL.
        func optionalInteger(_ column: Int32) -> Int64? {
            isNull(column) ? nil : integer(column)
        }
    }
}
