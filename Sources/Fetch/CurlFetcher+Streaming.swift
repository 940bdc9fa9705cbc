extension CurlFetcher {
    /// Sends a request and returns once its head has arrived, with the body to read as it comes.
    ///
    /// ```swift
    /// let stream = try await fetcher.stream(FetchRequest(url: "http://127.0.0.1:8080/api/progress"))
    /// for try await chunk in stream.body { handle(chunk) }
    /// ```
    ///
    /// The body is asked for unencoded; an encoded one fails with `badEncoding`. Redirects are
    /// not followed: a 3xx answer is the stream. At most about `bufferBytes` wait unread; beyond
    /// that the transfer is paused until the reader catches up, so the total is not capped. A
    /// request's `totalTimeout` of 0 lets a stream last as long as the server keeps it open.
    public func stream(_ request: FetchRequest, bufferBytes: Int = 256 * 1024) async throws(FetchError) -> FetchStream {
        guard URLParts(request.url) != nil else {
            throw FetchError(kind: .invalidURL, message: "not an absolute http(s) URL", url: request.url)
        }
        let id = nextID.add(1, ordering: .relaxed).newValue
        let loop = try runningLoop(for: request.url)
        let channel = BodyChannel(id: id, loop: loop, bufferBytes: bufferBytes, url: request.url)
        do {
            let head = try await perform(request, id: id, loop: loop, channel: channel)
            return FetchStream(head: head, channel: channel)
        } catch {
            channel.cancel()
            throw error
        }
    }
}
