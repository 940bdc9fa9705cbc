import Markup
import Scrape
import Server
import Services
import Testing
import Upstream
@testable import API

/// The error catalog: one answer per code, for every code any layer gives.
@Suite struct ErrorCatalogTests {
    @Test func everyCodeHasOneEntryWithAnErrorStatusAndASummary() {
        let codes = ErrorCatalog.entries.map(\.code)
        #expect(Set(codes).count == codes.count, "a code is listed twice")
        for entry in ErrorCatalog.entries {
            #expect((400...599).contains(entry.status), "\(entry.code)")
            #expect(!entry.summary.isEmpty && !entry.summary.contains("\n"), "\(entry.code)")
            #expect(ErrorCatalog.entry(for: entry.code) == entry)
            // Only a wait has a Retry-After worth sending: a 503, or a client's spent limit (429).
            #expect(!entry.retryAfter || entry.status == 503 || entry.status == 429, "\(entry.code)")
        }
        #expect(ErrorCatalog.entry(for: "no_such_code") == nil)
        #expect(ErrorCatalog.status(of: "no_such_code") == 500)
    }

    @Test("every code the route files, Scrape, Upstream and Services can give is in the catalog")
    func coversTheLowerLayers() throws {
        let routeCatalog = try RouteCatalog.load(from: TestRoutes.shipped)
        #expect(ErrorCatalog.unknownCodes(in: routeCatalog).isEmpty, "\(ErrorCatalog.unknownCodes(in: routeCatalog))")
        let lower = Array(FailureCodes.kinds.keys) + UpstreamFailure.Code.all + ServiceCode.all
        for code in lower {
            #expect(ErrorCatalog.entry(for: code) != nil, "\(code) has no entry")
        }
        // Every code a route file uses is one Scrape knows.
        for route in routeCatalog.routes {
            for failure in [route.unparsable] + route.errors.map(\.failure) {
                #expect(FailureCodes.kind(of: failure.code) == failure.kind, "\(route.id): \(failure.code)")
            }
        }
    }

    @Test("a route's answer is a 4xx, its upstream's fault a 5xx")
    func kindsAgreeWithStatuses() {
        for (code, kind) in FailureCodes.kinds {
            let status = ErrorCatalog.status(of: code)
            switch kind {
            case .answer: #expect((400...499).contains(status), "\(code)")
            case .fault: #expect((500...599).contains(status), "\(code)")
            }
        }
    }

    /// The statuses the lower layers chose before the catalog existed; `ambiguous_station` is
    /// the one that changed (409 in three route files, 400 in the timetable service: now 400).
    @Test(arguments: [
        ("upstream_timeout", 504), ("upstream_unreachable", 502), ("upstream_error", 502), ("upstream_too_large", 502),
        ("upstream_deprecated", 502), ("upstream_forbidden", 502), ("upstream_foreign_host", 502), ("upstream_rejected", 502),
        ("malformed_response", 502), ("upstream_too_complex", 502), ("no_stations", 502),
        ("upstream_paused", 503), ("upstream_unavailable", 503), ("upstream_quota_spent", 503), ("upstream_busy", 503),
        ("upstream_rate_limited", 503), ("upstream_missing", 503), ("directions_off", 503),
        ("invalid_parameter", 400), ("route_too_long", 400), ("stations_too_close", 400), ("bad_coordinates", 400), ("ambiguous_station", 400),
        ("unknown_station", 404), ("unknown_place", 404), ("no_places", 404), ("no_route", 404), ("no_forecast", 404),
        ("no_connections", 404), ("no_trips", 404), ("no_departures", 404), ("session_expired", 410), ("cancelled", 499),
    ])
    func statuses(code: String, status: Int) {
        #expect(ErrorCatalog.status(of: code) == status)
    }

