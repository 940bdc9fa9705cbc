#if canImport(Glibc)
import Glibc
#endif
import Kernel
import Model
public import Server
public import Store
import Synchronization

/// BART's GTFS feeds as its servers publish them, over the timetable BART published in 2016 and
/// a clock: `GET /dev/schedules/google_transit.zip` (the static feed, www.bart.gov), and
/// `GET /gtfsrt/tripupdate.aspx` and `/gtfsrt/alerts.aspx` (GTFS-Realtime, api.bart.gov).
///
/// The static feed is the recorded one with its calendar moved around the day the service
/// starts (``StaticFeedCalendar``), answered with `Last-Modified` and, through the server, an
/// `ETag`, so that a conditional request is a 304. The real-time feeds are made from that
/// timetable at the clock's instant (``TripUpdateSimulator``, ``AlertSimulator``), the same
/// instant giving the same bytes.
public final class TransitFeedService: Sendable {
    public static let staticPath = "/dev/schedules/google_transit.zip"
    public static let tripUpdatesPath = "/gtfsrt/tripupdate.aspx"
    public static let alertsPath = "/gtfsrt/alerts.aspx"

    private let recorded: [UInt8]
    /// When the service started: the static feed's calendar centres on its day, and it is the
    /// feed's `Last-Modified`.
    private let published: Int64
    private let zone: ZoneRules
    private let now: @Sendable () -> Int64
    /// The static feed served and the timetable the real-time feeds are made from, both made on
    /// first use (the timetable imported into a file of its own).
    private let state = Mutex<(feed: [UInt8]?, timetable: TransitDatabase?)>((nil, nil))
    private let databasePath: String

    /// A service over a recorded static feed (BART's by default) and a clock (Unix seconds).
    public init(recorded: [UInt8] = EmbeddedFeeds.bart, zone: String = "America/Los_Angeles", now: @escaping @Sendable () -> Int64) {
        self.recorded = recorded
        self.zone = (try? ZoneRules.named(zone)) ?? .utc
        published = now()
        self.now = now
        databasePath = "/tmp/gottago-sandbox-transit-\(getpid())-\(Self.counter.add(1, ordering: .relaxed).oldValue).sqlite"
    }

    deinit {
        unlink(databasePath)
    }

    /// The static feed served, its calendar a year either side of the day the service started.
    public var staticFeed: [UInt8] {
        state.withLock { state in
            if let feed = state.feed { return feed }
            let days = ServiceDay.localDays(atUTC: published, in: zone)
            var feed = recorded
            if let first = ServiceDay.date(days: days - 365), let last = ServiceDay.date(days: days + 365) {
                feed = StaticFeedCalendar.current(recorded, start: first, end: last)
            }
            state.feed = feed
            return feed
        }
    }

    private static let counter = Atomic<Int>(0)

    /// The answer to a GET of `path`.
    public func respond(path: String, ifModifiedSince: String?) -> Response {
        switch path {
        case Self.staticPath:
            if let since = ifModifiedSince.flatMap(HTTPDate.instant), since >= published {
                return Response(status: 304, headers: HTTPHeaders(), body: .bytes([]), cache: .noCache)
            }
            var headers = HTTPHeaders(contentType: "application/zip")
            headers.add("Last-Modified", HTTPDate.text(published))
            return Response(status: 200, headers: headers, body: .bytes(staticFeed), cache: .noCache)
        case Self.tripUpdatesPath:
            guard let database = database() else { return Self.unavailable }
            let stops = BARTStations.all.map(\.abbr)
            return Self.protobuf(TripUpdateSimulator(database: database, stops: stops).feed(at: now()))
        case Self.alertsPath:
            let instant = now()
            // The service day starts at 04:00 local time, when BART's first trains leave.
            let dayStart = zone.instant(ofLocal: ServiceDay.localDays(atUTC: instant - 4 * 3600, in: zone) * 86_400 + 4 * 3600)
            let simulator = AlertSimulator(
                agency: "BART", station: ("12TH", "12th St. Oakland City Center"), route: ("01", "Pittsburg/Bay Point - SFIA/Millbrae"))
            return Self.protobuf(simulator.feed(at: instant, dayStart: dayStart))
        default:
            return Response.text("Not Found\n", status: 404)
        }
    }

    /// The timetable, imported on first use; nil when the recorded feed does not import.
    func database() -> TransitDatabase? {
        let feed = staticFeed
        return state.withLock { state in
            if let kept = state.timetable { return kept }
            guard (try? GTFSImporter().importFeed(zip: feed, into: databasePath)) != nil,
                let opened = try? TransitDatabase(path: databasePath) else { return nil }
            state.timetable = opened
            return opened
        }
    }

    private static func protobuf(_ bytes: [UInt8]) -> Response {
        Response(status: 200, headers: HTTPHeaders(contentType: "application/x-protobuf"), body: .bytes(bytes), cache: .noStore)
    }

    private static let unavailable = Response.text("The timetable could not be read.\n", status: 503)
}
