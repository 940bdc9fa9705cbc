public import Kernel

/// Why a feed could not be imported; the message names the file and line (`stop_times.txt:12:`).
public typealias GTFSImportError = KindedError<GTFSImporter>

extension ErrorKind<GTFSImporter> {
    /// The archive is not a readable zip: truncated, damaged, inconsistent.
    public static var malformedArchive: Self { Self("malformed_archive") }
    /// The archive uses a zip feature the reader does not have (zip64, encryption, another method).
    public static var unsupported: Self { Self("unsupported") }
    /// An entry name that could escape a directory (`..`, an absolute path, a backslash, NUL).
    public static var unsafePath: Self { Self("unsafe_path") }
    /// Over a limit: entries, bytes, compression ratio (a zip bomb), rows, row length.
    public static var tooLarge: Self { Self("too_large") }
    /// An entry whose inflated bytes do not match its CRC-32.
    public static var checksum: Self { Self("checksum") }
    /// A required file is missing: agency, stops, routes, trips, stop_times, and calendar or calendar_dates.
    public static var missingFile: Self { Self("missing_file") }
    /// A required column is missing from a file's header.
    public static var missingColumn: Self { Self("missing_column") }
    /// A CSV text that cannot be read: a quoted field that never ends.
    public static var malformedCSV: Self { Self("malformed_csv") }
    /// A value the reference forbids: a time like `25:61:00`, an unknown zone, a repeated id, an unknown trip.
    public static var invalidValue: Self { Self("invalid_value") }
    /// SQLite failed, or the database file could not be written or moved into place.
    public static var database: Self { Self("database") }
}
