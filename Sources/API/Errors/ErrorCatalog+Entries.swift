import Server

extension ErrorCatalog {
    /// Every code any layer gives, and how a client is answered for it: its status, what goes
    /// with the status, and a summary.
    public static let entries: [Entry] = table([
        // The request: what the client sent will not do.
        "invalid_parameter": (400, .plain, "A parameter's value is not valid."),
        "unknown_parameter": (400, .plain, "The endpoint takes no parameter of that name."),
        "repeated_parameter": (400, .plain, "A parameter is given more often than it may be."),
        "parameter_too_long": (400, .plain, "A parameter's value is longer than allowed."),
        "missing_parameter": (400, .plain, "A required parameter is missing."),
        "invalid_cursor": (400, .plain, "A page cursor is damaged, made up, or was made for another query."),
        "route_too_long": (400, .plain, "The driving route is longer than the service follows."),
        "ambiguous_station": (400, .plain, "A station name matches several stations; the candidates say which."),
        "stations_too_close": (400, .plain, "The origin and the destination are the same place, or too close."),
        "bad_coordinates": (400, .plain, "The upstream does not take the coordinates given."),
        "unknown_route": (404, .brief, "There is no route with that id."),
        // Nothing found: the upstream answered and knows nothing for the query.
        "unknown_station": (404, .lookup, "No station has that name; the candidates are close spellings."),
        "unknown_place": (404, .lookup, "No place has that name."),
        "unknown_agency": (404, .brief, "No transit agency is configured under that name; /api/transit/agencies lists them."),
        "no_places": (404, .lookup, "No place was found for the query or near the position."),
        "no_route": (404, .lookup, "No driving route was found between the places."),
        "no_forecast": (404, .lookup, "The weather upstream has no forecast for that place or day."),
        "no_connections": (404, .brief, "The timetable has no connection for the query."),
        "no_trips": (404, .brief, "The journey planner found no trip for the query."),
        "no_departures": (404, .brief, "The station has no departures for the query."),
        "session_expired": (410, .plain, "The upstream no longer holds the connection asked for; search again."),
        // The upstream failed.
        "upstream_error": (502, .plain, "The upstream failed or answered with something unusable."),
        "upstream_rejected": (502, .plain, "The upstream refused the request (a key, a quota or a parameter it does not take)."),
        "upstream_unreachable": (502, .plain, "The upstream could not be reached, or the connection broke."),
        "upstream_too_large": (502, .plain, "The upstream answered with more data than allowed."),
        "upstream_too_complex": (502, .plain, "The upstream's answer took more work to read than allowed."),
        "upstream_deprecated": (502, .plain, "The upstream says this interface is deprecated."),
        "upstream_forbidden": (502, .plain, "The upstream refused the request: it may need a key or a contact."),
        "upstream_foreign_host": (502, .plain, "The upstream pointed a follow-up request at a host it may not go to."),
        "malformed_response": (502, .plain, "The upstream answered in a format other than its own."),
        "no_stations": (502, .plain, "The upstream's station feed lists no station."),
        "upstream_timeout": (504, .plain, "The upstream did not answer in time."),
        // Come back later: the seconds come with the failure.
        "upstream_paused": (503, .retry, "The upstream asked us to slow down."),
        "upstream_unavailable": (503, .retry, "The upstream is failing, or its data has not arrived yet; requests wait."),
        "upstream_quota_spent": (503, .retry, "Today's requests to the upstream are spent, as its terms allow."),
        "upstream_busy": (503, .retry, "The upstream has as many requests under way as it may."),
        "upstream_rate_limited": (503, .retry, "Our rate budget toward the upstream is spent."),
        "upstream_missing": (503, .plain, "A route the service needs is not loaded."),
        "directions_off": (503, .plain, "The service runs without driving directions."),
        "no_timetable": (503, .retry, "The agency's timetable is being imported, or its import failed; /api/transit/agencies says which."),
        "not_ready": (503, .retry, "The service is starting or stopping."),
        // The client's own limits (`--client-rate`, `--api-keys`).
        "rate_limited": (429, .retry, "The client's rate limit or daily quota is spent; Retry-After says when to ask again."),
        "invalid_api_key": (401, .plain, "The API key is not known (or no longer valid)."),
        "cancelled": (499, .plain, "The request was cancelled before it was answered."),
        // The HTTP layer's own, before any endpoint runs.
        "bad_request": (400, .server, "The request is malformed."),
        "invalid_encoding": (400, .server, "The request target is not valid UTF-8."),
        "invalid_percent_escape": (400, .server, "A '%' in the path or query is not followed by two hex digits."),
        "invalid_utf8": (400, .server, "A path segment or query component does not decode to valid UTF-8."),
        "control_character": (400, .server, "A path segment or query component holds a control character."),
        "too_many_parameters": (400, .server, "The query has more parameters than allowed."),
        "invalid_format": (400, .server, "The `format` parameter is neither xml nor json."),
        "invalid_framing": (400, .server, "The request's body length cannot be read unambiguously."),
        "invalid_header": (400, .server, "A header field line is malformed."),
        "not_found": (404, .serverBrief, "Nothing is at this path."),
        "method_not_allowed": (405, .server, "The path exists; the method does not."),
        "not_acceptable": (406, .server, "The client accepts neither XML nor JSON."),
        "content_too_large": (413, .server, "The request body is larger than allowed."),
        "uri_too_long": (414, .server, "The request target is longer than allowed."),
        "headers_too_large": (431, .server, "The header fields are larger or more than allowed."),
        "client_closed_request": (499, .server, "The client closed the connection first."),
        "internal_error": (500, .server, "Something went wrong on our side."),
        "unsupported_transfer_coding": (501, .server, "The body uses a transfer coding other than chunked."),
        "too_many_connections": (503, .serverRetry, "The server has too many open connections."),
        "too_many_connections_from_client": (503, .serverRetry, "Too many open connections from one address."),
        "shutting_down": (503, .serverRetry, "The server is shutting down."),
        "unavailable": (503, .serverRetry, "The server cannot answer right now."),
    ])

    /// What goes with an answer's status: `Retry-After`, how long it may be kept, and whether the
    /// HTTP layer gives the code before any endpoint runs.
    private struct Handling {
        var retryAfter = false
        var cache = CachePolicy.noStore
        var fromServer = false

        static let plain = Handling()
        /// A lookup answer "nothing is known by that name" may be asked again in an hour.
        static let lookup = Handling(cache: .maxAge(3600))
        /// A "nothing at this path or for this query" answer, kept briefly.
        static let brief = Handling(cache: .maxAge(60))
        static let retry = Handling(retryAfter: true)
        static let server = Handling(fromServer: true)
        static let serverBrief = Handling(cache: brief.cache, fromServer: true)
        static let serverRetry = Handling(retryAfter: true, fromServer: true)
    }

    /// The entries of a table's rows, in order.
    private static func table(_ rows: KeyValuePairs<String, (status: Int, handling: Handling, summary: String)>) -> [Entry] {
        rows.map { code, row in
            Entry(code, row.status, retryAfter: row.handling.retryAfter, cache: row.handling.cache, fromServer: row.handling.fromServer, row.summary)
        }
    }
}
