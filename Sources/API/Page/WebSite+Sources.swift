import EmbeddedFiles
import Kernel

extension WebSite {
    /// The largest file a page directory may hold.
    static let maxFileBytes = 1 << 20

    /// The files of `Web/` built into the binary (scripts/embed-web.py), read once.
    public static let embedded = builtIn()

    private static func builtIn() -> WebSite {
        var files: [(name: String, bytes: [UInt8], sha256: String)] = []
        for index in 0..<embedded_web_file_count() {
            var name: UnsafePointer<CChar>?
            let file = embedded_web_file(index, &name)
            let bytes = Array(UnsafeBufferPointer(start: file.bytes, count: file.count))
            files.append((String(cString: name!), bytes, String(cString: file.sha256)))
        }
        do {
            return try WebSite(files: files)
        } catch {
            // embed-web.py refuses what init refuses, so the build cannot embed such a set.
            preconditionFailure("the embedded web files: \(error)")
        }
    }

    /// The files of a directory, read now (`--web-dir`: working on the page without rebuilding);
    /// dot files are left out, anything else that cannot be served is an error.
    public static func directory(_ path: String) throws(WebSiteError) -> WebSite {
        var files: [(name: String, bytes: [UInt8], sha256: String)] = []
        do {
            for name in try Files.list(path) where !name.hasPrefix(".") {
                let bytes = try Files.read(path + "/" + name, limit: maxFileBytes, regularOnly: true)
                files.append((name, bytes, SHA256.hex(bytes)))
            }
        } catch {
            throw .unreadable(error)
        }
        return try WebSite(files: files)
    }
}
