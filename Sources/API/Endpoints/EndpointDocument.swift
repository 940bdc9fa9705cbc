import Markup
import Model

/// A document an endpoint answers: its root element, the XSD it is published under, and its
/// JSON Schema.
struct EndpointDocument: Sendable {
    /// The root element's name, also the JSON document's one member.
    let root: String
    /// Where its XML Schema is published, if it has one.
    let xsd: String?
    /// The JSON form's schema.
    let jsonSchema: JSONValue

    /// A document declared by its shape: the root's name and the JSON Schema both come from it.
    init(_ declaration: ElementDeclaration, xsd: String) {
        root = declaration.name
        self.xsd = xsd
        jsonSchema = declaration.documentJSONSchema()
    }

    /// A document without a shape (a route file's result, whose records each route declares):
    /// an object whose one required member is the root element.
    init(root: String) {
        self.root = root
        xsd = nil
        jsonSchema = ["type": "object", "required": [.string(root)], "properties": [root: [:]]]
    }
}

extension EndpointDocument {
    static let sbbXSD = DocumentSchemas.sbb.path
    static let bartXSD = DocumentSchemas.bart.path
    static let weatherXSD = DocumentSchemas.weather.path
    static let transitXSD = DocumentSchemas.transit.path
    static let upstreamsXSD = UpstreamsSchema.file.path
    static let serviceXSD = ServiceDocuments.schema.path

    static let schedules = EndpointDocument(Schedules.document.declaration, xsd: sbbXSD)
    static let stationBoard = EndpointDocument(StationBoard.document.declaration, xsd: sbbXSD)
    static let locations = EndpointDocument(StationMatches.document.declaration, xsd: sbbXSD)
    static let nearbyStations = EndpointDocument(NearbyStations.document.declaration, xsd: sbbXSD)
    static let bartStations = EndpointDocument(BARTStationList.document.declaration, xsd: bartXSD)
    static let departures = EndpointDocument(BARTDepartures.document.declaration, xsd: bartXSD)
    static let bartNearby = EndpointDocument(BARTNearby.document.declaration, xsd: bartXSD)
    static let transitAgencies = EndpointDocument(TransitAgencies.document.declaration, xsd: transitXSD)
    static let transitStops = EndpointDocument(TransitStops.document.declaration, xsd: transitXSD)
    static let transitDepartures = EndpointDocument(TransitDepartures.document.declaration, xsd: transitXSD)
    static let transitNearby = EndpointDocument(TransitNearby.document.declaration, xsd: transitXSD)
    static let transitAlerts = EndpointDocument(TransitAlerts.document.declaration, xsd: transitXSD)
    static let routeWeather = EndpointDocument(RouteWeather.document.declaration, xsd: weatherXSD)
    static let forecast = EndpointDocument(WeatherForecast.document.declaration, xsd: weatherXSD)
    static let places = EndpointDocument(Places.document.declaration, xsd: weatherXSD)
    static let upstreams = EndpointDocument(UpstreamsDocument.document.declaration, xsd: upstreamsXSD)
    static let health = EndpointDocument(ServiceDocuments.health.declaration, xsd: serviceXSD)
    static let ready = EndpointDocument(ServiceDocuments.ready.declaration, xsd: serviceXSD)
    static let endpoints = EndpointDocument(ServiceDocuments.api.declaration, xsd: serviceXSD)
    static let routes = EndpointDocument(ServiceDocuments.routes.declaration, xsd: serviceXSD)
    static let result = EndpointDocument(root: "result")
    static let delay = EndpointDocument(ServiceDocuments.delay.declaration, xsd: serviceXSD)
    static let clock = EndpointDocument(ServiceDocuments.clock.declaration, xsd: serviceXSD)
    /// The error document an endpoint answers in its own formats (`<error>`, `{"error": …}`).
    static let error = EndpointDocument(ErrorShape.document.declaration, xsd: sbbXSD)
}
