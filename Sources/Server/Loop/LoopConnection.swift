internal import CEpoll
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One client connection on its loop: reading and parsing requests one at a time, answering each
/// in order (what a client pipelined waits, unparsed, behind the request being answered),
/// writing with `writev` and waiting for `EPOLLOUT` when the socket is full, streaming bodies with
/// backpressure, and its deadlines. Touched only on its loop's thread, except `post`ed messages.
final class LoopConnection: @unchecked Sendable {
    enum Phase {
        /// Waiting for a request's first byte, or reading its head or body.
        case reading
        /// A handler is working on the request.
        case handling
        /// An answer is being written.
        case writing
        /// A streamed body is being sent.
        case streaming
        /// The answer is out and the connection closes: reading what the client still sends
        /// (and dropping it) so that it reads the answer rather than a reset.
        case lingering
        case closed
    }

    unowned let loop: EventLoop
    let descriptor: Int32
    let state: ConnectionState
    private let parser: RequestParser
    private var phase = Phase.reading
    /// Bytes read but not parsed yet: what follows the request being answered.
    private var pending: [UInt8] = []
    /// Bytes to write; `written` of them are out.
    private var output: [UInt8] = []
    private var written = 0
    private var wantsOutput = false
    private var readingPaused = false
    private var peerClosed = false
    /// The request being answered.
    private var exchange: LoopExchange?
    /// Numbers the requests, so a late answer for one already closed is dropped.
    private var serial: UInt64 = 0
    private var task: Task<Void, Never>?
    private var stream: ResponseStream?
    private var streamChunked = false
    private var closeAfterAnswer = false
    /// Nanoseconds on the loop's deadline clock: since when the connection waits for a request
    /// (0 while one is on its way), when the current head began (the accept for the first; 0
    /// when none is being read), when lingering ends.
    private var idleSince: UInt64
    private var headSince: UInt64 = 0
    private var lingerUntil: UInt64 = 0
    private var lingerBytes = 0
    /// When the client last sent bytes, and when the socket last took some of ours.
    private var lastRead: UInt64
    private var lastWrite: UInt64 = 0

    /// Unparsed input held while a request is answered, beyond which reading pauses.
    static let pendingLimit = 64 * 1024
    /// How long and how much a closing connection reads and drops.
    static let lingerNanoseconds: UInt64 = 2_000_000_000
    static let lingerLimit = 1 << 20
    /// The largest piece of a stream asked for at once.
    static let streamPiece = 16 * 1024

    init(loop: EventLoop, descriptor: Int32, state: ConnectionState) {
        self.loop = loop
        self.descriptor = descriptor
        self.state = state
        parser = RequestParser(limits: loop.server.configuration.limits)
        idleSince = loop.clock.now
        lastRead = idleSince
        // As nginx's `client_header_timeout`: the first head's time counts from the accept, so
        // a connection that sends nothing is cut at the head deadline; a later head's time
        // counts from its first byte.
        headSince = idleSince
    }

    var server: LoopServer { loop.server }

    /// Adds what the connection is doing to a census.
    func count(into census: inout ConnectionCensus) {
        census.open += 1
        if headSince != 0 { census.readingHead += 1 }
        if phase == .reading, parser.headDone { census.readingBody += 1 }
        if written < output.count { census.waitingToWrite += 1 }
    }

    /// Waiting for a request, with nothing of one read and nothing to write.
    var isIdle: Bool { phase == .reading && !parser.inMessage && pending.isEmpty && output.isEmpty }

    /// A connection over the limits is answered 503 at once.
    func opened() {
        guard let rejection = state.rejection else { return }
        // Answered at once: it reads no head.
        headSince = 0
        serial += 1
        let exchange = LoopExchange(serial: serial, version: "HTTP/1.1")
        self.exchange = exchange
        server.metrics.requestStarted()
        let request = Request(id: RequestID.next(), method: "GET", target: "*", remoteAddress: state.remote)
        exchange.request = request
        var response = server.responder.errorResponse(rejection, for: request)
        response.headers.set("Connection", "close")
        send(server.responder.finalize(response, for: request), closing: true)
    }

    // MARK: Events

