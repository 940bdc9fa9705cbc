internal import CZlib

/// Gzip (RFC 1952) compression and bounded decompression with zlib.
///
/// ```swift
/// let packed = Gzip.compress(body)
/// let body = try Gzip.decompress(packed, limit: 8 << 20)
/// ```
public enum Gzip {
    /// Compresses bytes into one gzip member; `level` is clamped to 0...9.
    ///
    /// zlib fails here only when it cannot allocate its state, which Swift treats as fatal
    /// like any other allocation failure.
    public static func compress(_ bytes: [UInt8], level: Int = 6) -> [UInt8] {
        do {
            return try deflate(bytes, level: Int32(min(max(level, 0), 9)))
        } catch {
            fatalError("zlib deflate failed: \(error)")
        }
    }

    private static func deflate(_ bytes: [UInt8], level: Int32) throws(GzipError) -> [UInt8] {
        let stream = try ZStream(.deflate(level: level))
        // deflateBound covers the gzip header and trailer, so one Z_FINISH call is enough.
        let bound = Int(deflateBound(stream.pointer, uLong(bytes.count)))
        var code = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, initialized in
            bytes.withUnsafeBufferPointer { input in
                stream.pointer.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.pointer.pointee.avail_in = uInt(input.count)
                stream.pointer.pointee.next_out = out.baseAddress
                stream.pointer.pointee.avail_out = uInt(out.count)
                code = CZlib.deflate(stream.pointer, Z_FINISH)
                initialized = out.count - Int(stream.pointer.pointee.avail_out)
            }
        }
        try GzipError.check(code, stream.pointer)
        guard code == Z_STREAM_END else { throw .zlib }
        return output
    }

    /// Decompresses a gzip (or zlib) stream, concatenated gzip members included, into at most `limit` bytes.
    public static func decompress(_ bytes: [UInt8], limit: Int) throws(GzipError) -> [UInt8] {
        let stream = try ZStream(.inflate)
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(256, bytes.count * 4)))
        let chunkSize = 64 * 1024
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        try bytes.withUnsafeBufferPointer { input throws(GzipError) in
            stream.pointer.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointer.pointee.avail_in = uInt(input.count)
            while true {
                stream.pointer.pointee.next_out = chunk.baseAddress
                stream.pointer.pointee.avail_out = uInt(chunkSize)
                let code = inflate(stream.pointer, Z_NO_FLUSH)
                let produced = chunkSize - Int(stream.pointer.pointee.avail_out)
                guard output.count + produced <= limit else { throw .limitExceeded(limit) }
                output.append(contentsOf: chunk[..<produced])
                try GzipError.check(code, stream.pointer)
                if code == Z_STREAM_END {
                    if stream.pointer.pointee.avail_in == 0 { return }
                    // gzip allows concatenated members (RFC 1952 §2.2), and gunzip reads them.
                    try GzipError.check(inflateReset(stream.pointer), stream.pointer)
                }
            }
        }
        return output
    }
}
