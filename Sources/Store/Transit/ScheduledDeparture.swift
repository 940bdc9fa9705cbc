/// A scheduled departure at a stop: the trip, the service day it runs on, and what riders see.
public struct ScheduledDeparture: Sendable, Hashable {
    /// `trip_id`; with `serviceDate` (and `runStart` for a frequency run) it names one run, as
    /// GTFS-Realtime does.
    public var tripID: String
    /// The service date the trip runs on, `YYYYMMDD`: the day before the calendar date for a
    /// time past 24:00.
    public var serviceDate: String
    /// `stop_sequence` of this stop in the trip.
    public var stopSequence: Int
    /// `stop_id`: a platform when asked for its station.
    public var stopID: String
    /// The planned departure, seconds since 1970 UTC.
    public var departure: Int64
    /// The planned departure as the timetable writes it, after the service day's reference.
    public var scheduledTime: GTFSTime
    /// For a trip run by frequencies.txt, when this run leaves its first stop; nil otherwise.
    public var runStart: GTFSTime?
    /// `route_id`.
    public var routeID: String
    /// `route_short_name`, else `route_long_name`.
    public var routeName: String?
    /// `route_color`, hex without `#`.
    public var routeColor: String?
    /// `route_text_color`, hex without `#`.
    public var routeTextColor: String?
    /// `stop_headsign`, else `trip_headsign`.
    public var headsign: String?
    /// The stop's `platform_code`, if any.
    public var platform: String?

    /// A departure of these values.
    public init(
        tripID: String, serviceDate: String, stopSequence: Int, stopID: String, departure: Int64, scheduledTime: GTFSTime,
        runStart: GTFSTime? = nil, routeID: String, routeName: String? = nil, routeColor: String? = nil,
        routeTextColor: String? = nil, headsign: String? = nil, platform: String? = nil
    ) {
        self.tripID = tripID
        self.serviceDate = serviceDate
        self.stopSequence = stopSequence
        self.stopID = stopID
        self.departure = departure
        self.scheduledTime = scheduledTime
        self.runStart = runStart
        self.routeID = routeID
        self.routeName = routeName
        self.routeColor = routeColor
        self.routeTextColor = routeTextColor
        self.headsign = headsign
        self.platform = platform
    }
}
