internal import CZlib

/// The single owner of one `z_stream`, set up for gzip deflate or auto-detecting inflate and
/// ended exactly once in `deinit`.
///
/// The stream lives at a fixed heap address because zlib keeps a pointer back to it and
/// rejects a moved stream with `Z_STREAM_ERROR`. Callers reach it through `pointer` on each use
/// rather than keeping a copy of the pointer, so the owner visibly outlives every zlib call.
struct ZStream: ~Copyable {
    enum Mode {
        /// gzip output (windowBits 15 + 16) at a compression level 0...9.
        case deflate(level: Int32)
        /// gzip or zlib input, detected from the header (windowBits 15 + 32).
        case inflate
    }

    let pointer: UnsafeMutablePointer<z_stream>
    private let isDeflate: Bool

    /// Allocates and initializes a stream; nothing is left to free when this throws.
    init(_ mode: Mode) throws(GzipError) {
        let pointer = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        pointer.initialize(to: z_stream())
        let code = switch mode {
        case .deflate(let level): czlib_deflate_init_gzip(pointer, level)
        case .inflate: czlib_inflate_init_auto(pointer)
        }
        do {
            try GzipError.check(code, pointer)
        } catch {
            // A failed init leaves no zlib state, so only our allocation is freed.
            pointer.deinitialize(count: 1)
            pointer.deallocate()
            throw error
        }
        self.pointer = pointer
        if case .deflate = mode { isDeflate = true } else { isDeflate = false }
    }

    deinit {
        if isDeflate {
            deflateEnd(pointer)
        } else {
            inflateEnd(pointer)
        }
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
