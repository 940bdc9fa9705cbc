import Testing
@testable import Server

@Suite("Router")
struct RouterTests {
    /// What a resolution should be, in a form tables can hold.
    enum Expected: Sendable, Equatable, CustomTestStringConvertible {
        case found(String, Format? = nil, [String: String] = [:])
        case methodNotAllowed([String])
        case notFound

        var testDescription: String {
            switch self {
            case .found(let value, let format, let parameters): "found \(value) \(format.map(\.rawValue) ?? "-") \(parameters)"
            case .methodNotAllowed(let allowed): "405 \(allowed)"
            case .notFound: "404"
            }
        }
    }

    static let templates: [(String, String, String)] = [
        ("GET", "/", "root"),
        ("GET", "/healthz", "healthz"),
        ("GET", "/api", "api"),
        ("HEAD", "/api", "api-head"),
        ("GET", "/openapi.json", "openapi"),
        ("GET", "/api/sbb/from/{from}/to/{to}", "sbb"),
        ("GET", "/api/bart/stations/nearby", "nearby"),
        ("GET", "/api/bart/stations/{abbr}", "station"),
        ("GET", "/api/bart/stations/{abbr}/departures", "departures"),
        ("GET", "/api/items/{id}", "item-get"),
        ("DELETE", "/api/items/{id}", "item-delete"),
        ("POST", "/api/jobs", "jobs-post"),
        ("GET", "/api/a/b/c", "abc"),
        ("GET", "/api/a/{x}/d", "axd"),
        ("GET", "/api/w/from/{from}/to/{to}", "w"),
        ("GET", "/api/w/from/{from}/to/{to}.svg", "w-svg"),
        ("GET", "/api/w/{x}.svg/d", "w-svg-d"),
    ]

    static func router() throws -> Router<String> {
        var router = Router<String>()
        for (method, template, value) in templates { try router.register(method, template, value) }
        return router
    }

