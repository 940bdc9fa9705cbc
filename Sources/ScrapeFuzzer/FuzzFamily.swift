import Markup
import Scrape

/// The routes one fuzzing run feeds: every route, or those of one response format, so that a run
/// mutates inputs of one syntax with that syntax's dictionary.
///
/// An input's first byte is its selector: the low six bits pick the route (modulo the family's
/// size), the top two the `Content-Type` the body arrives with; the rest is the body.
///
/// ```
/// selector 0x83, family json: route json-routes[3 % count], content type application/json
/// ```
struct FuzzFamily {
    /// The format, or nil for every route.
    let format: DocumentFormat?
    /// The family's routes, in id order.
    let routes: [Route]

    /// The content types a selector's top two bits choose from: none, HTML in Latin-1, JSON, XML in UTF-8.
    static let contentTypes: [String?] = [nil, "text/html; charset=iso-8859-1", "application/json", "text/xml; charset=utf-8"]
    /// The selector bits that pick the route.
    static let routeBits: UInt8 = 0x3F

    /// The routes of `format` (all of them for nil).
    init(format: DocumentFormat?, catalog: [Route]) {
        self.format = format
        routes = format.map { format in catalog.filter { $0.response.format == format } } ?? catalog
    }

    /// The route a selector picks.
    func route(_ selector: UInt8) -> Route {
        routes[Int(selector & Self.routeBits) % routes.count]
    }

    /// The content type a selector picks.
    static func contentType(_ selector: UInt8) -> String? {
        contentTypes[Int(selector >> 6)]
    }

    /// The selector that picks `route` with the content type bits of `selector`, or nil when the
    /// route is not in the family.
    func selector(for route: Route, keeping selector: UInt8) -> UInt8? {
        guard let index = routes.firstIndex(where: { $0.id == route.id }), index <= Int(Self.routeBits) else { return nil }
        return (selector & ~Self.routeBits) | UInt8(index)
    }
}
