/// What an import wrote: rows per table, the feed's time zone and its `feed_info.txt`.
public struct GTFSImportSummary: Sendable, Hashable {
    /// Rows per table, by table name (`agency`, `stops`, `routes`, `trips`, `stop_times`,
    /// `calendar`, `calendar_dates`, `frequencies`), zero for an absent optional file.
    public var counts: [String: Int]
    /// The agencies' time zone, such as `America/Los_Angeles`.
    public var timeZone: String
    /// `feed_info.txt`'s `feed_version`, if the feed has one.
    public var feedVersion: String?
    /// `feed_info.txt`'s `feed_start_date` (`YYYYMMDD`), if any.
    public var feedStartDate: String?
    /// `feed_info.txt`'s `feed_end_date` (`YYYYMMDD`), if any.
    public var feedEndDate: String?
}
