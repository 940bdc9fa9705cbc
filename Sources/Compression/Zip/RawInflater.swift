internal import CZlib

/// The single owner of one `z_stream` set up for raw deflate (windowBits −15), as zip entries
/// hold it, ended exactly once in `deinit`.
///
/// Like `ZStream`, the stream sits at a fixed heap address because zlib keeps a pointer back to it.
struct RawInflater: ~Copyable {
    let pointer: UnsafeMutablePointer<z_stream>

    /// Allocates and initializes a stream; nothing is left to free when this throws.
    init(entry: String) throws(ZipError) {
        let pointer = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        pointer.initialize(to: z_stream())
        let code = czlib_inflate_init_raw(pointer)
        guard code == Z_OK else {
            // A failed init leaves no zlib state, so only our allocation is freed.
            pointer.deinitialize(count: 1)
            pointer.deallocate()
            throw ZipError(.malformed, "\(entry): zlib could not start inflating (\(code))")
        }
        self.pointer = pointer
    }

    deinit {
        inflateEnd(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Inflates into `output` from where the input stands; answers the bytes produced and
    /// whether the deflate stream ended.
    ///
    /// `Z_BUF_ERROR` with fresh output space means the input ran out before the stream ended:
    /// the entry is truncated. (https://zlib.net/manual.html#Basic)
    func inflate(into output: UnsafeMutableBufferPointer<UInt8>, entry: String) throws(ZipError) -> (produced: Int, ended: Bool) {
        pointer.pointee.next_out = output.baseAddress
        pointer.pointee.avail_out = uInt(output.count)
        let code = CZlib.inflate(pointer, Z_NO_FLUSH)
        let produced = output.count - Int(pointer.pointee.avail_out)
        switch code {
        case Z_OK: return (produced, false)
        case Z_STREAM_END: return (produced, true)
        case Z_BUF_ERROR: throw ZipError(.malformed, "\(entry): the deflate data ends early (truncated)")
        default:
            let detail = pointer.pointee.msg.map { String(cString: $0) } ?? String(cString: zError(code))
            throw ZipError(.malformed, "\(entry): corrupt deflate data (\(detail))")
        }
    }
}
