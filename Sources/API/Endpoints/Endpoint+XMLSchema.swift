import Server

extension Endpoint {
    /// The endpoint that publishes an XML Schema at its path, kept for an hour by clients.
    static func xmlSchema(_ path: String, id: String, tag: String, summary: String, xsd: String) -> Endpoint {
        let body = PreparedBody(Array(xsd.utf8))
        // Only `.xml` and `.json` suffixes choose a format; this path is the file's name.
        return Endpoint(path, id: id, tag: tag, summary: summary, output: .xmlSchema, outputDoc: "XML Schema 1.0.").answeringInline { _, _ in
            Response(headers: HTTPHeaders(contentType: "application/xml; charset=utf-8"), body: .prepared(body), cache: .maxAge(3600))
        }
    }
}
