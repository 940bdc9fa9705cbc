import Compression
extension Responder {
    /// Adds the semantics every response gets: identity, CORS, caching, `ETag`/304 and gzip.
    public func finalize(_ response: Response, for request: Request) -> WireResponse {
        // Handlers set content headers only; the ones added here are appended, not searched for.
        var headers = response.headers
        headers.reserveCapacity(headers.count + HTTPHeaders.serverFields + (request.limitHeaders?.count ?? 0))
        headers.add("Server", configuration.serverName)
        headers.add("X-Request-Id", request.id)
        headers.add("Access-Control-Allow-Origin", "*")
        if let gate {
            if let limits = request.limitHeaders {
                for field in limits { headers.add(field.name, field.value) }
            }
            let limited = request.limitHeaders != nil || headers.contains("RateLimit-Policy")
            headers.add("Access-Control-Expose-Headers", limited ? Self.exposedWithLimits : Self.exposedHeaders)
            if let (charged, units) = request.missCharge, Self.askedUpstream(response) { gate.charge(charged, units: units) }
        } else {
            headers.add("Access-Control-Expose-Headers", Self.exposedHeaders)
        }
        if draining { headers.set("Connection", "close") }
        if case .stream(let stream) = response.body {
            return finalizeStream(stream, status: response.status, negotiated: response.negotiated, headers: headers)
        }
        headers.setDefault("Cache-Control", response.cache.headerValue)

        // A prepared body is sent from its shared bytes, never copied.
        let prepared: PreparedBody? = if case .prepared(let prepared) = response.body { prepared } else { nil }
        let body = prepared == nil ? response.body.bytes : []
        let compressible = (prepared?.count ?? body.count) >= configuration.gzipMinimumBytes && response.status != 204
        if response.negotiated {
            headers.add("Vary", "Accept, Accept-Encoding")
        } else if compressible {
            headers.add("Vary", "Accept-Encoding")
        }

        guard response.status == 200, request.method == "GET" || request.method == "HEAD" else {
            if let prepared { return WireResponse(status: response.status, headers: headers, shared: prepared.shared) }
            return WireResponse(status: response.status, headers: headers, body: body)
        }
        let etag = prepared?.etag ?? ETag.compute(body)
        headers.add("ETag", etag)
        if let condition = request.headers["If-None-Match"], ETag.matches(condition, etag) {
            headers.remove("Content-Type")
            return WireResponse(status: 304, headers: headers, body: [])
        }
        if compressible, Negotiation.acceptsGzip(request.headers["Accept-Encoding"]) {
            headers.add("Content-Encoding", "gzip")
            if let prepared { return WireResponse(status: 200, headers: headers, shared: prepared.gzip()) }
            return WireResponse(status: 200, headers: headers, body: Gzip.compress(body, level: Self.oneOffGzipLevel))
        }
        if let prepared { return WireResponse(status: 200, headers: headers, shared: prepared.shared) }
        return WireResponse(status: 200, headers: headers, body: body)
    }
}

extension Responder {
    /// How hard a body sent once is compressed: zlib's fastest level, as nginx compresses by
    /// default. A 40 KB JSON answer takes a fifth of the time level 6 takes and comes out about
    /// a third larger; a kept answer (`PreparedBody`), compressed once and sent many times, keeps
    /// zlib's default level.
    static let oneOffGzipLevel = 1

    /// A streamed body is never stored or compared, and compressing it would hold back its events
    /// until a deflate block fills: no `ETag`, no 304, no gzip.
    private func finalizeStream(_ body: StreamBody, status: Int, negotiated: Bool, headers: HTTPHeaders) -> WireResponse {
        var headers = headers
        headers.set("Cache-Control", "no-store")
        // nginx buffers proxied responses unless told otherwise, which would hold every event back.
        headers.add("X-Accel-Buffering", "no")
        if negotiated { headers.add("Vary", "Accept") }
        return WireResponse(status: status, headers: headers, stream: ResponseStream(body))
    }
}
