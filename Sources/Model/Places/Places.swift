public import Markup

/// Places matching a query or nearest to a position: `<places>`.
public struct Places: Representable, Equatable {
    /// The text or the position asked for.
    public var query: String
    public var places: [Place]
    /// The distance of each place from the position asked for (reverse geocoding).
    public var distances: [Distance]?
    /// Where the places come from (`gazetteer`, `nominatim`, `google`).
    public var source: String

    /// Creates the document.
    public init(query: String, places: [Place], distances: [Distance]? = nil, source: String) {
        self.query = query
        self.places = places
        self.distances = distances
        self.source = source
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<Places>(
        "places", summary: "Places matching a name or nearest to a position, best first.",
        .children(nil, [
            .leaf("query", .string) { $0.query },
            .leaf("source", .string) { $0.source },
            .list("results", "place", result) { document in
                document.places.indices.map { index in
                    (document.places[index], document.distances.flatMap { index < $0.count ? $0[index] : nil })
                }
            },
        ]))

    /// A place found, with its distance from the position asked for (reverse geocoding).
    static let result = Shape<(place: Place, distance: Distance?)>.children(nil, [
        .fields(Place.shape) { $0.place },
        .optionalElement("distance", Distance.shape, summary: "From the position asked for (reverse geocoding).") { $0.distance },
    ])

    public var node: Node { Self.document.node(self) }
}

/// Why a place could not be found, with the places the name might have meant: `<error>`. Its
/// `<status>` is the API's to give, from its error catalog.
public struct PlaceError: Representable, Hashable, Error, ErrorReport {
    public var code: String
    public var message: String
    /// The upstream that failed, when one did.
    public var upstream: String?
    /// Close spellings (`unknown_place`).
    public var suggestions: [Place]

    /// Creates an error.
    public init(code: String, message: String, upstream: String? = nil, suggestions: [Place] = []) {
        self.code = code
        self.message = message
        self.upstream = upstream
        self.suggestions = suggestions
    }

    /// What the error element holds: the one error shape.
    public static let shape = ErrorShape.shape(of: PlaceError.self)

    public var node: Node { Self.shape.node("error", self) }
}
