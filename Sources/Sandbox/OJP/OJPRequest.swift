import Markup

/// A request to the OJP 2.0 service (`POST /ojp20`) as the sandbox understands it: one trip
/// request, location information request or stop event request in a `ServiceRequest`.
///
/// ```xml
/// <OJP xmlns="http://www.vdv.de/ojp" xmlns:siri="http://www.siri.org.uk/siri" version="2.0">
///   <OJPRequest><siri:ServiceRequest><siri:RequestTimestamp>2026-05-12T08:00:00Z</siri:RequestTimestamp>
///     <OJPTripRequest>
///       <Origin><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef><DepArrTime>2026-05-12T08:00:00Z</DepArrTime></Origin>
///       <Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Destination>
///     </OJPTripRequest>
///   </siri:ServiceRequest></OJPRequest>
/// </OJP>
/// ```
///
/// Elements are matched by namespace, never by prefix: the default-namespace form, an `ojp:`
/// prefix and OJP 1.0's `siri:OJP` envelope all read the same. Values are kept as written;
/// ``OJPService`` decides what they mean.
public struct OJPRequest: Sendable, Equatable {
    /// The most a request body may have: requests are a few hundred bytes.
    public static let maximumBodySize = 64 * 1024

    /// `siri:RequestTimestamp` of the request (or of its `ServiceRequest`), when given.
    public var timestamp: String?
    /// What is asked.
    public var query: Query

    /// The three kinds of request the sandbox answers.
    public enum Query: Sendable, Equatable {
        /// `OJPTripRequest`: trips between two places.
        case trip(TripQuery)
        /// `OJPLocationInformationRequest`: stops by name or near a position.
        case locations(LocationQuery)
        /// `OJPStopEventRequest`: departures or arrivals at a stop.
        case stopEvents(StopEventQuery)
    }

    /// A place as a request gives it (`PlaceRef`): a stop reference, a name, a position, or several.
    public struct Place: Sendable, Equatable {
        /// `StopPlaceRef` or `siri:StopPointRef` (`8503000`, `ch:1:sloid:3000`, `ch:1:sloid:3000:503:43`).
        public var stopID: String?
        /// `Name/Text` (OJP 1.0: `LocationName/Text`).
        public var name: String?
        /// `GeoPosition`.
        public var position: Position?
    }

    /// WGS 84 degrees.
    public struct Position: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
    }

    /// What an `OJPTripRequest` asks.
    public struct TripQuery: Sendable, Equatable {
        /// `Origin`, nil when the request has none.
        public var origin: Place?
        /// `Destination`.
        public var destination: Place?
        /// `Via/ViaPoint` stop references, in order.
        public var via: [String] = []
        /// `Origin/DepArrTime`, or `Destination/DepArrTime` for an arrival-time search.
        public var time: String?
        /// True when the time is the destination's: `Destination/DepArrTime`, or the routes' flag
        /// `Params/Extension/ArrivalSearch` = 1 on the origin's time.
        public var isArrivalTime = false
        /// `Params/NumberOfResults`.
        public var count: Int?
        /// `Params/IncludeIntermediateStops`.
        public var includeIntermediateStops = false
    }

    /// What an `OJPLocationInformationRequest` asks.
    public struct LocationQuery: Sendable, Equatable {
        /// `InitialInput/Name`.
        public var name: String?
        /// `InitialInput/GeoPosition`, or the centre of `InitialInput/GeoRestriction/Circle`.
        public var position: Position?
        /// `GeoRestriction/Circle/Radius` in metres.
        public var radius: Double?
        /// `Restrictions/Type` values (`stop`, `address`, `poi`, …).
        public var types: [String] = []
        /// `Restrictions/NumberOfResults`.
        public var count: Int?
    }

    /// What an `OJPStopEventRequest` asks.
    public struct StopEventQuery: Sendable, Equatable {
        /// `Location/PlaceRef`.
        public var place: Place?
        /// `Location/DepArrTime`.
        public var time: String?
        /// `Params/StopEventType`: `departure` (the default), `arrival` or `both`.
        public var type: String = "departure"
        /// `Params/NumberOfResults`.
        public var count: Int?
        /// `Params/IncludeRealtimeData`, true unless the request says false.
        public var includeRealtime = true
    }

    /// A request.
    public init(timestamp: String? = nil, query: Query) {
        self.timestamp = timestamp
        self.query = query
    }

    /// Reads a request body: at most ``maximumBodySize`` bytes of well-formed XML holding an OJP request.
    public static func parse(_ body: [UInt8], contentType: String? = nil) throws(OJPRequestError) -> OJPRequest {
        guard body.count <= maximumBodySize else { throw .tooLarge(body.count) }
        var limits = DocumentLimits()
        limits.maxInputBytes = maximumBodySize
        limits.maxDepth = 32
        limits.maxXPathOperations = 1_000_000
        let document: Document
        do {
            document = try Document.parse(body, as: .xml, options: ParseOptions(contentType: contentType, limits: limits))
        } catch {
            throw .unreadable(error.message)
        }
        return try parse(document)
    }

    /// Reads a parsed request.
    static func parse(_ document: Document) throws(OJPRequestError) -> OJPRequest {
        do {
            return try Reader(document).request()
        } catch let error as OJPRequestError {
            throw error
        } catch {
            throw .unsupported("\(error)")
        }
    }
}
