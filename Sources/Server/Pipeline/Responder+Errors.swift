import Markup

extension Responder {
    /// The error document for a thrown error; anything that is not an `HTTPResponseError` is a 500 and a log line.
    func errorResponse(_ error: any Error, for request: Request) -> Response {
        let shown: any HTTPResponseError
        if let known = error as? any HTTPResponseError {
            shown = known
        } else if error is CancellationError {
            // The client went away while its handler ran; nobody reads this answer.
            shown = HTTPError(status: 499, code: "client_closed_request", message: "The client closed the connection first.")
        } else {
            log.error("request \(request.id) \(request.method) \(request.path) failed: \(String(describing: error))")
            shown = HTTPError.internalError(requestID: request.id)
        }
        var response: Response
        if let style = request.errorStyle {
            response = ErrorDocument.response(for: shown, contentType: style.contentType, body: style.render(shown))
        } else {
            let format = request.template == nil ? Negotiation.bestEffortFormat(for: request) : request.format
            response = ErrorDocument.response(for: shown, format: format, pretty: request.pretty)
        }
        for field in shown.headers { response.headers.set(field.name, field.value) }
        return response
    }
}

/// The error document every failure is shown as.
public enum ErrorDocument {
    /// Renders an error as XML `<error>` or as RFC 9457 `application/problem+json`.
    public static func response(for error: any HTTPResponseError, format: Format, pretty: Bool = false) -> Response {
        let body: [UInt8]
        let contentType: String
        switch format {
        case .xml:
            body = XMLRenderer.render(
                .element("error", [
                    .leaf("status", error.status),
                    .leaf("code", error.code),
                    .leaf("message", error.message),
                ] + error.fields.map { .leaf($0.name, $0.value) }), pretty: pretty)
            contentType = Format.xml.contentType
        case .json:
            body = JSONRenderer.renderObject([
                ("type", .string("about:blank")),
                ("title", .string(HTTPStatus.reason(error.status))),
                ("status", .int(error.status)),
                ("code", .string(error.code)),
                ("detail", .string(error.message)),
            ] + error.fields.map { ($0.name, .string($0.value)) }, pretty: pretty)
            contentType = "application/problem+json; charset=utf-8"
        }
        return response(for: error, contentType: contentType, body: body, negotiated: true)
    }

    /// An error's response with a body already written: its status and caching.
    public static func response(for error: any HTTPResponseError, contentType: String, body: [UInt8], negotiated: Bool = false) -> Response {
        // A 404 may be cached briefly; any other error is about this moment only.
        Response(
            status: error.status, headers: HTTPHeaders(contentType: contentType), body: .bytes(body),
            cache: error.status == 404 ? .maxAge(60) : .noStore, negotiated: negotiated)
    }
}
