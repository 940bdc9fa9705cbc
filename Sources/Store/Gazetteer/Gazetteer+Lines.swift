internal import CZlib

extension Gazetteer {
    /// Reads gzip-compressed text line by line, inflating 64 KiB at a time, so the whole text
    /// (about 10 MB for the embedded data) never sits in memory.
    ///
    /// The single owner of its `z_stream`, which lives at a fixed heap address because zlib keeps
    /// a pointer back to it. (https://zlib.net/manual.html#Advanced)
    struct Lines: ~Copyable {
        private let stream: UnsafeMutablePointer<z_stream>
        private let input: UnsafeBufferPointer<UInt8>

        /// The longest line accepted; the data's longest is under 200 bytes.
        static let maximumLineLength = 4096
        private static let chunkSize = 64 * 1024

        init(gzip input: UnsafeBufferPointer<UInt8>) throws(GazetteerError) {
            stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            self.input = input
            let code = czlib_inflate_init_auto(stream)
            guard code == Z_OK else {
                stream.deinitialize(count: 1)
                stream.deallocate()
                throw GazetteerError.corruptData.with("inflateInit2 failed (\(code))")
            }
        }

        deinit {
            inflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        /// Calls `body` with each line, without its line feed, in order; throws `corruptData`
        /// when the stream is truncated or damaged or a line is too long.
        func forEach(_ body: (UnsafeBufferPointer<UInt8>) throws(GazetteerError) -> Void) throws(GazetteerError) {
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunkSize + Self.maximumLineLength)
            defer { buffer.deallocate() }
            var pending = 0  // bytes of an unfinished line at the start of `buffer`
            var finished = false
            while !finished {
                stream.pointee.next_out = buffer.baseAddress! + pending
                stream.pointee.avail_out = uInt(buffer.count - pending)
                let code = inflate(stream, Z_NO_FLUSH)
                switch code {
                case Z_STREAM_END: finished = true
                case Z_OK: break
                case Z_BUF_ERROR where stream.pointee.avail_in == 0:
                    throw GazetteerError.corruptData.with("the gzip stream is truncated")
                default:
                    throw GazetteerError.corruptData.with("inflate failed (\(code))")
                }
                let filled = buffer.count - Int(stream.pointee.avail_out)
                var start = 0
                for index in pending..<filled where buffer[index] == 0x0A {
                    try body(UnsafeBufferPointer(rebasing: buffer[start..<index]))
                    start = index + 1
                }
                pending = filled - start
                guard pending <= Self.maximumLineLength else {
                    throw GazetteerError.corruptData.with("a line longer than \(Self.maximumLineLength) bytes")
                }
                if start > 0, pending > 0 {
                    UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: buffer.baseAddress! + start, byteCount: pending)
                }
            }
            if pending > 0 {
                try body(UnsafeBufferPointer(rebasing: buffer[0..<pending]))
            }
        }
    }
}