    func handle(events: UInt32) {
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 && events & EPOLLIN.rawValue == 0 {
            close(completed: false)
            return
        }
        if events & EPOLLOUT.rawValue != 0 { flush() }
        if phase != .closed, events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0 {
            readable(hangUp: events & EPOLLRDHUP.rawValue != 0)
        }
    }

    /// Reads what the socket has. Edge-triggered epoll says nothing again about bytes or an end
    /// already there: a short read ends the reading only when the client has not also closed its
    /// side (`hangUp`), else reading goes on to that end.
    private func readable(hangUp: Bool) {
        while phase != .closed {
            if phase == .lingering {
                let count = recv(descriptor, loop.scratch.baseAddress, loop.scratch.count, 0)
                if count > 0 {
                    lingerBytes += count
                    if lingerBytes > Self.lingerLimit { close(completed: true) }
                    continue
                }
                if count == 0 || (errno != EAGAIN && errno != EINTR) { close(completed: true) }
                return
            }
            let busy = phase != .reading || !pending.isEmpty
            if busy && pending.count >= Self.pendingLimit {
                pauseReading()
                return
            }
            let count = recv(descriptor, loop.scratch.baseAddress, loop.scratch.count, 0)
            if count < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN { close(completed: false) }
                return
            }
            if count == 0 {
                peerGone()
                return
            }
            lastRead = loop.clock.now
            let bytes = UnsafeRawBufferPointer(rebasing: loop.scratch[0..<count])
            if busy {
                pending.append(contentsOf: bytes)
            } else {
                parse(bytes)
            }
            // A short read took all there was: epoll says when more comes, which saves the read
            // that would only say EAGAIN.
            if count < loop.scratch.count && !hangUp { return }
        }
    }

    /// The client closed its side: with nothing under way the connection closes; a handler at
    /// work is cancelled (nobody reads its answer), as is a stream.
    private func peerGone() {
        peerClosed = true
        switch phase {
        case .reading:
            close(completed: exchange == nil)
        case .handling, .streaming:
            task?.cancel()
            stream?.cancel()
            close(completed: false)
        case .writing:
            // Let the answer go out; the write fails if the client is really gone.
            pauseReading()
        case .lingering, .closed:
            close(completed: true)
        }
    }

    func tick(now: UInt64) {
        let limits = server.configuration.limits
        let idle = UInt64(limits.idleTimeout) * 1_000_000_000
        switch phase {
        case .lingering:
            if now >= lingerUntil { close(completed: true) }
        case .reading:
            if headSince != 0, now - headSince > UInt64(limits.headerTimeout * 1e9) {
                // As nginx: the connection is closed without an answer, and counted.
                server.metrics.headersTimedOut(1)
                exchange?.status = 408
                close(completed: false)
            } else if isIdle, now - idleSince > idle {
                close(completed: true)
            } else if parser.headDone, now - lastRead > idle {
                // A body that stopped coming.
                exchange?.status = 408
                close(completed: false)
            }
        case .writing, .streaming:
            // A client that stopped reading: what waits for the socket never leaves.
            if written < output.count, now - lastWrite > idle { close(completed: false) }
        default:
            break
        }
    }

    // MARK: Requests

    /// Parses bytes read while no request is under way.
    private func parse(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty, phase == .reading {
            if !parser.inMessage, headSince == 0 {
                headSince = loop.clock.now
            }
            let outcome = parser.feed(rest)
            if exchange == nil, parser.inMessage { begin() }
            switch outcome {
            case .needMore:
                return
            case .headComplete(let used):
                rest = UnsafeRawBufferPointer(rebasing: rest[used...])
                headArrived()
            case .complete(let used):
                rest = UnsafeRawBufferPointer(rebasing: rest[used...])
                if !exchange!.headChecked { headArrived() }
                guard phase == .reading else { break }
                dispatch()
            case .failed(let error):
                if exchange == nil { begin() }
                refuse(error)
                return
            }
        }
        if !rest.isEmpty, phase != .closed, phase != .lingering { pending.append(contentsOf: rest) }
    }

    private func begin() {
        serial += 1
        exchange = LoopExchange(serial: serial, version: "HTTP/1.1")
        server.metrics.requestStarted()
    }

    /// The head is complete: our checks on it, then `100 Continue` for a client that waits for it.
    private func headArrived() {
        guard let exchange else { return }
        exchange.headChecked = true
        headSince = 0
        let head = parser.head
        exchange.method = head.method
        exchange.version = head.version
        // Decoded once: a target that is not UTF-8 is logged with its bad bytes replaced, and
        // refused. Nearly every target is ASCII (percent-encoded), which needs no validation.
        let ascii = head.target.withUnsafeBufferPointer { bytes in bytes.allSatisfy { $0 < 0x80 } }
        let valid = ascii ? String(decoding: head.target, as: UTF8.self) : String(validating: head.target, as: UTF8.self)
        let target = valid ?? String(decoding: head.target, as: UTF8.self)
        exchange.target = target
        let peer = state.remote
        let trusted = server.configuration.trustedProxies
        let headers = head.headers
        let remote = trusted.isEmpty ? peer : trusted.client(peer: peer, forwardedFor: headers.values("X-Forwarded-For"))
        let request = Request(
            id: RequestID.accept(headers["X-Request-Id"]) ?? RequestID.next(),
            method: head.method, target: HTTPServer.originForm(target), headers: headers, body: [], remoteAddress: remote,
            received: exchange.started, clientIsAdmin: remote == peer ? state.peerIsAdmin : nil)
        exchange.request = request
        if valid == nil {
            return refuse(.badRequest("The request target is not valid UTF-8.", code: "invalid_encoding"))
        }
        if let error = server.responder.checkLimits(
            targetBytes: head.target.count, headerBytes: head.headerBytes, headerFields: headers.count, declaredBodyBytes: parser.declaredLength)
            ?? HeaderFieldSyntax.problem(in: headers, version: head.version)
        {
            return refuse(error)
        }
        switch RequestFraming(version: head.version, headers: headers) {
        case .invalid(let error):
            return refuse(error)
        case .valid:
            closeAfterAnswer = !parser.keepAlive
        }
        let waits = parser.expectsBody && head.version == "HTTP/1.1"
            && headers.values("Expect").contains { $0.lowercased().contains("100-continue") }
        if waits {
            if let error = server.responder.routingError(for: request) { return refuse(error) }
            writeNow(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
    }

    /// Answers an error and closes: what follows on the connection cannot be trusted or is unwanted.
    private func refuse(_ error: HTTPError) {
        guard let exchange else { return }
        headSince = 0
        // Nothing more is read on this connection: the parser keeps nothing of the refused head.
        parser.reset()
        let request = exchange.request ?? Request(
            id: RequestID.next(), method: exchange.method.isEmpty ? "GET" : exchange.method, target: "/", remoteAddress: state.remote)
        exchange.request = request
        var response = server.responder.errorResponse(error, for: request)
        response.headers.set("Connection", "close")
        pending = []
        send(server.responder.finalize(response, for: request), closing: true)
    }

    private func dispatch() {
        // Taken out of the exchange, not copied; the routed request goes back in.
        guard let exchange, var request = exchange.request.take() else { return }
        request.body = parser.takeBody()
        // The request has all it needs of the head: a connection that waits for its answer (or
        // streams one) holds nothing of it twice.
        parser.reset()
        let step = server.responder.begin(request)
        switch consume step {
        case .respond(let routed, let response):
            let wire = server.responder.finalize(response, for: routed)
            exchange.request = consume routed
            send(wire, closing: closeAfterAnswer)
        case .run(let routed, let handler):
            exchange.request = routed
            phase = .handling
            let responder = server.responder
            let serial = exchange.serial
            let loop = self.loop
            task = Task(executorPreference: loop, priority: HTTPServer.requestPriority) { [self] in
                let response = await responder.run(routed, handler)
                loop.post(.answer(self, serial, responder.finalize(response, for: routed)))
            }
        }
    }

    /// A handler's answer, on the loop's thread.
    func answer(_ response: WireResponse, serial: UInt64) {
        guard phase == .handling, exchange?.serial == serial else { return }
        task = nil
        send(response, closing: closeAfterAnswer)
    }

    // MARK: Writing

    private func send(_ response: WireResponse, closing: Bool) {
        guard let exchange else { return }
        let closes = closing || closeAfterAnswer || server.isDraining
        closeAfterAnswer = closes
        exchange.status = response.status
        let isHead = exchange.method == "HEAD"
        let bodiless = response.status == 204 || response.status == 304 || (100..<200).contains(response.status)
        if case .stream(let stream) = response.content, !isHead, !bodiless {
            streamChunked = exchange.version == "HTTP/1.1"
            // A stream is the connection's last answer: a client reading events to the end of
            // the connection is not left waiting for the idle timeout.
            closeAfterAnswer = true
            let head = ResponseHead.bytes(
                status: response.status, headers: response.headers, length: nil, chunked: streamChunked,
                connection: connectionField(closing: closeAfterAnswer), date: loop.date())
            self.stream = stream
            phase = .streaming
            stream.attach(StreamPort(wake: { [weak self, loop] in
                guard let self else { return }
                loop.post(.streamReady(self))
            }))
            server.streamOpened(stream)
            task = stream.start()
            output.append(contentsOf: head)
            flush()
            return
        }
        let length = response.bodyCount
        let date = loop.date()
        ResponseHead.write(
            into: &loop.head, status: response.status, headers: response.headers, length: bodiless ? nil : length,
            chunked: false, connection: connectionField(closing: closes), date: date)
        exchange.bytes = isHead || bodiless ? 0 : length
        phase = .writing
        let written = loop.head.withUnsafeBytes { head -> Int in
            if isHead || bodiless || length == 0 { return writeOut(head, nil) }
            switch response.content {
            case .bytes(let body): return body.withUnsafeBytes { writeOut(head, $0) }
            case .shared(let shared): return writeOut(head, UnsafeRawBufferPointer(start: shared.pointer, count: shared.count))
            case .stream: return writeOut(head, nil)
            }
        }
        if written < 0 { return close(completed: false) }
        flush()
    }

    /// `close`, `keep-alive` for an HTTP/1.0 client that keeps the connection, or nothing.
    private func connectionField(closing: Bool) -> String? {
        if closing { return "close" }
        return exchange?.version == "HTTP/1.0" ? "keep-alive" : nil
    }

    /// Writes head and body with one `writev` when nothing waits before them; what the socket
    /// does not take is kept in `output`. Returns the bytes written, -1 on a failed socket.
    private func writeOut(_ head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer?) -> Int {
        let bodyCount = body?.count ?? 0
        guard output.count == written else {
            output.append(contentsOf: head)
            if let body { output.append(contentsOf: body) }
            return 0
        }
        output = []
        written = 0
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: body?.baseAddress), iov_len: bodyCount))
        var sent = withUnsafeMutablePointer(to: &vectors) { pair in
            var message = msghdr()
            message.msg_iov = UnsafeMutableRawPointer(pair).assumingMemoryBound(to: iovec.self)
            message.msg_iovlen = bodyCount > 0 ? 2 : 1
            return sendmsg(descriptor, &message, noSignal)
        }
        if sent < 0 {
            guard errno == EAGAIN || errno == EINTR else { return -1 }
            sent = 0
        }
        if sent < head.count {
            output.append(contentsOf: head[sent...])
            if let body { output.append(contentsOf: body) }
        } else if let body, sent - head.count < bodyCount {
            output.append(contentsOf: body[(sent - head.count)...])
        }
        return sent
    }

    /// Bytes written outside an answer (`100 Continue`): at once, kept if the socket is full.
    private func writeNow(_ bytes: [UInt8]) {
        if bytes.withUnsafeBytes({ writeOut($0, nil) }) < 0 { close(completed: false) } else { flush() }
    }

    /// Writes what waits; when all is out, the answer is done (or the stream asked for more).
    private func flush() {
        if written < output.count { lastWrite = loop.clock.now }
        while written < output.count {
            let count = output[written...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, noSignal) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    watchOutput(true)
                    return
                }
                return close(completed: false)
            }
            written += count
            lastWrite = loop.clock.now
        }
        // An idle connection keeps no buffer.
        output = []
        written = 0
        watchOutput(false)
        switch phase {
        case .writing: finished()
        case .streaming: streamReady()
        default: break
        }
    }

    /// The answer is out: logged, then the next request, or the close.
    private func finished() {
        if let exchange { server.finished(exchange, completed: true, state: state) }
        exchange = nil
        // The parser was reset when the request was dispatched or refused.
        idleSince = loop.clock.now
        if let stream { server.streamClosed(stream) }
        stream = nil
        guard !closeAfterAnswer else { return linger() }
        phase = .reading
        if readingPaused { resumeReading() }
        guard !pending.isEmpty else {
            if peerClosed { close(completed: true) }
            return
        }
        let waiting = pending
        pending = []
        waiting.withUnsafeBytes { parse($0) }
    }

    // MARK: Streams

    /// Moves the stream's bytes to the socket while it takes them.
    func streamReady() {
        guard phase == .streaming, let stream, output.count == written else { return }
        let room = loop.scratch.count - 32
        let max = min(Self.streamPiece, room)
        let start = loop.scratch.baseAddress! + 16
        let count = stream.read(into: start, max: max)
        switch count {
        case 0:
            return
        case -1:
            if streamChunked { output.append(contentsOf: Array("0\r\n\r\n".utf8)) }
            phase = .writing
            flush()
        case ..<0:
            close(completed: false)
        default:
            exchange?.bytes += count
            if streamChunked {
                output.append(contentsOf: Array((String(count, radix: 16) + "\r\n").utf8))
                output.append(contentsOf: UnsafeRawBufferPointer(start: start, count: count))
                output.append(contentsOf: [0x0D, 0x0A])
            } else {
                output.append(contentsOf: UnsafeRawBufferPointer(start: start, count: count))
            }
            flush()
        }
    }

    // MARK: Closing

    /// The answer said `Connection: close`: stop writing, read and drop what comes for a moment.
    private func linger() {
        phase = .lingering
        pending = []
        Glibc.shutdown(descriptor, Int32(SHUT_WR))
        lingerUntil = loop.clock.now + Self.lingerNanoseconds
        if readingPaused { resumeReading() }
        if peerClosed { close(completed: true) }
    }

    /// At shutdown: a request still under way gets `503 shutting_down`; everything else closes.
    func shutDown() {
        if phase == .handling, let request = exchange?.request {
            task?.cancel()
            let error = HTTPError.unavailable("The server is shutting down; try again.", code: "shutting_down")
            send(server.responder.finalize(server.responder.errorResponse(error, for: request), for: request), closing: true)
        }
        stream?.cancel()
        close(completed: phase == .lingering)
    }

    func close(completed: Bool) {
        guard phase != .closed else { return }
        phase = .closed
        task?.cancel()
        task = nil
        if let stream {
            stream.cancel()
            server.streamClosed(stream)
        }
        stream = nil
        if let exchange { server.finished(exchange, completed: completed && exchange.status != 0, state: state) }
        exchange = nil
        loop.remove(self)
        Glibc.close(descriptor)
        server.closed(state)
    }

    private func watchOutput(_ on: Bool) {
        guard on != wantsOutput else { return }
        wantsOutput = on
        updateInterest()
    }

    private func pauseReading() {
        guard !readingPaused else { return }
        readingPaused = true
        updateInterest()
    }

    private func resumeReading() {
        readingPaused = false
        updateInterest()
    }

    private func updateInterest() {
        guard phase != .closed else { return }
        var events = EPOLLRDHUP.rawValue | EPOLLET.rawValue
        if !readingPaused { events |= EPOLLIN.rawValue }
        if wantsOutput { events |= EPOLLOUT.rawValue }
        loop.modify(descriptor, events: events)
    }
}

/// One request's record, from its first byte to its answer's last: what the access log and the
/// metrics say of it.
final class LoopExchange {
    let serial: UInt64
    let started = Timestamp.monotonicNanoseconds()
    var method = ""
    var target = ""
    var version: String
    var request: Request?
    var status = 0
    var bytes = 0
    var headChecked = false

    init(serial: UInt64, version: String) {
        self.serial = serial
        self.version = version
    }
}

/// `MSG_NOSIGNAL`: a write to a closed socket fails with EPIPE instead of raising SIGPIPE.
/// (glibc declares it in an enum that not every build configuration imports under that name.)
private let noSignal = Int32(0x4000)
