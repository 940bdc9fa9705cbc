public import Kernel

/// Why a CSV text could not be read: its line and what was wrong.
public typealias CSVError = KindedError<CSVReader>

extension ErrorKind<CSVReader> {
    /// A quoted field that never ends.
    public static var malformed: Self { Self("malformed") }
    /// A row longer than the reader's bound, or with more fields than it allows.
    public static var tooLong: Self { Self("too_long") }
}
