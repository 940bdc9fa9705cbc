#if canImport(Glibc)
import Glibc
#endif
import Compression
public import Kernel

/// Imports a static GTFS feed (a zip archive's bytes) into a new SQLite file that
/// `TransitDatabase` then queries.
///
/// ```swift
/// let summary = try GTFSImporter().importFeed(zip: bytes, into: "/var/lib/gottago/bart.sqlite")
/// summary.counts["stop_times"]   // 31,934
/// let bart = try TransitDatabase(path: "/var/lib/gottago/bart.sqlite")
/// ```
///
/// The archive is read entry by entry, 64 KiB of inflated text at a time, into prepared inserts
/// in one transaction, so memory stays flat whatever the feed's size. The database is written
/// to `<path>.partial` and renamed over `<path>` only once complete: a failed import leaves the
/// old database in place and readers that have it open keep reading it. Every refusal is a
/// `GTFSImportError` naming the file and line; a spec-invalid value (a time like `25:61:00`)
/// fails the whole import rather than dropping its row. The import blocks its thread (about a
/// second for BART), so call it off the cooperative pool; two imports to the same path at once
/// would share the partial file, so callers serialize them.
public struct GTFSImporter: Sendable {
    /// The bounds the feed must stay within.
    public var limits: GTFSLimits

    /// An importer with `limits`.
    public init(limits: GTFSLimits = GTFSLimits()) {
        self.limits = limits
    }

    /// Imports the feed in `zip` into a database at `path`, replacing any there only on success.
    public func importFeed(zip bytes: [UInt8], into path: String) throws(GTFSImportError) -> GTFSImportSummary {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(bytes, limits: limits.zip)
        } catch {
            throw Self.mapped(error, file: nil)
        }
        let files = try Self.files(in: archive)
        let partial = path + ".partial"
        // A crashed earlier import may have left its partial file; SQLite would open it as is.
        unlink(partial)
        do throws(GTFSImportError) {
            let summary = try write(archive: archive, files: files, to: partial)
            try Self.flush(partial)
            guard rename(partial, path) == 0 else {
                throw GTFSImportError(kind: .database, message: "rename \(partial) to \(path): \(String(cString: strerror(errno)))")
            }
            return summary
        } catch {
            unlink(partial)
            throw error
        }
    }

    /// Fills a new database at `path`; the connection is closed when this returns.
    private func write(archive: ZipArchive, files: [String: ZipEntry], to path: String) throws(GTFSImportError) -> GTFSImportSummary {
        let writer = try Writer(path: path, archive: archive, files: files, limits: limits)
        try writer.importAll()
        return writer.summary
    }

    /// Forces the closed build file to disk: `synchronous = OFF` left its pages to the kernel,
    /// and a crash after the rename must not leave a half-written file in the old one's place.
    private static func flush(_ path: String) throws(GTFSImportError) {
        let descriptor = open(path, O_RDONLY)
        defer { if descriptor >= 0 { close(descriptor) } }
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            throw GTFSImportError(kind: .database, message: "fsync \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The files the importer reads, by name; throws `missingFile` for a required one absent.
    ///
    /// A feed zipped with its folder (`gtfs/stops.txt`) is read as well, when every file the
    /// importer wants sits in that one folder.
    static func files(in archive: ZipArchive) throws(GTFSImportError) -> [String: ZipEntry] {
        var byName: [String: ZipEntry] = [:]
        let wanted = Set(requiredFiles + optionalFiles + ["calendar.txt", "calendar_dates.txt"])
        for entry in archive.entries where !entry.isDirectory {
            let base = entry.name.split(separator: "/").last.map(String.init) ?? entry.name
            guard wanted.contains(base) else { continue }
            // The top level wins over a folder.
            if byName[base] == nil || !entry.name.contains("/") { byName[base] = entry }
        }
        for file in requiredFiles where byName[file] == nil {
            throw GTFSImportError(kind: .missingFile, message: "\(file) is missing from the feed")
        }
        guard byName["calendar.txt"] != nil || byName["calendar_dates.txt"] != nil else {
            throw GTFSImportError(kind: .missingFile, message: "calendar.txt and calendar_dates.txt are both missing from the feed")
        }
        return byName
    }

    static let requiredFiles = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt"]
    static let optionalFiles = ["frequencies.txt", "feed_info.txt"]

    /// The import error for what the zip reader, the CSV reader or SQLite threw while reading `file`.
    static func mapped(_ error: any Error, file: String?) -> GTFSImportError {
        let prefix = file.map { "\($0):" } ?? ""
        switch error {
        case let error as GTFSImportError:
            return error
        case let error as ZipError:
            let kind: GTFSImportError.Kind = switch error.kind {
            case .unsupported: .unsupported
            case .unsafePath: .unsafePath
            case .tooLarge: .tooLarge
            case .checksum: .checksum
            default: .malformedArchive
            }
            return GTFSImportError(kind: kind, message: error.message)
        case let error as CSVError:
            // The CSV reader's messages begin with the line: `12: a quoted field never ends`.
            return GTFSImportError(kind: error.kind == .tooLong ? .tooLarge : .malformedCSV, message: prefix + error.message)
        case let error as TransitDatabase.SQLiteFailure:
            return GTFSImportError(kind: .database, message: prefix.isEmpty ? error.message : "\(prefix) \(error.message)")
        default:
            return GTFSImportError(kind: .database, message: prefix.isEmpty ? "\(error)" : "\(prefix) \(error)")
        }
    }
}
