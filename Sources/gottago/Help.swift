/// The text of `gottago --help`, generated from the option table so it cannot drift.
enum Help {
    static var text: String {
        var lines = [
            "gottago — timetables, departures, weather along a route and geocoding as compact XML/JSON",
            "",
            "Usage:",
            "  gottago serve [options]     run the HTTP service",
            "  gottago routes check        validate every route file",
            "  gottago routes test         run every route over its recorded samples (--update rewrites them)",
            "  gottago routes list         every route: id, domain, upstream, and whether it is retired",
            "  gottago upstreams check [--format table|json] [serve options]",
            "                              send each configured upstream its canary request and print its state;",
            "                              exit 0 when every one answered, 1 otherwise",
            "  gottago scrape ROUTE FILE   print the records one response file gives (see `gottago scrape`)",
            "  gottago get PATH-OR-URL     fetch from a running service, showing its progress on stderr:",
            "      --server URL            the service (default http://127.0.0.1:8080) for a PATH",
            "      --accept xml|json       the document format (default: the service's)",
            "      --verbose               also print each row on stderr as it arrives",
            "      exit 0 on a result, 1 on an error document or HTTP error, 2 when the service cannot be reached",
            "  gottago --version           print the version",
            "  gottago --help              print this help",
            "",
            "Options of `serve` (flag, environment variable, default). A flag beats the environment,",
            "which beats the config file, which beats the default:",
        ]
        let defaults = Settings()
        for option in Option.all {
            let flag = "--\(option.name)" + (option.value.map { " \($0)" } ?? "")
            lines.append("  \(flag)")
            lines.append("      \(option.help)")
            lines.append("      env \(option.environmentName); default \(option.current(defaults))")
        }
        lines += [
            "",
            "On SIGTERM or SIGINT the server stops accepting, lets in-flight requests finish within",
            "the shutdown grace, and exits 0. The first line on stdout is `listening on http://HOST:PORT`.",
        ]
        return lines.joined(separator: "\n")
    }
}
