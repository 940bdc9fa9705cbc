internal import CMicroHTTPD

/// One request's way through libmicrohttpd's callbacks (forwarded from the C function pointers in
/// `Callbacks.swift`): request line, head, body, dispatch, answer, completion, and the
/// connection accounting behind the connection limits.
extension HTTPServer {
    func requestLine(_ uri: UnsafePointer<CChar>?) -> RequestContext {
        metrics.requestStarted()
        guard let uri else { return RequestContext(target: "", early: .badRequest("The request has no target.")) }
        defer { cmhd_drop_query_arguments(uri) }
        if let target = String(validatingCString: uri) { return RequestContext(target: Self.originForm(target)) }
        // Keep a repaired copy for the log; the request itself is refused.
        return RequestContext(
            target: String(cString: uri),
            early: .badRequest("The request target is not valid UTF-8.", code: "invalid_encoding"))
    }

    func access(
        _ connection: OpaquePointer, _ context: RequestContext, method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch context.phase {
        case .new:
            context.phase = .receiving
            readHead(connection, context, method: method, version: version)
            // Queued on this call, an answer goes before any body is read or `100 Continue` sent,
            // and libmicrohttpd closes the connection after it.
            return context.answerAtOnce ? answerEarly(connection, context) : MHD_YES
        case .receiving:
            let count = uploadSize.pointee
            if count > 0 {
                uploadSize.pointee = 0
                return receive(upload, count: count, connection, context)
            }
            if context.early != nil { return answerEarly(connection, context) }
            return dispatch(connection, context)
        case .waiting:
            guard let response = context.take() else { return MHD_NO }
            return queue(response, connection, context)
        case .answered:
            return MHD_YES
        }
    }

    func completed(_ context: RequestContext, on connection: OpaquePointer?, completed: Bool) {
        if let lease = context.lease.take() { reuse.release(lease) }
        if let stream = context.stream.take() { context.bytesSent = streamCompleted(stream) }
        let now = Timestamp.monotonicNanoseconds()
        let duration = Double(now - context.started) / 1e9
        let connectionState = connection.flatMap(Self.state(of:))
        connectionState?.requestDone(now: now)
        // A head cut by its deadline is logged as nginx logs it.
        let timedOut = context.status == 0 && connectionState?.timedOut.load(ordering: .relaxed) == true
        let status = timedOut ? 408 : context.status
        // Moved out: each `context.request?.field` would copy all of it.
        let request = context.request.take()
        metrics.requestFinished(series: request?.series, status: status == 0 ? 400 : status, duration: duration)
        guard accessLog.format != .off else { return }
        let headers = request?.headers ?? HTTPHeaders()
        accessLog.record(Exchange(
            id: request?.id ?? "-", remote: request?.remoteAddress ?? connectionState?.remote ?? "-",
            method: context.method.isEmpty ? "-" : context.method, target: context.target,
            version: context.version.isEmpty ? "HTTP/1.1" : context.version,
            template: request?.template, status: status, bytes: context.bytesSent, duration: duration,
            userAgent: headers["User-Agent"], referer: accessLog.format == .combined ? headers["Referer"] : nil,
            completed: completed))
    }

    /// The accept policy: an address at its connection limit is turned away before libmicrohttpd
    /// takes the connection on, so that slow connections from one client cannot hold the places
    /// every other client needs. The socket is closed at once, without an answer.
    func accepts(_ address: UnsafePointer<sockaddr>?) -> Bool {
        let remote = addressText(address)
        let limits = limits(for: remote)
        let now = Timestamp.monotonicNanoseconds()
        let accepted = connections.withLock { $0.accept(remote, limits: limits, now: now) }
        if !accepted { metrics.connectionRejected() }
        return accepted
    }

    func connectionStarted(_ connection: OpaquePointer) -> ConnectionState {
        let remote = addressText(cmhd_connection_client_address(connection))
        let limits = limits(for: remote)
        let descriptor = cmhd_connection_fd(connection)
        // The responder's networks: the ones `Responder.match` reads when this is not known.
        let isAdmin = responder.configuration.adminNetworks.contains(remote)
        let state = connections.withLock { table -> ConnectionState in
            let state = ConnectionState(
                remote: remote, rejection: table.add(remote, limits: limits), descriptor: descriptor, peerIsAdmin: isAdmin)
            table.list(state)
            return state
        }
        if state.rejection == nil { metrics.connectionOpened() } else { metrics.connectionRejected() }
        return state
    }

