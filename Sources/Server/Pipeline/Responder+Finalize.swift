extension Responder {
    /// Adds the semantics every response gets: identity, CORS, caching, `ETag`/304 and gzip.
    public func finalize(_ response: Response, for request: Request) -> WireResponse {
        var headers = response.headers
        headers.set("Server", configuration.serverName)
        headers.set("X-Request-Id", request.id)
        headers.set("Access-Control-Allow-Origin", "*")
        headers.set("Access-Control-Expose-Headers", "ETag, X-Request-Id, X-Cache, Age, Retry-After")
        headers.setDefault("Cache-Control", response.cache.headerValue)
        if draining { headers.set("Connection", "close") }

        let body = response.body.bytes
        let compressible = body.count >= configuration.gzipMinimumBytes && response.status != 204
        if response.negotiated {
            headers.set("Vary", "Accept, Accept-Encoding")
        } else if compressible {
            headers.set("Vary", "Accept-Encoding")
        }

        guard response.status == 200, request.method == "GET" || request.method == "HEAD" else {
            return WireResponse(status: response.status, headers: headers, body: body)
        }
        let etag: String
        switch response.body {
        case .prepared(let prepared): etag = prepared.etag
        case .bytes(let bytes): etag = ETag.compute(bytes)
        }
        headers.set("ETag", etag)
        if let condition = request.headers["If-None-Match"], ETag.matches(condition, etag) {
            headers.remove("Content-Type")
            return WireResponse(status: 304, headers: headers, body: [])
        }
        if compressible, Negotiation.acceptsGzip(request.headers["Accept-Encoding"]) {
            headers.set("Content-Encoding", "gzip")
            switch response.body {
            case .prepared(let prepared): return WireResponse(status: 200, headers: headers, body: prepared.gzip())
            case .bytes(let bytes): return WireResponse(status: 200, headers: headers, body: Gzip.compress(bytes))
            }
        }
        return WireResponse(status: 200, headers: headers, body: body)
    }
}
