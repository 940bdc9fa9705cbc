#if canImport(Glibc)
import Glibc
#endif

/// The few file operations route loading, zones, configuration and sample tests need, without Foundation.
public enum Files {
    /// Why a file operation failed, with the path and the system's reason.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The whole file; files over `limit` bytes are refused, and so, with `regularOnly`, is
    /// anything but a regular file (a FIFO, a device, a directory).
    public static func read(_ path: String, limit: Int = 64 * 1024 * 1024, regularOnly: Bool = false) throws(Failure) -> [UInt8] {
        // O_NONBLOCK so that a FIFO cannot hang the open; fstat then refuses it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard descriptor >= 0 else { throw Failure(path: path, reason: reason()) }
        defer { close(descriptor) }
        if regularOnly {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw Failure(path: path, reason: reason()) }
            guard (status.st_mode & S_IFMT) == S_IFREG else { throw Failure(path: path, reason: "not a regular file") }
            guard status.st_size <= limit else { throw Failure(path: path, reason: "larger than \(limit) bytes") }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: reason())
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else { throw Failure(path: path, reason: "larger than \(limit) bytes") }
        }
    }

    /// Writes the file whole, replacing it through a temporary file so that readers never see half of it.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: temporary, reason: reason()) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let failure = Failure(path: temporary, reason: reason())
                close(descriptor)
                unlink(temporary)
                throw failure
            }
            offset += written
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw Failure(path: path, reason: reason()) }
    }

    /// Creates `directory` and its parents unless they exist.
    public static func makeDirectory(_ directory: String) throws(Failure) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") where component != "." {
            path += "/" + component
            if mkdir(path, 0o755) != 0, errno != EEXIST { throw Failure(path: path, reason: reason()) }
        }
    }

    /// The names in a directory, sorted, without `.` and `..`.
    public static func list(_ path: String) throws(Failure) -> [String] {
        guard let directory = opendir(path) else { throw Failure(path: path, reason: reason()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether the path exists and is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether the path exists.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
