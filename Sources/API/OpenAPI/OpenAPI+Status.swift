extension OpenAPI {
    /// The HTTP status an error code is answered with, as the error catalog says: the one place
    /// the OpenAPI document reads statuses from; nil for a code the catalog does not know.
    static func status(of code: String) -> Int? {
        switch code {
        case "invalid_percent_escape", "invalid_utf8", "control_character", "too_many_parameters", "unknown_parameter",
            "invalid_parameter", "invalid_format", "repeated_parameter", "missing_parameter", "parameter_too_long",
            "ambiguous_station", "route_too_long":
            400
        case "unknown_station", "no_connections", "no_departures", "unknown_place", "no_places", "no_route", "no_forecast",
            "unknown_route", "not_found":
            404
        case "not_acceptable":
            406
        case "upstream_error", "upstream_unreachable", "upstream_too_large", "malformed_response", "upstream_deprecated",
            "upstream_forbidden", "upstream_foreign_host":
            502
        case "upstream_paused", "upstream_unavailable", "upstream_rate_limited", "upstream_busy", "upstream_missing",
            "upstream_quota_spent", "directions_off", "not_ready":
            503
        case "upstream_timeout":
            504
        default:
            nil
        }
    }
}
