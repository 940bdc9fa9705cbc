internal import CSQLite3

extension StationDirectory {
    /// One SQLite connection, closed when the last statement prepared on it is gone.
    ///
    /// Not `Sendable` and not thread-safe: opened with `SQLITE_OPEN_NOMUTEX` because its owner
    /// serializes every use behind one lock. (https://www.sqlite.org/threadsafe.html)
    final class Database {
        let handle: OpaquePointer

        /// Opens (or creates) the database at `path`; `:memory:` is a private in-memory one.
        /// A read-only open never creates the file.
        init(path: String, readOnly: Bool = false) throws(StationDirectoryError) {
            var handle: OpaquePointer?
            let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
            let code = sqlite3_open_v2(path, &handle, flags, nil)
            guard let handle else {
                throw StationDirectoryError(kind: .database, message: "sqlite3_open_v2 \(path): out of memory")
            }
            // A failed open still returns a handle, which must be closed.
            guard code == SQLITE_OK else {
                let message = String(cString: sqlite3_errmsg(handle))
                sqlite3_close_v2(handle)
                throw StationDirectoryError(kind: .database, message: "sqlite3_open_v2 \(path): \(message) (\(code))")
            }
            self.handle = handle
        }

        deinit {
            sqlite3_close_v2(handle)
        }

        /// Turns a result code other than `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE` into an error
        /// that names the call and carries SQLite's message.
        func check(_ code: Int32, _ context: @autoclosure () -> String) throws(StationDirectoryError) {
            guard code != SQLITE_OK, code != SQLITE_ROW, code != SQLITE_DONE else { return }
            let message = String(cString: sqlite3_errmsg(handle))
            throw StationDirectoryError(kind: .database, message: "\(context()): \(message) (\(code))")
        }

        /// Runs statements that return no rows.
        func execute(_ sql: String) throws(StationDirectoryError) {
            try check(sqlite3_exec(handle, sql, nil, nil, nil), sql)
        }

        /// Compiles one statement for repeated use.
        func prepare(_ sql: String) throws(StationDirectoryError) -> Statement {
            var statement: OpaquePointer?
            try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil), sql)
            guard let statement else {
                throw StationDirectoryError(kind: .database, message: "\(sql): empty statement")
            }
            return Statement(handle: statement, database: self)
        }

        /// Whether a virtual-table module such as `rtree` or `fts5` is compiled in: the
        /// compile options can't tell a loadable module, so this creates a throwaway table.
        func supports(module: String, arguments: String) -> Bool {
            guard (try? execute("CREATE VIRTUAL TABLE temp.probe_\(module) USING \(module)(\(arguments))")) != nil else {
                return false
            }
            return (try? execute("DROP TABLE temp.probe_\(module)")) != nil
        }
    }

    /// A prepared statement, finalized in `deinit`; it keeps its connection open.
    final class Statement {
        private let handle: OpaquePointer
        private let database: Database

        fileprivate init(handle: OpaquePointer, database: Database) {
            self.handle = handle
            self.database = database
        }

        deinit {
            sqlite3_finalize(handle)
        }

        /// Runs the statement with `bindings`, calling `row` for each result row; the statement
        /// is reset before and after, so it holds no read transaction between uses.
        func run(_ bindings: Binding..., row: (borrowing Row) throws(StationDirectoryError) -> Void = { _ in })
            throws(StationDirectoryError)
        {
            sqlite3_reset(handle)
            defer { sqlite3_reset(handle) }
            for (offset, binding) in bindings.enumerated() {
                try database.check(binding.bind(to: handle, at: Int32(offset + 1)), "bind \(offset + 1)")
            }
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { return }
                guard code == SQLITE_ROW else {
                    try database.check(code, String(cString: sqlite3_sql(handle)))
                    return
                }
                try row(Row(handle: handle))
            }
        }
    }

    /// A value bound to a statement parameter.
    enum Binding {
        case integer(Int64)
        case real(Double)
        case text(String)

        fileprivate func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
            switch self {
            case .integer(let value): sqlite3_bind_int64(statement, index, value)
            case .real(let value): sqlite3_bind_double(statement, index, value)
            case .text(let value): csqlite3_bind_text_transient(statement, index, value, -1)
            }
        }
    }

    /// The current row of a running statement; valid only inside the `run` callback.
    struct Row: ~Copyable {
        fileprivate let handle: OpaquePointer

        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
        func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
        /// The column as text; NULL reads as "".
        func text(_ column: Int32) -> String {
            guard let text = sqlite3_column_text(handle, column) else { return "" }
            return String(cString: text)
        }
    }
}
