/// What the weather services' terms ask of a `User-Agent`: to be there and to name the client.
///
/// MET Norway refuses a missing or generic one ("wget/1.12", "Dalvik/2.1.0",
/// "okhttp/3.12.4", a library's default) with 403 (api.met.no/doc/FAQ); api.weather.gov refuses
/// a missing one.
enum UserAgent {
    /// Library and tool defaults that name no application, by their first product's name.
    static let generic: Set<String> = [
        "curl", "wget", "libcurl", "python-requests", "python-urllib", "python-httpx", "aiohttp", "go-http-client",
        "okhttp", "dalvik", "java", "apache-httpclient", "axios", "node-fetch", "undici", "node", "libwww-perl",
        "lwp::simple", "php", "guzzlehttp", "ruby", "faraday", "httpie", "postmanruntime", "insomnia", "dart",
        "cfnetwork", "reqwest", "hyper", "rest-client", "winhttp", "powershell",
    ]

    /// Whether a `User-Agent` value is present at all (not missing, not blank).
    static func isPresent(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// Whether a `User-Agent` value names the client: present, and its first product is not a
    /// library's or tool's default.
    static func isIdentifying(_ value: String?) -> Bool {
        guard isPresent(value), let value else { return false }
        let first = value.drop { $0 == " " }.prefix { $0 != "/" && $0 != " " && $0 != "(" }
        return !generic.contains(first.lowercased())
    }
}
