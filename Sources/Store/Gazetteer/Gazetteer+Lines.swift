import Compression

extension Gazetteer {
    /// Reads the gzip-compressed gazetteer text line by line through `GzipLines`, so the whole
    /// text (about 10 MB for the embedded data) never sits in memory.
    struct Lines: ~Copyable {
        private var lines: GzipLines

        /// The longest line accepted; the data's longest is under 200 bytes.
        static let maximumLineLength = 4096

        init(gzip input: UnsafeBufferPointer<UInt8>) throws(GazetteerError) {
            do {
                lines = try GzipLines(gzip: input, maximumLineLength: Self.maximumLineLength)
            } catch {
                throw GazetteerError.corruptData.with("\(error)")
            }
        }

        /// Calls `body` with each line, without its line feed, in order; throws `corruptData`
        /// when the stream is truncated or damaged or a line is too long.
        consuming func forEach(_ body: (UnsafeBufferPointer<UInt8>) throws(GazetteerError) -> Void) throws(GazetteerError) {
            while true {
                let line: UnsafeBufferPointer<UInt8>?
                do {
                    line = try lines.next()
                } catch {
                    throw GazetteerError.corruptData.with("\(error)")
                }
                guard let line else { return }
                try body(line)
            }
        }
    }
}
