/// Bounds that an archive must stay within before and while it is read, against zip bombs and
/// archives made to exhaust memory or disk.
///
/// The declared sizes are checked when the archive is opened, and the inflated bytes again while
/// an entry is read: a declared size is never trusted alone.
public struct ZipLimits: Sendable, Hashable {
    /// The most entries the central directory may list.
    public var maximumEntries: Int
    /// The most bytes one entry may inflate to.
    public var maximumEntryBytes: Int
    /// The most bytes all entries together may declare.
    public var maximumTotalBytes: Int
    /// The most inflated bytes per compressed byte. Deflate can reach about 1,032:1; real GTFS
    /// text stays under 30:1 (FGC's trips.txt is 28.7:1), so 200 leaves room and still stops bombs.
    public var maximumCompressionRatio: Int

    /// Limits for feeds and similar archives: 256 entries, 256 MiB per entry, 1 GiB in all, 200:1.
    public init(
        maximumEntries: Int = 256, maximumEntryBytes: Int = 256 << 20, maximumTotalBytes: Int = 1 << 30,
        maximumCompressionRatio: Int = 200
    ) {
        self.maximumEntries = maximumEntries
        self.maximumEntryBytes = maximumEntryBytes
        self.maximumTotalBytes = maximumTotalBytes
        self.maximumCompressionRatio = maximumCompressionRatio
    }

    /// The most bytes an entry with `compressed` bytes of data may inflate to under the ratio.
    func ratioBound(compressed: Int) -> Int {
        let (bound, overflow) = max(compressed, 1).multipliedReportingOverflow(by: max(maximumCompressionRatio, 1))
        return overflow ? .max : bound
    }
}
