import Server

/// The web page for people: `/` (the page) and `/web/{version}/{file}` (its scripts, styles and
/// images). The page uses only the public API, as any other page could.
enum PageEndpoints {
    /// What the page may load and where it may connect: its own files and this service only, no
    /// inline script or style, no framing.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static func endpoints(site: WebSite) -> [Endpoint] {
        [
            page.answeringInline { _, _ in response(site.index, cache: .noCache) },
            file.answeringInline(as: FileArguments.self) { _, arguments in
                guard let file = site.file(named: arguments.name) else {
                    throw HTTPError.notFound("The page has no file \"\(arguments.name.prefix(64))\".")
                }
                // A file asked for under another version (a page loaded from an instance running
                // another build) is still served, but only this build's URLs are kept for a year.
                return response(file, cache: arguments.version == site.version ? .immutable : .noCache)
            },
        ]
    }

    private static func response(_ file: WebSite.File, cache: CachePolicy) -> Response {
        var headers = HTTPHeaders(contentType: file.contentType)
        headers.add("Content-Security-Policy", contentSecurityPolicy)
        headers.add("X-Content-Type-Options", "nosniff")
        headers.add("Referrer-Policy", "no-referrer")
        return Response(headers: headers, body: .prepared(file.body), cache: cache)
    }

    static let page = Endpoint(
        "/", id: "page", tag: "page",
        summary: "The web page: connections, departures near you and the weather along a route, over this API.",
        description: """
            Plain HTML; its scripts and styles are at `/web/{version}/{file}`. The page reads its own query \
            (`view`, `from`, `to`, …), so that a search can be linked: `/?from=Bern;Thun&to=Zürich HB`. \
            Sent with `Cache-Control: no-cache`, an ETag and a `Content-Security-Policy` that allows this origin only.
            """,
        output: .text(mediaType: "text/html"), outputDoc: "The page.", refusesUnknownParameters: false)

    static let file = Endpoint(
        "/web/{version}/{file}", id: "pageFile", tag: "page",
        summary: "A file of the web page (script, style, image) under the page's version.",
        description: """
            The version is a digest over every file of the page, so these URLs change whenever a file does: under the \
            current version a file is sent with `Cache-Control: public, max-age=31536000, immutable`, under another one \
            with `no-cache`. A name the page does not have is a 404.
            """,
        output: .text(mediaType: "application/octet-stream"), outputDoc: "The file, with its own media type.",
        errors: ["not_found"]
    ) {
        Parameter.path("version", .text, "The page's version, as `/` names it.")
        Parameter.path("file", .text, "The file's name, such as `app.js`.")
    }
}

/// A page file's version and name.
struct FileArguments: EndpointArguments {
    let version: String
    let name: String

    init(_ values: ParameterValues) {
        version = values.text("version") ?? ""
        name = values.text("file") ?? ""
    }
}