    static let cases: [(method: String, path: String, expected: Expected)] = [
        ("GET", "/", .found("root")),
        ("GET", "/healthz", .found("healthz")),
        // A trailing slash is an empty last segment, and empty segments never match.
        ("GET", "/healthz/", .notFound),
        ("GET", "//healthz", .notFound),
        ("GET", "/HEALTHZ", .notFound),
        ("GET", "healthz", .notFound),
        ("GET", "", .notFound),
        ("GET", "/healthz.json", .found("healthz", .json)),
        ("GET", "/healthz.xml", .found("healthz", .xml)),
        ("GET", "/healthz.XML", .notFound),
        ("GET", "/healthz.html", .notFound),
        ("GET", "/api.json", .found("api", .json)),
        ("GET", "/openapi.json", .found("openapi")),
        ("GET", "/openapi", .notFound),
        ("GET", "/api/sbb/from/Bern;Thun/to/Z%C3%BCrich.xml",
         .found("sbb", .xml, ["from": "Bern;Thun", "to": "Z%C3%BCrich"])),
        ("GET", "/api/sbb/from/Bern/to/Zürich.xml", .found("sbb", .xml, ["from": "Bern", "to": "Zürich"])),
        ("GET", "/api/sbb/from/Bern/to/Thun.json", .found("sbb", .json, ["from": "Bern", "to": "Thun"])),
        ("GET", "/api/sbb/from/Bern/to/Thun.XML", .found("sbb", nil, ["from": "Bern", "to": "Thun.XML"])),
        ("GET", "/api/sbb/from/Bern/to/Thun.html", .found("sbb", nil, ["from": "Bern", "to": "Thun.html"])),
        ("GET", "/api/sbb/from/Bern/to/Thun.xml.json", .found("sbb", .json, ["from": "Bern", "to": "Thun.xml"])),
        // A segment that is only a suffix is not stripped to nothing.
        ("GET", "/api/sbb/from/Bern/to/.xml", .found("sbb", nil, ["from": "Bern", "to": ".xml"])),
        ("GET", "/api/sbb/from/a%2Fb/to/c", .found("sbb", nil, ["from": "a%2Fb", "to": "c"])),
        ("GET", "/api/sbb/from/a/b/to/c", .notFound),
        ("GET", "/api/sbb/from//to/c", .notFound),
        ("GET", "/api/sbb/from/a/to/", .notFound),
        ("GET", "/api//sbb/from/a/to/b", .notFound),
        ("GET", "/api/bart/stations/nearby", .found("nearby")),
        ("GET", "/api/bart/stations/nearby.json", .found("nearby", .json)),
        ("GET", "/api/bart/stations/nearbyx", .found("station", nil, ["abbr": "nearbyx"])),
        ("GET", "/api/bart/stations/EMBR", .found("station", nil, ["abbr": "EMBR"])),
        ("GET", "/api/bart/stations/EMBR/departures.json", .found("departures", .json, ["abbr": "EMBR"])),
        // The literal `nearby` has no `departures` below it, so the parameter takes it.
        ("GET", "/api/bart/stations/nearby/departures", .found("departures", nil, ["abbr": "nearby"])),
        ("GET", "/api/a/b/c", .found("abc")),
        ("GET", "/api/a/b/d", .found("axd", nil, ["x": "b"])),
        ("GET", "/api/a/z/d", .found("axd", nil, ["x": "z"])),
        ("GET", "/api/a/b/e", .notFound),
        // A parameter with a literal suffix takes a segment that ends with it and is longer;
        // `.xml`/`.json` are still formats, stripped before the suffix is looked for.
        ("GET", "/api/w/from/A/to/B.svg", .found("w-svg", nil, ["from": "A", "to": "B"])),
        ("GET", "/api/w/from/A/to/B", .found("w", nil, ["from": "A", "to": "B"])),
        ("GET", "/api/w/from/A/to/B.json", .found("w", .json, ["from": "A", "to": "B"])),
        ("GET", "/api/w/from/A/to/.svg", .found("w", nil, ["from": "A", "to": ".svg"])),
        ("GET", "/api/w/from/A/to/B.SVG", .found("w", nil, ["from": "A", "to": "B.SVG"])),
        ("GET", "/api/w/from/A/to/B.svg.svg", .found("w-svg", nil, ["from": "A", "to": "B.svg"])),
        ("GET", "/api/w/from/A/to/B%2Esvg", .found("w", nil, ["from": "A", "to": "B%2Esvg"])),
        ("GET", "/api/w/from/A.svg/to/B.svg", .found("w-svg", nil, ["from": "A.svg", "to": "B"])),
        ("GET", "/api/w/from/A/to/B.svg/", .notFound),
        ("GET", "/api/w/x.svg/d", .found("w-svg-d", nil, ["x": "x"])),
        ("GET", "/api/w/x/d", .notFound),
        ("HEAD", "/healthz", .found("healthz")),
        ("HEAD", "/api", .found("api-head")),
        ("POST", "/healthz", .methodNotAllowed(["GET", "HEAD"])),
        ("POST", "/api", .methodNotAllowed(["GET", "HEAD"])),
        ("POST", "/healthz.json", .methodNotAllowed(["GET", "HEAD"])),
        ("GET", "/api/items/7", .found("item-get", nil, ["id": "7"])),
        ("HEAD", "/api/items/7", .found("item-get", nil, ["id": "7"])),
        ("DELETE", "/api/items/7", .found("item-delete", nil, ["id": "7"])),
        ("PUT", "/api/items/7", .methodNotAllowed(["GET", "HEAD", "DELETE"])),
        ("get", "/api/items/7", .methodNotAllowed(["GET", "HEAD", "DELETE"])),
        ("POST", "/api/jobs", .found("jobs-post")),
        ("GET", "/api/jobs", .methodNotAllowed(["POST"])),
        ("HEAD", "/api/jobs", .methodNotAllowed(["POST"])),
    ]

    @Test("resolves", arguments: cases)
    func resolves(method: String, path: String, expected: Expected) throws {
        let router = try Self.router()
        switch router.match(method: method, path: path) {
        case .found(let match):
            var parameters: [String: String] = [:]
            for name in ["from", "to", "abbr", "id", "x"] { parameters[name] = match.parameters.raw(name).map(String.init) }
            #expect(Expected.found(match.value, match.format, parameters) == expected)
            #expect(Self.templates.contains { $0.1 == match.template && $0.2 == match.value })
        case .methodNotAllowed(let allowed, let template):
            #expect(Expected.methodNotAllowed(allowed) == expected)
            #expect(Self.templates.contains { $0.1 == template })
        case .notFound:
            #expect(Expected.notFound == expected)
        }
    }