    /// The connection limits for a peer: a trusted proxy carries many clients' connections, so
    /// only the overall limit applies to it.
    private func limits(for remote: String) -> ServerConfiguration.Limits {
        var limits = configuration.limits
        if configuration.trustedProxies.trusts(remote) { limits.maxConnectionsPerClient = limits.maxConnections }
        return limits
    }

    func connectionClosed(_ state: ConnectionState) {
        if state.rejection == nil { metrics.connectionClosed() }
        connections.withLock { $0.remove(state) }
    }

    /// The state `connectionStarted` made for a connection.
    static func state(of connection: OpaquePointer) -> ConnectionState? {
        cmhd_connection_socket_context(connection).map { Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue() }
    }

    // MARK: Steps of one request

    private func readHead(
        _ connection: OpaquePointer, _ context: RequestContext, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) {
        context.method = method.map { String(cString: $0) } ?? ""
        context.version = version.map { String(cString: $0) } ?? ""
        var collector = HeaderCollector()
        withUnsafeMutablePointer(to: &collector) { pointer in
            _ = MHD_get_connection_values_n(connection, CMHD_HEADER_KIND, { cls, _, key, keySize, value, valueSize in
                guard let cls else { return MHD_NO }
                let collector = cls.assumingMemoryBound(to: HeaderCollector.self)
                collector.pointee.add(key, keySize, value, valueSize)
                return MHD_YES
            }, pointer)
        }
        let headers = collector.headers
        let connectionState = Self.state(of: connection)
        connectionState?.headArrived()
        let peer = connectionState?.remote ?? "-"
        // Behind a trusted proxy the client is the one it names; the access log and the limits count it.
        let trusted = configuration.trustedProxies
        let remote = trusted.isEmpty ? peer : trusted.client(peer: peer, forwardedFor: headers.values("X-Forwarded-For"))
        // The client is the peer, whose place in the admin networks the connection knows, unless
        // a trusted proxy named another.
        let request = Request(
            id: RequestID.accept(headers["X-Request-Id"]) ?? RequestID.next(),
            method: context.method, target: context.target, headers: headers, body: [], remoteAddress: remote, received: context.started,
            clientIsAdmin: remote == peer ? connectionState?.peerIsAdmin : nil)
        if let rejection = connectionState?.rejection {
            context.early = rejection
        } else if context.early == nil {
            checkHead(context, request, headerBytes: collector.bytes)
        }
        context.request = request
    }

    /// Checks a head in order: its size, its framing, its body's declared size, and, for a client
    /// that waits for `100 Continue`, whether routing alone refuses it.
    private func checkHead(_ context: RequestContext, _ request: Request, headerBytes: Int) {
        let headers = request.headers
        let framing = RequestFraming(version: context.version, headers: headers)
        let refusal = responder.checkLimits(
            targetBytes: context.target.utf8.count, headerBytes: headerBytes, headerFields: headers.count, declaredBodyBytes: nil)
            ?? HeaderFieldSyntax.problem(in: headers, version: context.version)
        switch (refusal, framing) {
        case (let error?, _), (nil, .invalid(let error)):
            context.early = error
            context.answerAtOnce = true
            return
        case (nil, .valid(let length, _, let closeAfter)):
            context.declaredLength = length
            context.closeAfter = closeAfter
        }
        if let length = context.declaredLength, length > configuration.limits.maxBodyBytes {
            context.early = .contentTooLarge(limit: configuration.limits.maxBodyBytes)
            // libmicrohttpd cannot queue an answer while a body is still coming in, so a body
            // too large to read and drop is answered before it, and the connection then closes.
            context.answerAtOnce = length > Self.drainLimit
        }
        let waits = framing.hasBody && context.version == "HTTP/1.1"
            && headers.values("Expect").contains { $0.lowercased().contains("100-continue") }
        guard waits else { return }
        context.early = context.early ?? responder.routingError(for: request)
        context.answerAtOnce = context.early != nil
    }

