internal import CMicroHTTPD

/// Streamed bodies on libmicrohttpd: a content reader callback of unknown size (chunked transfer
/// coding on HTTP/1.1), whose connection is suspended while the producer has nothing buffered.
extension HTTPServer {
    func queueStream(
        _ stream: ResponseStream, _ response: WireResponse, _ connection: OpaquePointer, _ context: RequestContext
    ) -> MHD_Result {
        let handle = ConnectionHandle(pointer: connection)
        stream.attach(StreamPort(
            suspend: { [weak self] in self?.park(context, handle) },
            resume: { [weak self] in self?.resume(context, handle) }))
        // The libmicrohttpd response holds the stream until it frees it through the free callback.
        let owner = Unmanaged.passRetained(stream).toOpaque()
        guard let mhdResponse = MHD_create_response_from_callback(
            UInt64.max, Self.streamBlockSize, streamReaderCallback, owner, streamFreeCallback)
        else {
            Unmanaged<ResponseStream>.fromOpaque(owner).release()
            return MHD_NO
        }
        defer { MHD_destroy_response(mhdResponse) }
        for field in response.headers {
            _ = ResponseReuse.addHeader(field, to: mhdResponse)
        }
        context.stream = stream
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
        let queued = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        guard queued == MHD_YES else {
            streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
            context.stream = nil
            return queued
        }
        let task = stream.start()
        // The disconnect watch cancels this task when the client leaves a parked stream.
        context.task.withLock { $0 = task }
        return queued
    }

    /// The priority of a request's handler and of a stream's producer.
    ///
    /// Higher than the default, so that a request does not queue behind the process's other work
    /// for a thread of the cooperative pool: with every thread busy at the default priority
    /// (background refreshes, or a test run's CPU-bound tests), an answer or a stream's next event
    /// waited for all of it, once over 30 s; at this priority it runs beside it
    /// (`StreamBusyPoolTests`).
    static let requestPriority = TaskPriority.high

    /// The size of the reads libmicrohttpd asks a stream for.
    static let streamBlockSize = 16 * 1024

    /// Called by the stream's reader, under the stream's lock, when it has nothing to send.
    private func park(_ context: RequestContext, _ handle: ConnectionHandle) {
        suspended.withLock { $0[ObjectIdentifier(context)] = (context, handle) }
        MHD_suspend_connection(handle.pointer)
        startWatchingDisconnects()
    }

    /// The request is complete (sent, or the client is gone): the producer stops if it still runs.
    func streamCompleted(_ stream: ResponseStream) -> Int {
        stream.cancel()
        streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
        return stream.sentByteCount
    }

    /// Ends every open stream; their connections are resumed and cut.
    func cancelOpenStreams() {
        let open = streams.withLock { Array($0.values) }
        for stream in open { stream.cancel() }
    }
}

let streamReaderCallback: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    return Unmanaged<ResponseStream>.fromOpaque(cls)._withUnsafeGuaranteedRef { $0.read(into: UnsafeMutableRawPointer(buffer), max: max) }
}

let streamFreeCallback: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<ResponseStream>.fromOpaque(cls).release()
}
