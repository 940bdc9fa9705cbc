import Synchronization

/// The sandbox's own origin, known once it listens, for links in answers to a request that
/// names no host (HTTP/1.0).
final class OwnOrigin: Sendable {
    private let origin = Mutex("http://127.0.0.1")

    var value: String { origin.withLock { $0 } }

    func set(_ value: String) {
        origin.withLock { $0 = value }
    }

    /// `http://` and the request's `Host` when it is a plain host and port, else the fallback.
    static func origin(host: String?, fallback: String) -> String {
        guard let host, !host.isEmpty, host.utf8.count <= 255,
            host.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
                default: ".-:[]".utf8.contains(byte)
                }
            })
        else { return fallback }
        return "http://" + host
    }
}
