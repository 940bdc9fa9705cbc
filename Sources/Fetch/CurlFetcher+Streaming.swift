extension CurlFetcher {
    /// Sends a request and returns once its head has arrived, with the body to read as it comes.
    ///
    /// ```swift
    /// let stream = try await fetcher.stream(FetchRequest(url: "http://127.0.0.1:8080/api/progress"))
    /// for try await chunk in stream.body { handle(chunk) }
    /// ```
    ///
    /// Redirects are followed as `fetch` follows them. The body is asked for unencoded; an
    /// encoded one fails with `badEncoding`. At most about `bufferBytes` wait unread; beyond
    /// that the transfer is paused until the reader catches up, so the total is not capped. A
    /// request's `totalTimeout` of 0 lets a stream last as long as the server keeps it open.
    public func stream(_ request: FetchRequest, bufferBytes: Int = 256 * 1024) async throws(FetchError) -> FetchStream {
        guard let origin = URLParts(request.url) else {
            throw FetchError(kind: .invalidURL, message: "not an absolute http(s) URL", url: request.url)
        }
        var current = request
        var redirects = 0
        while true {
            let stream = try await open(current, redirects: redirects, bufferBytes: bufferBytes)
            guard let next = try redirect(after: stream.head, of: current, from: request.url, origin: origin, redirects: redirects) else {
                return stream
            }
            stream.cancel()
            redirects += 1
            current = next
        }
    }

    /// One streamed exchange, no redirects; `redirects` led to it.
    private func open(_ request: FetchRequest, redirects: Int, bufferBytes: Int) async throws(FetchError) -> FetchStream {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let loop = try runningLoop(for: request.url)
        let channel = BodyChannel(id: id, loop: loop, bufferBytes: bufferBytes, url: request.url)
        do {
            let head = try await perform(request, id: id, loop: loop, channel: channel)
            let final = FetchResponse(status: head.status, headers: head.headers, body: [], url: request.url, redirects: redirects)
            return FetchStream(head: final, channel: channel)
        } catch {
            channel.cancel()
            throw error
        }
    }
}
