import Server

extension ErrorCatalog {
    /// A lookup answer "nothing is known by that name" may be asked again in an hour.
    private static let lookup = CachePolicy.maxAge(3600)
    /// A "nothing at this path or for this query" answer, kept briefly.
    private static let brief = CachePolicy.maxAge(60)

    /// Every code any layer gives, and how a client is answered for it: its status and summary,
    /// in groups that share `Retry-After`, caching and origin.
    public static let entries: [Entry] = [
        // The request, the upstream's failures and the service's own state: answered as they are, never kept.
        group([
            "invalid_parameter": (400, "A parameter's value is not valid."),
            "unknown_parameter": (400, "The endpoint takes no parameter of that name."),
            "repeated_parameter": (400, "A parameter is given more often than it may be."),
            "parameter_too_long": (400, "A parameter's value is longer than allowed."),
            "missing_parameter": (400, "A required parameter is missing."),
            "route_too_long": (400, "The driving route is longer than the service follows."),
            "ambiguous_station": (400, "A station name matches several stations; the candidates say which."),
            "stations_too_close": (400, "The origin and the destination are the same place, or too close."),
            "bad_coordinates": (400, "The upstream does not take the coordinates given."),
            "session_expired": (410, "The upstream no longer holds the connection asked for; search again."),
            "upstream_error": (502, "The upstream failed or answered with something unusable."),
            "upstream_rejected": (502, "The upstream refused the request (a key, a quota or a parameter it does not take)."),
            "upstream_unreachable": (502, "The upstream could not be reached, or the connection broke."),
            "upstream_too_large": (502, "The upstream answered with more data than allowed."),
            "upstream_too_complex": (502, "The upstream's answer took more work to read than allowed."),
            "upstream_deprecated": (502, "The upstream says this interface is deprecated."),
            "upstream_forbidden": (502, "The upstream refused the request: it may need a key or a contact."),
            "upstream_foreign_host": (502, "The upstream pointed a follow-up request at a host it may not go to."),
            "malformed_response": (502, "The upstream answered in a format other than its own."),
            "no_stations": (502, "The upstream's station feed lists no station."),
            "upstream_timeout": (504, "The upstream did not answer in time."),
            "upstream_missing": (503, "A route the service needs is not loaded."),
            "directions_off": (503, "The service runs without driving directions."),
            "cancelled": (499, "The request was cancelled before it was answered."),
        ]),
        // Nothing found by that name: the upstream answered and knows nothing for the query.
        group(cache: lookup, [
            "unknown_station": (404, "No station has that name; the candidates are close spellings."),
            "unknown_place": (404, "No place has that name."),
            "no_places": (404, "No place was found for the query or near the position."),
            "no_route": (404, "No driving route was found between the places."),
            "no_forecast": (404, "The weather upstream has no forecast for that place or day."),
        ]),
        // Nothing at this path or for this query, for now.
        group(cache: brief, [
            "unknown_route": (404, "There is no route with that id."),
            "no_connections": (404, "The timetable has no connection for the query."),
            "no_trips": (404, "The journey planner found no trip for the query."),
            "no_departures": (404, "The station has no departures for the query."),
        ]),
        // Come back later: the seconds come with the failure.
        group(retryAfter: true, [
            "upstream_paused": (503, "The upstream asked us to slow down."),
            "upstream_unavailable": (503, "The upstream is failing, or its data has not arrived yet; requests wait."),
            "upstream_quota_spent": (503, "Today's requests to the upstream are spent, as its terms allow."),
            "upstream_busy": (503, "The upstream has as many requests under way as it may."),
            "upstream_rate_limited": (503, "Our rate budget toward the upstream is spent."),
            "not_ready": (503, "The service is starting or stopping."),
        ]),
        // The HTTP layer's own, before any endpoint runs.
        group(fromServer: true, [
            "bad_request": (400, "The request is malformed."),
            "invalid_encoding": (400, "The request target is not valid UTF-8."),
            "invalid_percent_escape": (400, "A '%' in the path or query is not followed by two hex digits."),
            "invalid_utf8": (400, "A path segment or query component does not decode to valid UTF-8."),
            "control_character": (400, "A path segment or query component holds a control character."),
            "too_many_parameters": (400, "The query has more parameters than allowed."),
            "invalid_format": (400, "The `format` parameter is neither xml nor json."),
            "invalid_framing": (400, "The request's body length cannot be read unambiguously."),
            "invalid_header": (400, "A header field line is malformed."),
            "method_not_allowed": (405, "The path exists; the method does not."),
            "not_acceptable": (406, "The client accepts neither XML nor JSON."),
            "content_too_large": (413, "The request body is larger than allowed."),
            "uri_too_long": (414, "The request target is longer than allowed."),
            "headers_too_large": (431, "The header fields are larger or more than allowed."),
            "client_closed_request": (499, "The client closed the connection first."),
            "internal_error": (500, "Something went wrong on our side."),
            "unsupported_transfer_coding": (501, "The body uses a transfer coding other than chunked."),
        ]),
        group(cache: brief, fromServer: true, [
            "not_found": (404, "Nothing is at this path."),
        ]),
        group(retryAfter: true, fromServer: true, [
            "too_many_connections": (503, "The server has too many open connections."),
            "too_many_connections_from_client": (503, "Too many open connections from one address."),
            "shutting_down": (503, "The server is shutting down."),
            "unavailable": (503, "The server cannot answer right now."),
        ]),
    ].flatMap(\.self)

    /// The entries of codes that share `Retry-After`, caching and origin.
    private static func group(
        retryAfter: Bool = false, cache: CachePolicy = .noStore, fromServer: Bool = false,
        _ rows: KeyValuePairs<String, (status: Int, summary: String)>
    ) -> [Entry] {
        rows.map { Entry($0.key, $0.value.status, retryAfter: retryAfter, cache: cache, fromServer: fromServer, $0.value.summary) }
    }
}
