public import Kernel
import Synchronization

/// The queries over a feed `GTFSImporter` imported: stops by name and position, the services
/// of a date, the departures at stops in a time window, the stop times of a trip.
///
/// ```swift
/// let bart = try TransitDatabase(path: path)
/// let twelfth = try bart.stops(matching: "12th st", limit: 5)
/// let next = try bart.departures(at: ["12TH"], from: now, window: 3600, limit: 10)
/// ```
///
/// Opens the file read-only. `Sendable`: one connection serves every thread behind an internal
/// `Mutex`, held for the length of one query (SQLite connections are not thread-safe, and
/// queries reuse prepared statements). An import that renames a new file over this one leaves
/// this connection reading the old file until it is reopened.
public final class TransitDatabase: Sendable {
    /// The agencies' time zone, in which service days begin.
    public let timeZone: ZoneRules
    /// `feed_info.txt`'s `feed_version`, if the feed had one.
    public let feedVersion: String?
    /// The latest departure of any service day, seconds after its reference: how many days back
    /// a service day still reaches a window.
    let latestDeparture: Int64
    let connection: Mutex<Connection>

    /// Opens the database at `path` read-only; throws `format` for a file the importer did not write.
    public init(path: String) throws(TransitDatabaseError) {
        let connection: Connection
        var meta: [String: String] = [:]
        do {
            connection = try Connection(path: path, readOnly: true)
            try connection.statement("SELECT key, value FROM meta").run([]) { row in meta[row.text(0)] = row.text(1) }
        } catch {
            throw TransitDatabaseError(kind: .format, message: "\(path): not a transit database (\(error.message))")
        }
        guard meta["format"] == String(GTFSImporter.format), let zoneName = meta["timezone"],
            let latest = meta["latest_departure"].flatMap(Int64.init)
        else {
            throw TransitDatabaseError(kind: .format, message: "\(path): format \(meta["format"] ?? "none"), not \(GTFSImporter.format)")
        }
        do {
            timeZone = try ZoneRules.named(zoneName)
        } catch {
            throw TransitDatabaseError(kind: .format, message: "\(path): time zone \(zoneName): \(error)")
        }
        feedVersion = meta["feed_version"]
        latestDeparture = latest
        self.connection = Mutex(connection)
    }

    /// Runs `body` on the connection under the lock, SQLite's failures reported as `database`.
    func withConnection<Result: Sendable>(
        _ body: (Connection) throws(SQLiteFailure) -> Result
    ) throws(TransitDatabaseError) -> Result {
        do {
            return try connection.withLock { connection throws(SQLiteFailure) in try body(connection) }
        } catch {
            throw TransitDatabaseError(kind: .database, message: error.message)
        }
    }
}
