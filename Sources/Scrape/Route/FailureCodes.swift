/// Whose doing a route's error is.
///
/// `answer`: the upstream understood the request and says there is nothing for it (no
/// connections, an unknown name) or that an input will not do; the answer is kept like any other.
/// `fault`: the upstream's answer is broken or refuses us; it counts against the upstream and a
/// kept answer is served instead while there is one.
public enum FailureKind: Sendable, Equatable {
    /// The upstream answered the request: nothing found, or an input it does not take.
    case answer
    /// The upstream's answer is broken or refuses us.
    case fault
}

/// The codes a route's errors may give, each with its kind: every code Scrape produces is here.
///
/// How a client is answered for a code (its HTTP status) is not Scrape's business; the API's
/// error catalog decides it, and a test checks that it knows every code listed here.
public enum FailureCodes {
    /// A response that does not parse as the route's format, unless the route names its own code.
    public static let unparsable = "malformed_response"
    /// A response whose XPath evaluation went past its work limit.
    public static let tooComplex = "upstream_too_complex"

    /// Every code a route file may give, with its kind.
    public static let kinds: [String: FailureKind] = [
        "ambiguous_station": .answer,
        "bad_coordinates": .answer,
        "invalid_parameter": .answer,
        "no_connections": .answer,
        "no_departures": .answer,
        "no_forecast": .answer,
        "no_places": .answer,
        "no_route": .answer,
        "no_trips": .answer,
        "session_expired": .answer,
        "stations_too_close": .answer,
        "unknown_place": .answer,
        "unknown_station": .answer,
        unparsable: .fault,
        tooComplex: .fault,
        "no_stations": .fault,
        "upstream_error": .fault,
        "upstream_rejected": .fault,
    ]

    /// The kind of a code, or nil for a code no route may give.
    public static func kind(of code: String) -> FailureKind? { kinds[code] }
}
