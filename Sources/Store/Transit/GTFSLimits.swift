public import Compression

/// Bounds a feed must stay within to be imported: the archive's, and each file's rows.
public struct GTFSLimits: Sendable {
    /// The limits of the zip archive: entries, bytes, compression ratio.
    public var zip: ZipLimits
    /// The most rows (header excluded) one file may hold; FGC's stop_times.txt has about 270,000.
    public var maximumRows: Int
    /// The most bytes one row may hold.
    public var maximumRowBytes: Int
    /// The most fields one row may hold.
    public var maximumFields: Int

    /// Limits for real feeds: the zip defaults, 5 million rows a file, 64 KiB and 1,024 fields a row.
    public init(zip: ZipLimits = ZipLimits(), maximumRows: Int = 5_000_000, maximumRowBytes: Int = 64 * 1024, maximumFields: Int = 1024) {
        self.zip = zip
        self.maximumRows = maximumRows
        self.maximumRowBytes = maximumRowBytes
        self.maximumFields = maximumFields
    }
}
