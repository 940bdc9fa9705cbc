#if canImport(Glibc)
import Glibc
#endif
import Kernel

extension Gazetteer {
    /// The few file-system operations the gazetteer needs, with errors that name the path.
    enum Files {
        /// Creates `directory` and its parents unless they exist.
        static func makeDirectory(_ directory: String) throws(GazetteerError) {
            do {
                try Kernel.Files.makeDirectory(directory)
            } catch {
                throw GazetteerError.file.with("mkdir \(error.path): \(error.reason)")
            }
        }

        /// The size of the file at `path`, nil when there is none.
        static func size(_ path: String) -> Int? {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            return Int(status.st_size)
        }

        /// A name in the same directory as `path` that no other process or thread uses.
        static func temporaryPath(for path: String) -> String {
            "\(path).tmp-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        }

        /// Replaces `path` by `temporary` in one step: readers see the old file or the new one.
        static func rename(_ temporary: String, to path: String) throws(GazetteerError) {
            guard Glibc.rename(temporary, path) == 0 else {
                throw GazetteerError.file.with("rename \(temporary) → \(path): \(String(cString: strerror(errno)))")
            }
        }

        private static func isAbandoned(_ path: String) -> Bool {
            var status = stat()
            guard stat(path, &status) == 0 else { return false }
            return time(nil) - status.st_mtim.tv_sec >= abandonedAfterSeconds
        }

        static func remove(_ path: String) {
            unlink(path)
        }

        /// A temporary file untouched this long is a crashed build's, not one in progress.
        static let abandonedAfterSeconds = 3600

        /// Deletes `gazetteer-*.sqlite` files in `directory` other than `name` (other data
        /// versions), and temporary files of builds that stopped an hour ago or more.
        static func removeOtherVersions(in directory: String, keeping name: String) {
            guard let stream = opendir(directory) else { return }
            var stale: [String] = []
            while let entry = readdir(stream) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard entryName != name, entryName.hasPrefix("gazetteer-") else { continue }
                if entryName.hasSuffix(".sqlite") || (entryName.contains(".sqlite.tmp-") && isAbandoned(directory + "/" + entryName)) {
                    stale.append(entryName)
                }
            }
            closedir(stream)
            for entryName in stale { unlink(directory + "/" + entryName) }
        }
    }
}
