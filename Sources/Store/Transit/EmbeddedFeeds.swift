internal import EmbeddedFiles

/// The static GTFS feeds the binary carries.
public enum EmbeddedFeeds {
    /// BART's static GTFS feed of 2016-12-20 (feed_version 39, valid 2016-03-28 to 2017-06-30),
    /// as BART published it (scripts/derive-transit.py).
    public static var bart: [UInt8] {
        let file = embedded_bart_gtfs()
        return Array(UnsafeBufferPointer(start: file.bytes, count: file.count))
    }
}
