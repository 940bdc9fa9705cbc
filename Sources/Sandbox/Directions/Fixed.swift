/// Decimal texts without Foundation's formatters: a fixed number of decimals, or the fewest
/// that still read back (as JSON writers and GPX writers print their numbers).
enum Fixed {
    /// `value` rounded to `decimals` places, always with that many ("-77.1002600").
    static func text(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let whole = Int(scaled)
        let negative = value < 0 && whole != 0
        let divisor = Int(scale)
        var text = String(whole / divisor)
        if decimals > 0 {
            let fraction = String(whole % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return negative ? "-" + text : text
    }

    /// `value` rounded to at most `decimals` places, trailing zeros dropped ("4312.7", "12").
    static func short(_ value: Double, _ decimals: Int) -> String {
        var text = Self.text(value, decimals)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
