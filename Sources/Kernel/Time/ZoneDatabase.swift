#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Finds, reads and caches zones from the system tz database.
enum ZoneDatabase {
    static let directory = "/usr/share/zoneinfo"
    // Real TZif files are a few KiB; anything much larger is not one.
    private static let maximumFileSize = 1 << 20
    private static let cache = Mutex<[String: ZoneRules]>([:])

    /// Returns the cached zone or loads it from the database.
    static func rules(named name: String) throws(ZoneError) -> ZoneRules {
        guard isValid(name: name) else {
            throw ZoneError("time zone name \(messageQuoted(name)) is invalid (expected an IANA name such as Europe/Zurich)")
        }
        if name == "UTC" { return .utc }
        if let cached = cache.withLock({ $0[name] }) { return cached }
        guard let bytes = readFile(directory + "/" + name) else {
            throw ZoneError("unknown time zone \(messageQuoted(name))")
        }
        let rules = try ZoneRules(name: name, tzif: bytes)
        cache.withLock { $0[name] = rules }
        return rules
    }

    /// Only plain relative names, so a route cannot make the server open arbitrary files.
    static func isValid(name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 128, !name.hasPrefix("/"), !name.contains(".."),
              !name.hasSuffix("/"), !name.contains("//") else { return false }
        return name.utf8.allSatisfy { byte in
            byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
        }
    }

    /// The bytes of a regular file, or `nil` when it is missing, not regular or too large.
    private static func readFile(_ path: String) -> [UInt8]? {
        // O_NONBLOCK so that a FIFO in the directory cannot hang the open; fstat then rejects it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              status.st_size <= maximumFileSize else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= maximumFileSize {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return nil
    }
}
