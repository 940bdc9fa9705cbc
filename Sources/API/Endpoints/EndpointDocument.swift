import Markup

/// A document an endpoint answers: its root element, the XSD it is published under, and its
/// JSON Schema.
struct EndpointDocument: Sendable {
    /// The root element's name, also the JSON document's one member.
    let root: String
    /// Where its XML Schema is published, if it has one.
    let xsd: String?
    /// The JSON form's schema.
    let jsonSchema: JSONValue

    /// A document whose JSON Schema is the minimal one: an object with the root member.
    init(root: String, xsd: String? = nil) {
        self.root = root
        self.xsd = xsd
        self.jsonSchema = Self.minimalSchema(root: root)
    }

    /// An object whose one required member is the root element.
    static func minimalSchema(root: String) -> JSONValue {
        ["type": "object", "required": [.string(root)], "properties": [root: [:]]]
    }
}

extension EndpointDocument {
    static let sbbXSD = "/api/schema/sbb.xsd"
    static let bartXSD = "/api/schema/bart.xsd"
    static let weatherXSD = "/api/schema/weather.xsd"
    static let upstreamsXSD = "/api/schema/upstreams.xsd"

    static let schedules = EndpointDocument(root: "schedules", xsd: sbbXSD)
    static let stationBoard = EndpointDocument(root: "stationboard", xsd: sbbXSD)
    static let locations = EndpointDocument(root: "locations", xsd: sbbXSD)
    static let nearbyStations = EndpointDocument(root: "stations", xsd: sbbXSD)
    static let bartStations = EndpointDocument(root: "stations", xsd: bartXSD)
    static let departures = EndpointDocument(root: "departures", xsd: bartXSD)
    static let bartNearby = EndpointDocument(root: "nearby", xsd: bartXSD)
    static let routeWeather = EndpointDocument(root: "routeweather", xsd: weatherXSD)
    static let forecast = EndpointDocument(root: "forecast", xsd: weatherXSD)
    static let places = EndpointDocument(root: "places", xsd: weatherXSD)
    static let upstreams = EndpointDocument(root: "upstreams", xsd: upstreamsXSD)
    static let health = EndpointDocument(root: "health")
    static let ready = EndpointDocument(root: "ready")
    static let endpoints = EndpointDocument(root: "api")
    static let routes = EndpointDocument(root: "routes")
    static let result = EndpointDocument(root: "result")
    static let delay = EndpointDocument(root: "delay")
    /// The error document an endpoint answers in its own formats (`<error>`, `{"error": …}`).
    static let error = EndpointDocument(root: "error")
}
