/// One request as the tests describe it, before it is turned into curl options.
struct TestRequest: Sendable {
    var method: String = "GET"
    var url: String
    var headers: [(String, String)] = []
    var body: [UInt8]? = nil
    /// Whole-request limit in seconds, connect included. Generous: every suite runs at once on
    /// the machine's cores, and a server's handler may wait its turn behind other tests' work.
    var timeout: Double = 30
    /// Forces a new connection (CURLOPT_FRESH_CONNECT) instead of taking one from the pool.
    var freshConnection = false

    /// Header lines for CURLOPT_HTTPHEADER, suppressing the defaults curl would add on its own.
    ///
    /// curl adds `Accept: */*` and, for bodies over 1 KiB, `Expect: 100-continue`; a bare `Name:`
    /// line removes them unless the test sets that header itself. An empty value needs curl's
    /// `Name;` spelling, since `Name:` would mean "remove".
    var headerLines: [String] {
        var lines = headers.map { name, value in value.isEmpty ? "\(name);" : "\(name): \(value)" }
        for suppressed in ["Expect", "Accept"] where !headers.contains(where: { $0.0.lowercased() == suppressed.lowercased() }) {
            lines.append("\(suppressed):")
        }
        return lines
    }
}
