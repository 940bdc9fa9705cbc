import Testing
@testable import Server

/// A route's own error style: every error of a request that reached the route is written in it
/// (a bad query, the handler's error, an unexpected error, a method it does not serve), with the
/// status, headers and caching of the error; other routes and unknown paths keep the service's.
@Suite("Error style in memory")
struct ErrorStyleTests {
    static let style = ErrorStyle(contentType: "application/json; charset=utf-8") { error in
        Array(#"{"errors":[{"message":"\#(error.message)"}]}"#.utf8)
    }

    struct Unexpected: Error {}

    let responder: Responder

    init() throws {
        var styled = Route.get("/v1/thing", summary: "A route with its own error shape.") { request in
            switch request.query.first("fail") {
            case "known": throw HTTPError(status: 404, code: "no_thing", message: "No such thing.", headers: [("Retry-After", "5")])
            case "unexpected": throw Unexpected()
            default: return .text("thing")
            }
        }
        styled.errorStyle = Self.style
        let plain = Route.get("/plain", summary: "A route with the service's errors.") { _ in throw HTTPError.badRequest("Plain.") }
        responder = try Responder(routes: [styled, plain], configuration: ServerConfiguration(), log: ServerLog(sink: LogSink()))
    }

    func respond(_ target: String, method: String = "GET") async -> WireResponse {
        await responder.respond(to: Request(id: "t-1", method: method, target: target, headers: HTTPHeaders()))
    }

    static func text(_ response: WireResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func theRoutesErrorsAreWrittenInItsStyle() async {
        let known = await respond("/v1/thing?fail=known")
        #expect(known.status == 404)
        #expect(known.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(Self.text(known) == #"{"errors":[{"message":"No such thing."}]}"#)
        #expect(known.headers["Retry-After"] == "5")
        #expect(known.headers["Cache-Control"] == "public, max-age=60")

        let unexpected = await respond("/v1/thing?fail=unexpected")
        #expect(unexpected.status == 500)
        #expect(Self.text(unexpected).hasPrefix(#"{"errors":[{"message":"#))

        let badQuery = await respond("/v1/thing?fail=%ZZ")
        #expect(badQuery.status == 400 && Self.text(badQuery).hasPrefix(#"{"errors":[{"message":"#))

        let method = await respond("/v1/thing", method: "POST")
        #expect(method.status == 405 && method.headers["Allow"] != nil)
        #expect(Self.text(method).hasPrefix(#"{"errors":[{"message":"Method POST"#))

        #expect(Self.text(await respond("/v1/thing")) == "thing")
    }

    @Test func otherRoutesAndUnknownPathsKeepTheServicesErrors() async {
        let plain = await respond("/plain?format=json")
        #expect(plain.status == 400 && plain.headers["Content-Type"] == "application/problem+json; charset=utf-8")
        let unknown = await respond("/v1/other")
        #expect(unknown.status == 404 && Self.text(unknown).contains("<code>not_found</code>"))
    }
}
