internal import CCurl

/// A response read piece by piece, as `HTTPTestClient.stream` received it.
public struct StreamedResponse: ReceivedResponse, Sendable {
    /// The status code.
    public let status: Int
    /// The header fields in the order received.
    public let headers: [(String, String)]
    /// The body pieces in the order curl delivered them (transfer coding removed).
    public let chunks: [[UInt8]]
    /// Whether the test hung up before the end.
    public let hungUp: Bool

    /// The whole body received.
    public var body: [UInt8] { chunks.flatMap { $0 } }
}

extension HTTPTestClient {
    /// How long `stream` waits by default: a guard against a hang, not a bound on speed. A stream
    /// moves only when its producer gets a thread of the cooperative pool, which a test run's other
    /// tests share and can keep busy for longer than 30 s on a loaded machine.
    public static let streamPatience: Double = 600

    /// Sends a GET and hands each piece of the body to `onChunk` the moment curl reads it.
    ///
    /// `onChunk` runs on the calling thread between reads, so a test can act on an event (signal
    /// the producer, sleep to be a slow reader) before the next piece is read. Returning false hangs
    /// up: curl closes the connection and the response reports `hungUp`.
    /// - Throws: `HTTPTestError` when the transfer fails for another reason (refused, reset, timed out).
    public func stream(
        _ url: String, headers: [(String, String)] = [], timeout: Double = HTTPTestClient.streamPatience,
        onChunk: @escaping ([UInt8]) -> Bool = { _ in true }
    ) throws(HTTPTestError) -> StreamedResponse {
        let transfer = self.transferForStreaming
        try transfer.prepare(TestRequest(url: url, headers: headers, timeout: timeout, freshConnection: true))
        var hungUp = false
        transfer.onChunk = { chunk in
            let goOn = onChunk(chunk)
            if !goOn { hungUp = true }
            return goOn
        }
        defer { transfer.onChunk = nil }
        let code = curl_easy_perform(transfer.handle)
        let outcome = transfer.finish(hungUp && code == CURLE_WRITE_ERROR ? CURLE_OK : code)
        let response = try outcome.get()
        return StreamedResponse(status: response.status, headers: response.headers, chunks: transfer.chunks, hungUp: hungUp)
    }
}
