import Model

/// Answers OJP 2.0 request bodies from a timetable, as the Swiss service at
/// `api.opentransportdata.swiss/ojp20` would: trips, stops by name or position, departures and
/// arrivals at a stop, and OJP's error conditions for what it cannot answer.
///
/// ```swift
/// let service = OJPService(model: TimetableModel(stations: SwissStations.all))
/// let answer = service.respond(to: requestBody, contentType: "application/xml; charset=utf-8")
/// // answer.status: 200, answer.body: <OJP xmlns="http://www.vdv.de/ojp" …>
/// ```
///
/// Every answer to a request body that is XML has status 200 and is an OJP document in UTF-8,
/// errors included (`ErrorCondition` in the delivery, or `siri:ErrorCondition` for a request it
/// does not answer). A body that is not well-formed XML gets 400 and the JSON problem details
/// the real service's ASP.NET front answers with (openTdataCH/ojp-sdk, `documentation/api_errors.md`);
/// ``contentType(status:)`` gives the `Content-Type` of each.
public struct OJPService: Sendable {
    /// The path the service answers on (the routes' `https://api.opentransportdata.swiss/ojp20`).
    public static let path = "/ojp20"
    /// Trips per request.
    public static let trips = ResultCount(standard: 5, maximum: 16)
    /// Stops per location request.
    public static let locations = ResultCount(standard: 10, maximum: 100)
    /// How far from a position stops are looked for, in metres, when the request gives no radius.
    public static let defaultRadius = 2_000.0
    /// Departures or arrivals per stop event request.
    public static let stopEvents = ResultCount(standard: 10, maximum: 100)

    /// The timetable answered from.
    public let model: TimetableModel

    /// A service over a timetable.
    public init(model: TimetableModel) {
        self.model = model
    }

    /// The status and UTF-8 body answering a request body: 200 and OJP XML for every body that is
    /// XML (OJP error conditions included), 400 and JSON problem details for one that is not.
    public func respond(to body: [UInt8], contentType: String?) -> (status: Int, body: [UInt8]) {
        let request: OJPRequest
        do {
            request = try OJPRequest.parse(body, contentType: contentType)
        } catch let error where error.isUnreadable {
            return (400, Self.problemDetails(for: body))
        } catch {
            return (200, OJPRenderer(model: model, timestamp: nil).problem(.unanswerable(error.message)))
        }
        return (200, respond(to: request))
    }

    /// The OJP document answering a parsed request.
    public func respond(to request: OJPRequest) -> [UInt8] {
        let timestamp = request.timestamp.flatMap { OJPTime.instant($0, clock: model.clock) }
        let renderer = OJPRenderer(model: model, timestamp: timestamp)
        let answer: Result<[UInt8], Problem>
        switch request.query {
        case .trip(let query): answer = trips(query, requestTime: timestamp, renderer: renderer)
        case .locations(let query): answer = locations(query, renderer: renderer)
        case .stopEvents(let query): answer = stopEvents(query, requestTime: timestamp, renderer: renderer)
        }
        switch answer {
        case .success(let bytes): return bytes
        case .failure(let problem): return renderer.problem(problem.problem)
        }
    }

    /// The `Content-Type` of an answer with this status.
    public static func contentType(status: Int) -> String {
        status == 400 ? "application/problem+json; charset=utf-8" : "application/xml; charset=utf-8"
    }

    /// An ``OJPProblem`` as a `Result` failure.
    struct Problem: Error {
        let problem: OJPProblem
        init(_ problem: OJPProblem) { self.problem = problem }
    }

    /// The station a request's place means: by stop reference (a UIC number or an SLOID), else
    /// the stop nearest its position, else by name; nil when there is none.
    func station(_ place: OJPRequest.Place) -> Station? {
        if let id = place.stopID { return model.station(id: Self.uicNumber(id)) }
        if let position = place.position { return model.nearestStations(to: position, within: Self.defaultRadius, limit: 1).first?.station }
        return place.name.flatMap { model.resolve($0) }
    }

    /// The UIC number a Swiss stop reference names: `ch:1:sloid:3000` and `ch:1:sloid:3000:503:43`
    /// are `8503000` (the SLOID's number is the DiDok number without the country code 85); any
    /// other reference is taken as it is.
    static func uicNumber(_ reference: String) -> String {
        let prefix = "ch:1:sloid:"
        guard reference.hasPrefix(prefix) else { return reference }
        let number = reference.dropFirst(prefix.count).prefix { $0 != ":" }
        guard (1...5).contains(number.count), number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) else { return reference }
        return "85" + String(repeating: "0", count: 5 - number.count) + number
    }

    /// What the real service's front answers to a body it cannot deserialize (status 400), with
    /// a trace id made from the body, so that the same body gets the same bytes.
    static func problemDetails(for body: [UInt8]) -> [UInt8] {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        let trace = hex(StableHash(text, "trace").value) + hex(StableHash(text, "span").value)
        let traceID = "00-" + trace + "-" + hex(StableHash(text).value) + "-00"
        return Array((#"{"type":"https://tools.ietf.org/html/rfc7231#section-6.5.1","title":"One or more validation errors occurred.","#
            + #""status":400,"traceId":"\#(traceID)","errors":{"":["An error occurred while deserializing input data."]}}"#).utf8)
    }

    /// 16 lowercase hexadecimal digits.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
