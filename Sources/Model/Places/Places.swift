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

    public var node: Node {
        .element("places", [
            .leaf("query", query),
            .leaf("source", source),
            .list("results", places.enumerated().map { index, place in
                .element("place", place.members([distances.flatMap { index < $0.count ? $0[index].node : nil }]))
            }),
        ])
    }
}

/// Why a place could not be found, with the places the name might have meant: `<error>`.
///
/// The element has no `<status>`: the API puts the one its error catalog gives for the code
/// first when it answers the document.
public struct PlaceError: Representable, Hashable, Error {
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

    public var node: Node {
        .element("error", [
            .leaf("code", code),
            .leaf("message", message),
            .leaf("upstream", upstream),
            suggestions.isEmpty ? nil : .list("suggestions", suggestions.map(\.node)),
        ])
    }
}
