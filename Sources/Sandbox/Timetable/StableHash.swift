/// FNV-1a, 64 bit: a hash that is the same in every process (Swift's `Hasher` is seeded per run),
/// so that the timetable's "random" choices are the same for the same inputs.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    /// The hash of some texts, each followed by a separator.
    init(_ parts: String...) {
        for part in parts { add(part) }
    }

    mutating func add(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        mix(0x1F)
    }

    private mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// A number in 0..<bound.
    func pick(_ bound: Int) -> Int {
        // The low bits of FNV are weak for short inputs; fold the high half in first.
        Int((value ^ (value >> 29)) % UInt64(max(bound, 1)))
    }
}
