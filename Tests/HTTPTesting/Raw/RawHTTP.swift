#if canImport(Glibc)
internal import Glibc
#endif

/// Plain-socket HTTP for what curl refuses to send: malformed request lines, bad framing, idle clients.
///
/// ```swift
/// let response = try RawHTTP.exchange(port: port, request: Array("GET /a b c\r\n\r\n".utf8))
/// #expect(response.status == 400)
///
/// let fd = try RawHTTP.openIdle(port: port)
/// defer { RawHTTP.close(fd) }
/// #expect(RawHTTP.isClosedByPeer(fd, within: 12))
/// ```
public enum RawHTTP {
    /// Connects, writes `request` verbatim, and reads one response.
    ///
    /// Reading stops when the response is complete by its framing (Content-Length or chunked; for
    /// `expectBody == false`, 1xx, 204 and 304 at the end of the headers) or when the server closes.
    /// If the server closes or resets before taking the whole request, its response is still read.
    /// - Parameter expectBody: Pass false for HEAD requests, whose responses announce a body they do not send.
    /// - Throws: `.emptyReply` if the server closed without a byte, `.timedOut`, `.connectionRefused`,
    ///   `.malformedResponse`, or `.connectionReset` for a body cut short.
    public static func exchange(
        host: String = "127.0.0.1",
        port: Int,
        from source: String? = nil,
        request: [UInt8],
        expectBody: Bool = true,
        timeout: Double = 5
    ) throws(HTTPTestError) -> RawResponse {
        let deadline = ContinuousClock.now + .seconds(timeout)
        let peer = "\(host):\(port)"
        let socket = try Socket.connect(to: host, port: port, from: source, deadline: deadline)
        _ = try socket.sendAll(request, until: deadline)
        var received: [UInt8] = []
        while true {
            if let response = try RawResponse.parse(received, expectBody: expectBody, atEOF: false, url: peer) {
                return response
            }
            switch try socket.receive(until: deadline) {
            case .bytes(let chunk):
                received += chunk
            case .closed:
                guard !received.isEmpty else {
                    throw HTTPTestError(kind: .emptyReply, code: 0, message: "server closed without a response", url: peer)
                }
                // parse(atEOF: true) returns a response or throws; nil cannot happen at EOF.
                guard let response = try RawResponse.parse(received, expectBody: expectBody, atEOF: true, url: peer) else {
                    throw HTTPTestError(kind: .malformedResponse, code: 0, message: "incomplete response", url: peer)
                }
                return response
            case .timedOut:
                let preview = String(decoding: received.prefix(200), as: UTF8.self).debugDescription
                throw HTTPTestError(kind: .timedOut, code: 0, message: "no complete response after \(timeout) s; got \(received.count) bytes: \(preview)", url: peer)
            }
        }
    }

    /// Opens a connection that sends nothing, for idle and header timeout tests; close it with `close(_:)`.
    public static func openIdle(
        host: String = "127.0.0.1", port: Int, from source: String? = nil, timeout: Double = 5
    ) throws(HTTPTestError) -> Int32 {
        try Socket.connect(to: host, port: port, from: source, deadline: .now + .seconds(timeout)).release()
    }

    /// Waits until at least `count` of `descriptors` are closed by the server (discarding what it
    /// sends first), or `seconds` pass; returns the ones closed by then.
    public static func waitUntilClosed(_ descriptors: [Int32], count: Int, within seconds: Double) -> Set<Int32> {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var closed = Set<Int32>()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while closed.count < count, ContinuousClock.now < deadline {
            var polled = descriptors.filter { !closed.contains($0) }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 100) > 0 else { continue }
            for entry in polled where entry.revents != 0 {
                let read = buffer.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if read == 0 || (read < 0 && errno != EAGAIN && errno != EINTR) { closed.insert(entry.fd) }
            }
        }
        return closed
    }

    /// The next bytes the server sends on `fd`, or nil if it closes or sends nothing within `seconds`.
    public static func readSome(_ fd: Int32, within seconds: Double) -> [UInt8]? {
        let socket = Socket.borrowing(fd)
        guard case .bytes(let chunk) = try? socket.receive(until: .now + .seconds(seconds)) else { return nil }
        return chunk
    }

    /// Everything the server sends on `fd` until it closes the connection, or nil if it is still
    /// open after `seconds`: for checking that nothing follows a response.
    public static func readUntilClosed(_ fd: Int32, within seconds: Double) -> [UInt8]? {
        let socket = Socket.borrowing(fd)
        let deadline = ContinuousClock.now + .seconds(seconds)
        var received: [UInt8] = []
        while true {
            do {
                switch try socket.receive(until: deadline) {
                case .bytes(let chunk): received += chunk
                case .closed: return received
                case .timedOut: return nil
                }
            } catch {
                return received
            }
        }
    }

    /// Sends bytes on a socket from `openIdle`, e.g. half a request line to test a slow client.
    /// - Returns: False if the server had already closed or reset the connection.
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: [UInt8], timeout: Double = 5) throws(HTTPTestError) -> Bool {
        try Socket.borrowing(fd).sendAll(bytes, until: .now + .seconds(timeout))
    }

    /// Waits up to `seconds` for the server to close `fd`, discarding anything it sends first (say, a 408).
    public static func isClosedByPeer(_ fd: Int32, within seconds: Double) -> Bool {
        let socket = Socket.borrowing(fd)
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            do {
                switch try socket.receive(until: deadline) {
                case .bytes: continue
                case .closed: return true
                case .timedOut: return false
                }
            } catch {
                // Any other receive error (EBADF aside) also means the connection is gone.
                return true
            }
        }
    }

    /// Closes a descriptor returned by `openIdle`.
    public static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
