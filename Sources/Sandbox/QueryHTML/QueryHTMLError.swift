/// A message the legacy pages answer with instead of results, and the HAFAS code behind it.
///
/// The pages show the text in `div.errormsg` (as the recorded mobile.bahn.de page does) and
/// answer with status 200; the phrases are those HAFAS HTML clients match on (public transport
/// enabler: "mehrfach vorhanden oder identisch", "keine Verbindung gefunden werden", "an dieser
/// Haltestelle keines"). The code goes into an HTML comment beside it, for people reading the page.
struct QueryHTMLError: Sendable, Equatable {
    let code: String
    let text: String

    /// The role of a station field, as the messages name it.
    enum Role: Sendable, Hashable {
        case start, goal, via(Int), board

        /// Everything the pages write for a role: the messages' label and code, the name of the
        /// `<select>` listing candidates for the field, and the key prefix of the candidates as
        /// HAFAS numbers them (`S-0N1` for the first start candidate).
        private var names: (label: String, code: String, selectName: String, keyPrefix: String) {
            switch self {
            case .start: ("Start", "K9260", "REQ0JourneyStopsS0K", "S-0N")
            case .goal: ("Ziel", "K9300", "REQ0JourneyStopsZ0K", "S-1N")
            case .via(let number): ("Via", "K9280", "REQ0JourneyStops\(number).0K", "S-\(number + 1)N")
            case .board: ("Bahnhof/Haltestelle", "H730", "input", "S-0N")
            }
        }

        var label: String { names.label }
        var code: String { names.code }
        /// The name of the `<select>` listing candidates for this field.
        var selectName: String { names.selectName }
        /// The key prefix of the candidates.
        var keyPrefix: String { names.keyPrefix }
    }

    static func unknownStation(_ role: Role, input: String) -> QueryHTMLError {
        QueryHTMLError(
            code: role.code,
            text: "\(role.label): Zu Ihrer Eingabe \"\(input)\" wurde keine Haltestelle gefunden. Bitte überprüfen Sie die Schreibweise.")
    }

    static let ambiguous = QueryHTMLError(code: "K9220", text: "Ihre Eingabe ist nicht eindeutig. Bitte wählen Sie oben aus der Liste.")
    static let sameStation = QueryHTMLError(
        code: "K9380", text: "Start/Ziel/Via oder gleichwertige Haltestellen sind mehrfach vorhanden oder identisch.")
    static let noConnections = QueryHTMLError(code: "K890", text: "Leider konnte zu Ihrer Anfrage keine Verbindung gefunden werden.")
    static let noDepartures = QueryHTMLError(
        code: "H890", text: "Zur gewünschten Zeit fährt an dieser Haltestelle keines der gewählten Verkehrsmittel.")
    static let invalidDate = QueryHTMLError(code: "I3", text: "Ihre Datums- oder Zeitangabe ist ungültig. Bitte geben Sie das Datum als TT.MM.JJ und die Zeit als HH:MM an.")
    static let missingStations = QueryHTMLError(code: "K9240", text: "Bitte geben Sie Start und Ziel an.")
    static let missingBoardStation = QueryHTMLError(code: "H730", text: "Bitte geben Sie einen Bahnhof oder eine Haltestelle an.")

    static func tooLong(_ parameter: String) -> QueryHTMLError {
        QueryHTMLError(code: "I1", text: "Ihre Eingabe ist zu lang (\(parameter)). Bitte kürzen Sie sie.")
    }
}
