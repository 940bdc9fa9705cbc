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
            "  gottago scrape ROUTE FILE   print the records one response file gives (see `gottago scrape`)",
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
