import Markup

/// One finished exchange, as the access log and the metrics see it.
public struct Exchange: Sendable {
    /// The request id.
    public var id: String
    /// The client address.
    public var remote: String
    /// The method token.
    public var method: String
    /// The request target as received (path and query, percent-encoded).
    public var target: String
    /// The protocol version, such as `HTTP/1.1`.
    public var version: String
    /// The matched route template, if any.
    public var template: String?
    /// The status sent.
    public var status: Int
    /// Body bytes sent.
    public var bytes: Int
    /// Time from the request line to the end of the response, in seconds.
    public var duration: Double
    /// The `User-Agent` header.
    public var userAgent: String?
    /// The `Referer` header.
    public var referer: String?
    /// Whether the response was sent completely.
    public var completed: Bool
}

/// Writes one access log line per exchange, as JSON lines or in the combined format.
public struct AccessLog: Sendable {
    let format: AccessLogFormat
    let sink: LogSink

    /// Creates an access log; `.off` writes nothing.
    public init(format: AccessLogFormat, sink: LogSink) {
        self.format = format
        self.sink = sink
    }

    /// Records one exchange.
    public func record(_ exchange: Exchange) {
        switch format {
        case .off: return
        case .json: sink.write(jsonLine(exchange))
        case .combined: sink.write(combinedLine(exchange))
        }
    }

    func jsonLine(_ e: Exchange) -> JSONLineBuilder {
        var line = JSONLineBuilder()
        Timestamp.withISO8601(Timestamp.now()) { line.add("time", plain: $0) }
        line.add("id", e.id)
        line.add("remote", e.remote)
        line.add("method", e.method)
        line.add("target", e.target)
        line.add("status", e.status)
        line.add("bytes", e.bytes)
        line.add("duration_ms", thousandths: Int((e.duration * 1_000_000).rounded()))
        if let template = e.template { line.add("route", template) }
        if let agent = e.userAgent { line.add("user_agent", agent) }
        if !e.completed { line.add("completed", false) }
        return line
    }

    func combinedLine(_ e: Exchange) -> String {
        func quoted(_ text: String?) -> String {
            guard let text, !text.isEmpty else { return "\"-\"" }
            // Client-controlled text must not break the line or the quoting.
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    out += "\\x" + String(scalar.value, radix: 16, uppercase: false).leftPadded(2)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let request = quoted("\(e.method) \(e.target) \(e.version)")
        return "\(e.remote) - - [\(Timestamp.common(Timestamp.now()))] \(request) \(e.status) \(e.bytes) "
            + "\(quoted(e.referer)) \(quoted(e.userAgent))"
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
