/// What Google Maps Platform's XML web services (Geocoding, Directions) share: every answer is
/// 200 and XML whatever happened, one without results names its status (and a message for a
/// refusal), and every request is checked for its length and its API key before anything else.
///
/// ```swift
/// let google = GoogleMapsXML(root: "GeocodeResponse")
/// let query: WebQuery
/// do { query = try google.query(raw) } catch { return error.answer }   // INVALID_REQUEST, REQUEST_DENIED
/// return google.answer(google.status("ZERO_RESULTS"))
/// ```
struct GoogleMapsXML: Sendable {
    /// A request refused before it was read, with the service's answer.
    struct Refusal: Error {
        let answer: WebAnswer
    }

    /// The answers' root element (`GeocodeResponse`, `DirectionsResponse`).
    let root: String

    /// A request's query, or the refusal of one that is too long (INVALID_REQUEST) or has no
    /// `key` (REQUEST_DENIED).
    func query(_ raw: Substring?) throws(Refusal) -> WebQuery {
        guard let query = try? WebQuery(raw) else {
            throw Refusal(answer: answer(status("INVALID_REQUEST", message: "Invalid request. The request is too long.")))
        }
        guard let key = query["key"], !key.isEmpty else {
            throw Refusal(answer: answer(status(
                "REQUEST_DENIED", message: "You must use an API key to authenticate each request to Google Maps Platform APIs.")))
        }
        return query
    }

    /// An answer: status 200, XML in UTF-8.
    func answer(_ body: [UInt8]) -> WebAnswer {
        WebAnswer(status: 200, contentType: "application/xml; charset=UTF-8", body: body)
    }

    /// An answer without results: its status (ZERO_RESULTS, NOT_FOUND, INVALID_REQUEST,
    /// REQUEST_DENIED) and, where the service gives one, an `error_message`.
    func status(_ status: String, message: String? = nil) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element(root) { w in
            w.leaf("status", status)
            if let message { w.leaf("error_message", message) }
        }
        return writer.bytes
    }
}
