/// Finds the next byte that needs escaping, eight bytes per step.
///
/// Most response text needs no escaping at all, and a byte-at-a-time test cost about 14
/// instructions per byte; testing a whole `UInt64` at once with the classic "has zero byte" bit
/// trick (<https://graphics.stanford.edu/~seander/bithacks.html#ZeroInWord>) cuts that to a few.
/// Each mask sets bit 7 of every flagged byte; bits above the first real match may be false
/// positives (borrows), which is harmless because only the lowest flagged byte is used.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Flags the bytes of `word` below `limit`, which must be at most 0x80.
    @inline(__always)
    static func bytes(of word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }

    /// Flags the bytes of `word` equal to `byte`.
    @inline(__always)
    static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }

    /// The index of the first byte at or after `start` that `isSpecial` accepts, or `buffer.count`.
    ///
    /// `specialMask` must flag exactly the bytes `isSpecial` accepts, in the sense above.
    @inline(__always)
    static func firstIndex(
        in buffer: UnsafeBufferPointer<UInt8>,
        from start: Int,
        specialMask: (UInt64) -> UInt64,
        isSpecial: (UInt8) -> Bool
    ) -> Int {
        guard let base = buffer.baseAddress else {
            return buffer.count
        }
        var index = start
        while buffer.count - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let mask = specialMask(word)
            if mask != 0 {
                return index + mask.trailingZeroBitCount / 8
            }
            index += 8
        }
        while index < buffer.count, !isSpecial(base[index]) {
            index += 1
        }
        return index
    }
}

extension OutputBuffer {
    /// Appends `utf8` escaped: the runs without a special byte copied as they are, each special
    /// byte handed to `escape` with the index just after it, which `escape` may advance past the
    /// bytes it consumes with it (a multi-byte sequence it replaces or drops).
    ///
    /// `specialMask` and `isSpecial` flag the special bytes as ``ByteScan/firstIndex(in:from:specialMask:isSpecial:)`` wants.
    @inline(__always)
    mutating func appendEscaping(
        _ utf8: UnsafeBufferPointer<UInt8>,
        specialMask: (UInt64) -> UInt64,
        isSpecial: (UInt8) -> Bool,
        escape: (inout OutputBuffer, UInt8, inout Int) -> Void
    ) {
        var runStart = 0
        var index = 0
        while true {
            index = ByteScan.firstIndex(in: utf8, from: index, specialMask: specialMask, isSpecial: isSpecial)
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            guard index < utf8.count else {
                return
            }
            let byte = utf8[index]
            index += 1
            escape(&self, byte, &index)
            runStart = index
        }
    }
}
