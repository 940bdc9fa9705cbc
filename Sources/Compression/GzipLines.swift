internal import CZlib

/// Gzip-compressed text read line by line, inflating 64 KiB at a time, so the whole text never
/// sits in memory.
///
/// ```swift
/// var lines = try GzipLines(gzip: bytes, maximumLineLength: 4096)
/// while let line = try lines.next() { take(line) }
/// ```
///
/// Lines end at a line feed, which is not part of the line; a last line without one is still a
/// line. Concatenated gzip members are read as one text, as `Gzip.decompress` does. The input must
/// outlive the reader.
public struct GzipLines: ~Copyable {
    private let stream: ZStream
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private let maximumLineLength: Int
    /// Where the next line starts in `buffer`, and where the inflated bytes end.
    private var start = 0
    private var filled = 0
    private var finished = false

    private static let chunkSize = 64 * 1024

    /// Starts reading `input`; `maximumLineLength` bounds a line, which bounds the reader's memory.
    public init(gzip input: UnsafeBufferPointer<UInt8>, maximumLineLength: Int) throws(GzipError) {
        stream = try ZStream(.inflate)
        stream.pointer.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.pointer.pointee.avail_in = uInt(input.count)
        self.maximumLineLength = max(maximumLineLength, 1)
        buffer = .allocate(capacity: Self.chunkSize + self.maximumLineLength)
    }

    deinit {
        buffer.deallocate()
    }

    /// The next line without its line feed, or nil after the last one.
    ///
    /// The bytes are the reader's and stay valid only until the next call. Throws `truncated` or
    /// `corrupt` for damaged input (never fewer lines instead), `limitExceeded` for a line longer
    /// than the maximum.
    public mutating func next() throws(GzipError) -> UnsafeBufferPointer<UInt8>? {
        var scanned = start
        while true {
            let end = lineFeed(from: scanned)
            guard (end ?? filled) - start <= maximumLineLength else {
                throw .lineTooLong(maximumLineLength)
            }
            if let end {
                let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
                start = end + 1
                return line
            }
            if finished {
                guard start < filled else { return nil }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<filled])
                start = filled
                return line
            }
            scanned = filled - start
            try refill()
        }
    }

    private func lineFeed(from index: Int) -> Int? {
        var index = index
        while index < filled {
            if buffer[index] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// Moves the unfinished line to the front of the buffer and inflates after it.
    private mutating func refill() throws(GzipError) {
        let pending = filled - start
        if start > 0, pending > 0 {
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: buffer.baseAddress! + start, byteCount: pending)
        }
        start = 0
        filled = pending
        let pointer = stream.pointer
        pointer.pointee.next_out = buffer.baseAddress! + filled
        pointer.pointee.avail_out = uInt(buffer.count - filled)
        let code = inflate(pointer, Z_NO_FLUSH)
        filled = buffer.count - Int(pointer.pointee.avail_out)
        try GzipError.check(code, pointer)
        guard code == Z_STREAM_END else { return }
        if pointer.pointee.avail_in == 0 {
            finished = true
        } else {
            // gzip allows concatenated members (RFC 1952 §2.2); garbage after a member fails as corrupt.
            try GzipError.check(inflateReset(pointer), pointer)
        }
    }
}
