import Testing
@testable import Markup

@Suite struct ByteScanTests {
    static let special: Set<UInt8> = [0x00, 0x1F, UInt8(ascii: "\""), 0xE2]

    static func mask(_ word: UInt64) -> UInt64 {
        ByteScan.bytes(of: word, below: 0x20)
            | ByteScan.bytes(of: word, equalTo: UInt8(ascii: "\""))
            | ByteScan.bytes(of: word, equalTo: 0xE2)
    }

    static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == 0xE2
    }

    @Test(arguments: Array(0...24))
    func findsTheFirstSpecialByteAtEveryOffset(length: Int) {
        // Neighbours of the specials (0x20, 0x21, 0x23, 0xE1, 0xE3, 0x80, 0xFF) must not match.
        let fillers: [UInt8] = [UInt8(ascii: "a"), 0x20, 0x21, 0x23, 0xE1, 0xE3, 0x80, 0xFF]
        for filler in fillers {
            for target in [UInt8(0x00), 0x01, 0x1F, UInt8(ascii: "\""), 0xE2] {
                for offset in 0...length {
                    var bytes = [UInt8](repeating: filler, count: length)
                    if offset < length {
                        bytes[offset] = target
                        // A second special later on must not hide the first.
                        if offset + 3 < length {
                            bytes[offset + 3] = 0x00
                        }
                    }
                    for start in 0...min(offset, length) {
                        let found = bytes.withUnsafeBufferPointer {
                            ByteScan.firstIndex(in: $0, from: start, specialMask: Self.mask, isSpecial: Self.isSpecial)
                        }
                        #expect(found == offset, "filler \(filler) target \(target) offset \(offset) start \(start)")
                    }
                }
            }
        }
    }

    @Test func emptyBufferHasNoSpecialByte() {
        let found = ByteScan.firstIndex(in: UnsafeBufferPointer(start: nil, count: 0), from: 0, specialMask: Self.mask, isSpecial: Self.isSpecial)
        #expect(found == 0)
    }

    @Test func masksFlagExactlyTheLowestMatch() {
        for byte in UInt8.min...UInt8.max {
            let word = UInt64(byte) | 0x6161_6161_6161_6100
            #expect((Self.mask(word) != 0) == Self.isSpecial(byte), "byte \(byte)")
            #expect((Self.mask(word) & 0xFF != 0) == Self.isSpecial(byte), "byte \(byte)")
        }
    }
}
