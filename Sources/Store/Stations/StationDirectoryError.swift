public import Kernel

/// Why a station directory could not be built or could not answer.
public typealias StationDirectoryError = KindedError<StationDirectory>

extension ErrorKind<StationDirectory> {
    /// A latitude or longitude that is not a number or lies off the globe.
    public static var invalidCoordinate: Self { Self("invalid_coordinate") }
    /// A station the directory cannot hold: a duplicate or empty id, a position off the globe.
    public static var invalidStation: Self { Self("invalid_station") }
    /// SQLite failed; the message carries its words and result code.
    public static var database: Self { Self("database") }
}
