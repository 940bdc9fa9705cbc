import Server

extension WebAnswer {
    /// The answer as the server sends it: its content type (none for an empty 304) and header fields.
    var response: Response {
        var fields = contentType.isEmpty ? HTTPHeaders() : HTTPHeaders(contentType: contentType)
        for field in headers { fields.add(field.name, field.value) }
        return Response(status: status, headers: fields, body: .bytes(body), cache: .noStore)
    }
}