    @Test func routesListsEveryRegistration() throws {
        let router = try Self.router()
        #expect(router.routes.map { "\($0.method) \($0.template) \($0.value)" }
            == Self.templates.map { "\($0.0) \($0.1) \($0.2)" })
    }

    static let malformed: [String] = [
        "", "healthz", "/a//b", "/a/", "//", "/{}", "/{a", "/a}", "/{a}/{a}", "/x{a}", "/{a-b}",
        "/{ a}", "/a b", "/zürich", "/a%20b", "/a?b", "/a#b", "/{{a}}", "/{a}{b}", "/{a}.s}", "/{}.svg", "/{a}. svg",
        "/{a}/{a}.svg", "/{a}.sv%67",
    ]

    @Test("rejects malformed templates", arguments: malformed)
    func rejectsMalformed(template: String) {
        var router = Router<Int>()
        #expect(throws: RouterError.malformedTemplate) { try router.register("GET", template, 1) }
        #expect(router.routes.isEmpty)
    }

    @Test func rejectsDuplicatesAndConflicts() throws {
        var router = Router<Int>()
        try router.register("GET", "/a/{x}", 1)
        try router.register("POST", "/a/{x}", 2)
        #expect(throws: RouterError.duplicateRoute) { try router.register("GET", "/a/{x}", 3) }
        #expect(throws: RouterError.conflictingTemplate) { try router.register("PUT", "/a/{y}", 4) }
        try router.register("GET", "/a/{x}.svg", 6)
        #expect(throws: RouterError.conflictingTemplate) { try router.register("PUT", "/a/{y}.svg", 7) }
        #expect(throws: RouterError.malformedTemplate) { try router.register("", "/b", 5) }
        #expect(router.routes.map(\.value) == [1, 2, 6])
        let error = #expect(throws: RouterError.self) { try router.register("GET", "/a/{x}", 3) }
        #expect(error?.subject == "/a/{x}")
        #expect(error?.description.contains("GET") == true)
    }

    @Test func decodesParameters() throws {
        var router = Router<Int>()
        try router.register("GET", "/api/sbb/from/{from}/to/{to}", 1)
        guard case .found(let match) = router.match(method: "GET", path: "/api/sbb/from/a%3Bb;c;;%2F/to/Z%C3%BCrich.xml")
        else {
            Issue.record("no match")
            return
        }
        #expect(try match.parameters.string("to") == "Zürich")
        #expect(try match.parameters.string("from") == "a;b;c;;/")
        #expect(try match.parameters.list("from") == ["a;b", "c", "", "/"])
        #expect(try match.parameters.list("to") == ["Zürich"])
        #expect(match.parameters.count == 2)
        #expect(match.parameters.raw("via") == nil)
        #expect(throws: RouterError.unknownParameter) { try match.parameters.string("via") }
        #expect(throws: RouterError.unknownParameter) { try match.parameters.list("via") }
    }

    static let listCases: [(raw: String, items: [String])] = [
        ("Bern", ["Bern"]),
        ("Bern;Thun", ["Bern", "Thun"]),
        ("a%3Bb;c", ["a;b", "c"]),
        (";", ["", ""]),
        ("a;;b", ["a", "", "b"]),
        ("a;", ["a", ""]),
        ("Z%C3%BCrich+HB;Bern", ["Zürich+HB", "Bern"]),
    ]

    @Test("splits lists before decoding", arguments: listCases)
    func lists(raw: String, items: [String]) throws {
        #expect(try Self.parameters("/p/{p}", "/p/" + raw).list("p") == items)
    }

    static func parameters(_ template: String, _ path: String) -> Parameters {
        var router = Router<Int>()
        try? router.register("GET", template, 1)
        guard case .found(let match) = router.match(method: "GET", path: path) else { return Parameters() }
        return match.parameters
    }

    @Test func parameterErrorsNameTheParameter() {
        let parameters = Self.parameters("/{from}/{to}", "/ok/Bern;%zz")
        let fromString = #expect(throws: URLDecodingError.self) { try parameters.string("to") }
        #expect(fromString == .invalidEscape)
        #expect(fromString?.parameter == "to")
        let fromList = #expect(throws: URLDecodingError.self) { try parameters.list("to") }
        #expect(fromList?.parameter == "to")
    }
}
