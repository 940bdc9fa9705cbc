/// An error HAFAS answers with, `<Err code="K890" text="…" level="E"/>`, and where it goes.
///
/// The codes and their meaning are those HAFAS clients document (K890 no connections, K9260
/// unknown departure station, K9300 unknown arrival station, K9280 unknown via station, K9380 departure and arrival the
/// same, H730 invalid station board input, H890 no trains, I3 a date outside the timetable);
/// `I1` is the sandbox's own, for a body that is not a request at all. Connection errors sit
/// inside `ConRes` and board errors inside `STBRes`, as the service writes them; the rest
/// directly in `ResC`, like the recorded spool error.
struct ExtXMLError: Sendable, Equatable {
    let code: String
    let text: String
    let placement: Placement

    enum Placement: Sendable, Equatable {
        case root
        case connections
        case board
    }

    static let noConnections = ExtXMLError(code: "K890", text: "No connections found.", placement: .connections)
    static let unknownDeparture = ExtXMLError(code: "K9260", text: "Departure station does not exist.", placement: .connections)
    static let unknownArrival = ExtXMLError(code: "K9300", text: "Arrival station does not exist.", placement: .connections)
    static let unknownVia = ExtXMLError(code: "K9280", text: "Via station does not exist.", placement: .connections)
    static let sameStation = ExtXMLError(
        code: "K9380", text: "Dep./Arr./Intermed. or equivalent station defined more than once.", placement: .connections)
    static let invalidBoardInput = ExtXMLError(code: "H730", text: "Your input is not valid.", placement: .board)
    static let noTrains = ExtXMLError(code: "H890", text: "No trains in result.", placement: .board)
    static let invalidDate = ExtXMLError(code: "I3", text: "Input: date outside of the timetable period.", placement: .root)

    static func unreadable(_ reason: String) -> ExtXMLError {
        ExtXMLError(code: "I1", text: "Input: the request is not a ReqC the server understands (\(reason)).", placement: .root)
    }
}
