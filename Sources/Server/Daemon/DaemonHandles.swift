internal import CMicroHTTPD

/// The C struct through which libmicrohttpd's error messages reach the log; written once before start.
struct LoggerSlot: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<cmhd_logger>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: cmhd_logger(callback: nil, cls: nil))
    }
}

/// The daemon pointer, owned by the server and freed by `MHD_stop_daemon` (which also closes the
/// listen socket, unless `MHD_quiesce_daemon` handed it back first).
struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A connection pointer carried to the task that resumes it.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Collects request header fields from libmicrohttpd's iterator, with their total size.
struct HeaderCollector {
    var headers = HTTPHeaders(capacity: 12)
    var bytes = 0

    mutating func add(_ key: UnsafePointer<CChar>?, _ keySize: Int, _ value: UnsafePointer<CChar>?, _ valueSize: Int) {
        bytes += keySize + valueSize + 4
        headers.add(text(key, keySize), text(value, valueSize))
    }

    private func text(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> String {
        guard let pointer, count > 0 else { return "" }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }
}
