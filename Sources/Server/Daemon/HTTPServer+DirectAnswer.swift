internal import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif
import Kernel

/// Answers written to the socket without libmicrohttpd's help.
extension HTTPServer {
    /// Writes a complete response to the connection's socket and has libmicrohttpd close it.
    ///
    /// libmicrohttpd builds a response's header in the connection's memory pool, where the request
    /// head still lies; a head that nearly fills the pool (hundreds of small fields, say) leaves no
    /// room, and the client would get an empty reply. A refused head is answered here instead: the
    /// response is small, the socket has sent nothing yet on this request, and the connection
    /// closes after it, so one non-blocking write delivers it.
    func answerDirectly(_ response: WireResponse, _ connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        context.phase = .answered
        context.status = response.status
        let body = context.method == "HEAD" ? [] : response.body
        var head = "HTTP/1.1 \(response.status) \(HTTPStatus.reason(response.status))\r\nDate: \(Self.imfDate())\r\n"
        for field in response.headers where !field.name.equalsIgnoringASCIICase("Connection") {
            // A field that could break the framing is left out, as libmicrohttpd leaves it out.
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { continue }
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(response.bodyCount)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        let descriptor = cmhd_connection_fd(connection)
        var sent = 0
        while sent < bytes.count, descriptor >= 0 {
            let count = bytes[sent...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count <= 0 { break }
            sent += count
        }
        context.bytesSent = max(0, sent - (bytes.count - body.count))
        DeliberateClose.mark()
        // libmicrohttpd closes the connection when the handler refuses to go on.
        return MHD_NO
    }

    /// The current time as an HTTP date (`Wed, 02 Dec 2026 07:10:00 GMT`).
    static func imfDate() -> String {
        HTTPDate.text(WallClock.seconds())
    }
}
