extension Route {
    /// The route as another upstream's: its requests counted, limited, cached and configured
    /// under `upstream`, and its address parameters on `hosts` instead of the route file's. For an
    /// agency the operator configures, whose feeds follow a shipped route's format
    /// (`gtfs-rt-trip-updates`) from the operator's own hosts.
    public func reassigned(to upstream: String, hosts: [String]) -> Route {
        var route = Route(
            id: id, domain: domain, upstream: upstream, summary: summary,
            parameters: parameters.map { parameter in
                var moved = parameter
                if moved.urlHosts != nil { moved.urlHosts = hosts }
                return moved
            },
            request: request, response: response, cache: cache, errors: errors, unparsable: unparsable, records: records, digest: digest)
        route.canary = canary
        route.retired = retired
        route.follow = follow
        route.politeness = politeness
        return route
    }
}
