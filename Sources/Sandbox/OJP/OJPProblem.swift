/// An error the OJP 2.0 service answers with, and where it goes.
///
/// A problem with a request the service understood sits in that request's delivery, as
/// `<ErrorCondition><TripProblemType>TRIP_NOTRIPFOUND</TripProblemType></ErrorCondition>`
/// (recorded: `ojp2-kpublictransport-ch2-journey-error-not-found.xml`); the codes are OJP 2.0's
/// `TripProblemTypeEnumeration`, `LocationProblemTypeEnumeration` and
/// `StopEventProblemTypeEnumeration`. A request that is XML but not one the service answers gets
/// SIRI's `siri:Status` false and a `siri:ErrorCondition` with `siri:OtherError` in the
/// `siri:ServiceDelivery` itself.
struct OJPProblem: Sendable, Equatable {
    /// The delivery the problem is written in.
    enum Delivery: Sendable, Equatable {
        case trip, location, stopEvent
        /// No delivery: SIRI's error condition in the service delivery.
        case service
    }

    let delivery: Delivery
    /// The problem type (`TRIP_NOTRIPFOUND`), or for the service level the error text.
    let code: String

    static let noTripFound = OJPProblem(delivery: .trip, code: "TRIP_NOTRIPFOUND")
    static let originUnknown = OJPProblem(delivery: .trip, code: "TRIP_ORIGINUNKNOWN")
    static let destinationUnknown = OJPProblem(delivery: .trip, code: "TRIP_DESTINATIONUNKNOWN")
    static let viaUnknown = OJPProblem(delivery: .trip, code: "TRIP_VIAUNKNOWN")
    static let noOrigin = OJPProblem(delivery: .trip, code: "TRIP_NOORIGIN")
    static let noDestination = OJPProblem(delivery: .trip, code: "TRIP_NODESTINATION")
    static let sameOriginAndDestination = OJPProblem(delivery: .trip, code: "TRIP_ORIGINDESTINATIONIDENTICAL")
    static let tripTimeInvalid = OJPProblem(delivery: .trip, code: "TRIP_DATETIMEERROR")
    static let noLocations = OJPProblem(delivery: .location, code: "LOCATION_NORESULTS")
    static let stopUnknown = OJPProblem(delivery: .stopEvent, code: "STOPEVENT_LOCATIONUNKNOWN")
    static let noStopEvents = OJPProblem(delivery: .stopEvent, code: "STOPEVENT_NOEVENTFOUND")
    static let stopEventTimeInvalid = OJPProblem(delivery: .stopEvent, code: "STOPEVENT_DATEOUTOFRANGE")

    /// A request the service cannot answer, with why.
    static func unanswerable(_ reason: String) -> OJPProblem {
        OJPProblem(delivery: .service, code: "The request is not an OJP 2.0 request the service answers: \(reason)")
    }

    /// The delivery element and the element that names the problem type in it.
    var elements: (delivery: String, problemType: String)? {
        switch delivery {
        case .trip: ("OJPTripDelivery", "TripProblemType")
        case .location: ("OJPLocationInformationDelivery", "LocationProblemType")
        case .stopEvent: ("OJPStopEventDelivery", "StopEventProblemType")
        case .service: nil
        }
    }
}