    @Test("Retry-After goes out with the failure's seconds for a wait, never for another code")
    func retryAfter() {
        for code in ["upstream_paused", "upstream_unavailable", "upstream_quota_spent", "upstream_busy", "upstream_rate_limited", "not_ready"] {
            #expect(ErrorCatalog.headers(for: code, retryAfter: 7)["Retry-After"] == "7", "\(code)")
            #expect(ErrorCatalog.headers(for: code, retryAfter: nil)["Retry-After"] == nil, "\(code)")
        }
        #expect(ErrorCatalog.headers(for: "upstream_error", retryAfter: 7)["Retry-After"] == nil)
        let paused = CataloguedError(UpstreamFailure.paused(upstream: "sbb", retryAfter: 12))
        #expect(paused.status == 503 && paused.headers["Retry-After"] == "12" && paused.fields.first?.value == "sbb")
        let broken = CataloguedError(UpstreamFailure(upstream: "sbb", code: "upstream_error", retryAfter: 3, message: "x"))
        #expect(broken.status == 502 && broken.headers["Retry-After"] == nil)
    }

    @Test("nothing found by name may be asked again in an hour; other errors are not kept")
    func caching() {
        for code in ["unknown_station", "unknown_place", "no_places", "no_route", "no_forecast"] {
            #expect(ErrorCatalog.cache(for: code) == .maxAge(3600), "\(code)")
        }
        for code in ["upstream_error", "invalid_parameter", "upstream_paused", "no_such_code"] {
            #expect(ErrorCatalog.cache(for: code) == .noStore, "\(code)")
        }
        // A thrown error is shown by the HTTP layer's error document, which keeps a 404 for a
        // minute and no other error: the catalog agrees, but for the lookups the API answers itself.
        for entry in ErrorCatalog.entries where entry.cache != .maxAge(3600) {
            let shown = ErrorDocument.response(for: HTTPError.catalogued(entry.code, "x"), format: .xml)
            #expect(shown.cache == entry.cache, "\(entry.code)")
            #expect(shown.status == entry.status, "\(entry.code)")
        }
    }

    @Test("the HTTP layer's own codes are listed with the statuses it answers them with")
    func serverCodesAgree() {
        let http: [HTTPError] = [
            .badRequest("x"), .notFound(), .methodNotAllowed("PUT", allowed: ["GET"]), .notAcceptable, .contentTooLarge(limit: 1),
            .uriTooLong(limit: 1), .headersTooLarge(limit: 1), .tooManyHeaderFields(limit: 1), .invalidFraming("x"), .invalidHeader("x"),
            .unsupportedTransferCoding("gzip"), .tooManyConnections(perClient: true), .tooManyConnections(perClient: false),
            .unavailable("x"), .unavailable("x", code: "shutting_down"), .internalError(requestID: "1"),
            .badRequest("x", code: "invalid_encoding"),
            HTTPError(status: 499, code: "client_closed_request", message: "x"),
        ]
        let decoding: [URLDecodingError] = [.invalidEscape, .invalidUTF8, .controlCharacter, .tooManyParameters(limit: 1)]
        let server: [any HTTPResponseError] = http + decoding + [NegotiationError.invalidFormat]
        for error in server {
            let entry = ErrorCatalog.entry(for: error.code)
            #expect(entry?.status == error.status, "\(error.code)")
            #expect(entry?.fromServer == true, "\(error.code)")
            #expect(entry?.retryAfter == (error.headers["Retry-After"] != nil), "\(error.code)")
        }
        #expect(Set(ErrorCatalog.entries.filter(\.fromServer).map(\.code)) == Set(server.map(\.code)))
    }

    @Test("per-item errors get their status from the catalog, first, and nothing else changes")
    func documentStatuses() {
        let document = Node.list("schedules", [
            .element("schedule", [.leaf("from", "A"), .element("error", [.leaf("code", "ambiguous_station"), .leaf("message", "m")])]),
            .element("schedule", [.leaf("from", "B"), .list("links", [.element("link", [.leaf("code", "x")])])]),
            .element("error", [.leaf("status", 418), .leaf("code", "upstream_error")]),
        ])
        let filled = document.withErrorStatuses()
        let xml = String(decoding: XMLRenderer.render(filled), as: UTF8.self)
        #expect(xml.contains("<schedules><schedule><from>A</from><error><status>400</status><code>ambiguous_station</code><message>m</message></error></schedule>"
            + "<schedule><from>B</from><links><link><code>x</code></link></links></schedule>"
            + "<error><status>418</status><code>upstream_error</code></error></schedules>"))
    }
}
