public import Kernel

/// Why a transit database could not be opened or could not answer.
public typealias TransitDatabaseError = KindedError<TransitDatabase>

extension ErrorKind<TransitDatabase> {
    /// SQLite failed; the message carries its words.
    public static var database: Self { Self("database") }
    /// The file is not a database `GTFSImporter` wrote, or one of another format version.
    public static var format: Self { Self("format") }
    /// A latitude or longitude that is not a number or lies off the globe.
    public static var invalidCoordinate: Self { Self("invalid_coordinate") }
}
