/// A stop or station of a GTFS feed, as stops.txt describes it.
public struct GTFSStop: Sendable, Hashable {
    /// `stop_id`.
    public var id: String
    /// `stop_code`, the short code riders see, if any.
    public var code: String?
    /// `stop_name`.
    public var name: String
    /// `stop_lat`, nil for a generic node or boarding area without one.
    public var latitude: Double?
    /// `stop_lon`.
    public var longitude: Double?
    /// `location_type`: 0 stop or platform, 1 station, 2 entrance, 3 generic node, 4 boarding area.
    public var locationType: Int
    /// `parent_station`: the station a platform belongs to.
    public var parentStation: String?
    /// `platform_code`, such as `2` or `G`.
    public var platformCode: String?

    /// Whether this is a station (`location_type` 1) that groups platforms.
    public var isStation: Bool { locationType == 1 }

    /// A stop of these values.
    public init(
        id: String, code: String? = nil, name: String, latitude: Double? = nil, longitude: Double? = nil, locationType: Int = 0,
        parentStation: String? = nil, platformCode: String? = nil
    ) {
        self.id = id
        self.code = code
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.locationType = locationType
        self.parentStation = parentStation
        self.platformCode = platformCode
    }
}