    /// Bodies of refused requests are read and dropped up to this size, so that a client that
    /// sends its body without waiting for `100 Continue` still reads the error instead of a reset.
    static let drainLimit = 1 << 20

    private func receive(
        _ upload: UnsafePointer<CChar>?, count: Int, _ connection: OpaquePointer, _ context: RequestContext
    ) -> MHD_Result {
        if context.early == nil, context.body.count + count > configuration.limits.maxBodyBytes {
            context.early = .contentTooLarge(limit: configuration.limits.maxBodyBytes)
            context.dropped = context.body.count
            context.body = []
        }
        guard context.early == nil else {
            context.dropped += count
            guard context.dropped > Self.drainLimit else { return MHD_YES }
            // A chunked body past the drain limit: libmicrohttpd cannot queue an answer in the
            // middle of a body, so the connection is cut.
            DeliberateClose.mark()
            return MHD_NO
        }
        if let upload {
            upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        }
        return MHD_YES
    }

    private func answerEarly(_ connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        guard let request = context.request, let error = context.early else { return MHD_NO }
        var response = responder.errorResponse(error, for: request)
        // The rest of this connection's input is unread or unwanted: close it after the answer.
        response.headers.set("Connection", "close")
        let wire = responder.finalize(response, for: request)
        // A head past the limits may have left libmicrohttpd no room to build an answer.
        if error.status == 414 || error.status == 431 { return answerDirectly(wire, connection, context) }
        return queue(wire, connection, context)
    }

    private func dispatch(_ connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        guard var request = context.request.take() else { return MHD_NO }
        request.body = context.body
        context.body = []
        let step = responder.begin(request)
        switch consume step {
        case .respond(let routed, let response):
            let wire = responder.finalize(response, for: routed)
            context.request = consume routed
            return queue(wire, connection, context)
        case .run(let routed, let handler):
            context.request = routed
            context.phase = .waiting
            let handle = ConnectionHandle(pointer: connection)
            suspended.withLock { $0[ObjectIdentifier(context)] = (context, handle) }
            MHD_suspend_connection(connection)
            let responder = self.responder
            let task = Task(priority: Self.requestPriority) {
                let response = await responder.run(routed, handler)
                if context.resolve(responder.finalize(response, for: routed)) {
                    self.resume(context, handle)
                }
            }
            context.task.withLock { $0 = task }
            startWatchingDisconnects()
            return MHD_YES
        }
    }

    private func queue(_ response: WireResponse, _ connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        var response = response
        if context.closeAfter { response.headers.set("Connection", "close") }
        context.phase = .answered
        context.status = response.status
        context.bytesSent = context.method == "HEAD" ? 0 : response.bodyCount
        let mhdResponse: OpaquePointer?
        switch response.content {
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { cmhd_response_copy($0.baseAddress, $0.count) }
        case .stream(let stream):
            guard context.method == "HEAD" else { return queueStream(stream, response, connection, context) }
            mhdResponse = cmhd_response_copy(nil, 0)
        case .shared(let shared):
            // A kept response has its header fields already; one that must close gets its own.
            if !context.closeAfter, let lease = reuse.lease(shared, status: response.status, headers: response.headers) {
                context.lease = lease
                return MHD_queue_response(connection, UInt32(response.status), lease.pointer)
            }
            mhdResponse = ResponseReuse.build(shared, fields: [])
        }
        guard let mhdResponse else { return MHD_NO }
        defer { MHD_destroy_response(mhdResponse) }
        // A field libmicrohttpd refuses (a line break in a value) is left out rather than failing the answer.
        for field in response.headers {
            _ = ResponseReuse.addHeader(field, to: mhdResponse)
        }
        return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    }

    /// The path and query of a request target; an absolute-form target (`http://host/path`,
    /// RFC 9112 §3.2.2) is reduced to them, as a server must accept it.
    static func originForm(_ target: String) -> String {
        guard target.utf8.first != UInt8(ascii: "/") else { return target }
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
            return rest[slash] == "?" ? "/" + rest[slash...] : String(rest[slash...])
        }
        return target
    }
}
