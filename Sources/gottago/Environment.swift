#if canImport(Glibc)
import Glibc
#endif
import Kernel

/// The process's edges, read with the C library: no Foundation (and its ICU data) in the server.
enum Environment {
    /// The `GOTTAGO_*` variables that name options, by name.
    static func options() -> [String: String] {
        var found: [String: String] = [:]
        for name in Option.all.map(\.environmentName) {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }

    /// Where built data is kept by default: `$XDG_CACHE_HOME/gottago`, `~/.cache/gottago`, or a
    /// folder under /tmp for a user without a home.
    static func cacheDirectory() -> String {
        if let value = getenv("XDG_CACHE_HOME"), value.pointee != 0 { return String(cString: value) + "/gottago" }
        if let value = getenv("HOME"), value.pointee != 0 { return String(cString: value) + "/.cache/gottago" }
        return "/tmp/gottago-\(getuid())"
    }

    /// A config file's text, or nil when it cannot be read or is not UTF-8 (1 MiB at most).
    static func readTextFile(_ path: String) -> String? {
        guard let bytes = try? Files.read(path, limit: 1 << 20) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Writes text to a file descriptor at once, unbuffered.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
