import Server

extension ErrorCatalog {
    /// A lookup answer "nothing is known by that name" may be asked again in an hour.
    private static let lookup = CachePolicy.maxAge(3600)
    /// A "nothing at this path or for this query" answer, kept briefly.
    private static let brief = CachePolicy.maxAge(60)

    /// Every code any layer gives, and how a client is answered for it.
    public static let entries: [Entry] = [
        // The request: what the client sent will not do.
        Entry("invalid_parameter", 400, "A parameter's value is not valid."),
        Entry("unknown_parameter", 400, "The endpoint takes no parameter of that name."),
        Entry("repeated_parameter", 400, "A parameter is given more often than it may be."),
        Entry("parameter_too_long", 400, "A parameter's value is longer than allowed."),
        Entry("missing_parameter", 400, "A required parameter is missing."),
        Entry("route_too_long", 400, "The driving route is longer than the service follows."),
        Entry("ambiguous_station", 400, "A station name matches several stations; the candidates say which."),
        Entry("stations_too_close", 400, "The origin and the destination are the same place, or too close."),
        Entry("bad_coordinates", 400, "The upstream does not take the coordinates given."),
        Entry("unknown_route", 404, cache: brief, "There is no route with that id."),
        // Nothing found: the upstream answered and knows nothing for the query.
        Entry("unknown_station", 404, cache: lookup, "No station has that name; the candidates are close spellings."),
        Entry("unknown_place", 404, cache: lookup, "No place has that name."),
        Entry("no_places", 404, cache: lookup, "No place was found for the query or near the position."),
        Entry("no_route", 404, cache: lookup, "No driving route was found between the places."),
        Entry("no_forecast", 404, cache: lookup, "The weather upstream has no forecast for that place or day."),
        Entry("no_connections", 404, cache: brief, "The timetable has no connection for the query."),
        Entry("no_trips", 404, cache: brief, "The journey planner found no trip for the query."),
        Entry("no_departures", 404, cache: brief, "The station has no departures for the query."),
        Entry("session_expired", 410, "The upstream no longer holds the connection asked for; search again."),
        // The upstream failed.
        Entry("upstream_error", 502, "The upstream failed or answered with something unusable."),
        Entry("upstream_rejected", 502, "The upstream refused the request (a key, a quota or a parameter it does not take)."),
        Entry("upstream_unreachable", 502, "The upstream could not be reached, or the connection broke."),
        Entry("upstream_too_large", 502, "The upstream answered with more data than allowed."),
        Entry("upstream_too_complex", 502, "The upstream's answer took more work to read than allowed."),
        Entry("upstream_deprecated", 502, "The upstream says this interface is deprecated."),
        Entry("upstream_forbidden", 502, "The upstream refused the request: it may need a key or a contact."),
        Entry("upstream_foreign_host", 502, "The upstream pointed a follow-up request at a host it may not go to."),
        Entry("malformed_response", 502, "The upstream answered in a format other than its own."),
        Entry("no_stations", 502, "The upstream's station feed lists no station."),
        Entry("upstream_timeout", 504, "The upstream did not answer in time."),
        // Come back later: the seconds come with the failure.
        Entry("upstream_paused", 503, retryAfter: true, "The upstream asked us to slow down."),
        Entry("upstream_unavailable", 503, retryAfter: true, "The upstream is failing, or its data has not arrived yet; requests wait."),
        Entry("upstream_quota_spent", 503, retryAfter: true, "Today's requests to the upstream are spent, as its terms allow."),
        Entry("upstream_busy", 503, retryAfter: true, "The upstream has as many requests under way as it may."),
        Entry("upstream_rate_limited", 503, retryAfter: true, "Our rate budget toward the upstream is spent."),
        Entry("upstream_missing", 503, "A route the service needs is not loaded."),
        Entry("directions_off", 503, "The service runs without driving directions."),
        Entry("not_ready", 503, retryAfter: true, "The service is starting or stopping."),
        Entry("cancelled", 499, "The request was cancelled before it was answered."),
        // The HTTP layer's own, before any endpoint runs.
        Entry("bad_request", 400, fromServer: true, "The request is malformed."),
        Entry("invalid_encoding", 400, fromServer: true, "The request target is not valid UTF-8."),
        Entry("invalid_percent_escape", 400, fromServer: true, "A '%' in the path or query is not followed by two hex digits."),
        Entry("invalid_utf8", 400, fromServer: true, "A path segment or query component does not decode to valid UTF-8."),
        Entry("control_character", 400, fromServer: true, "A path segment or query component holds a control character."),
        Entry("too_many_parameters", 400, fromServer: true, "The query has more parameters than allowed."),
        Entry("invalid_format", 400, fromServer: true, "The `format` parameter is neither xml nor json."),
        Entry("invalid_framing", 400, fromServer: true, "The request's body length cannot be read unambiguously."),
        Entry("invalid_header", 400, fromServer: true, "A header field line is malformed."),
        Entry("not_found", 404, cache: brief, fromServer: true, "Nothing is at this path."),
        Entry("method_not_allowed", 405, fromServer: true, "The path exists; the method does not."),
        Entry("not_acceptable", 406, fromServer: true, "The client accepts neither XML nor JSON."),
        Entry("content_too_large", 413, fromServer: true, "The request body is larger than allowed."),
        Entry("uri_too_long", 414, fromServer: true, "The request target is longer than allowed."),
        Entry("headers_too_large", 431, fromServer: true, "The header fields are larger or more than allowed."),
        Entry("client_closed_request", 499, fromServer: true, "The client closed the connection first."),
        Entry("internal_error", 500, fromServer: true, "Something went wrong on our side."),
        Entry("unsupported_transfer_coding", 501, fromServer: true, "The body uses a transfer coding other than chunked."),
        Entry("too_many_connections", 503, retryAfter: true, fromServer: true, "The server has too many open connections."),
        Entry("too_many_connections_from_client", 503, retryAfter: true, fromServer: true, "Too many open connections from one address."),
        Entry("shutting_down", 503, retryAfter: true, fromServer: true, "The server is shutting down."),
        Entry("unavailable", 503, retryAfter: true, fromServer: true, "The server cannot answer right now."),
    ]
}
