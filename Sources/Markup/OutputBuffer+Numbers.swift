extension OutputBuffer {
    /// Appends an integer in plain decimal.
    mutating func appendDecimal(_ value: Int) {
        // Int.min has no positive counterpart, so the digits come from the magnitude.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
                magnitude = quotient
            } while magnitude != 0
            if value < 0 {
                append(UInt8(ascii: "-"))
            }
            append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends a finite double in its shortest round-trip form.
    ///
    /// Swift's `description` is shortest round-trip and always keeps a fraction or an exponent
    /// (`1.0`, `1e+21`, `5e-324`, `-0.0`), which is also valid JSON number syntax.
    mutating func appendShortest(_ value: Double) {
        assert(value.isFinite, "callers render non-finite doubles as null or empty")
        append(value.description)
    }
}
