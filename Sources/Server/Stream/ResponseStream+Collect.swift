extension ResponseStream {
    /// Runs the producer without a connection and returns everything it wrote, for answering in
    /// memory (`Responder.respond(to:)` in tests); what a connection would cut is cut here too.
    public func collect() async -> [UInt8] {
        let (resumes, resume) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        attach(StreamPort(wake: { resume.yield() }))
        let task = start()
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var woken = resumes.makeAsyncIterator()
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { read(into: $0.baseAddress!, max: $0.count) }
            switch count {
            case 0:
                // Parked: every park is answered by exactly one wake, which the stream keeps if it came first.
                _ = await woken.next()
            case 1...:
                bytes += chunk[..<count]
            default:
                break reading
            }
        }
        await task?.value
        return bytes
    }
}

extension WireResponse {
    /// The body as sent, running a stream's producer to its end; for answers made in memory.
    public func collectBody() async -> [UInt8] {
        if case .stream(let stream) = content { return await stream.collect() }
        return body
    }
}
