import Markup

/// Writes JSON answers with their members in the order the simulated service writes them:
/// compact (met.no, Open-Meteo) or indented (api.weather.gov indents by four spaces).
///
/// Numbers are written as the caller formats them (``decimal(_:_:)`` gives "100.0" where the
/// service keeps a decimal), so an answer's bytes do not depend on a formatter's defaults.
///
/// ```swift
/// var json = JSONAnswer()
/// json.object { json in
///     json.string("type", "Feature")
///     json.array("coordinates") { json in json.number(nil, "10.7522"); json.number(nil, "59.9139") }
/// }
/// json.bytes   // {"type":"Feature","coordinates":[10.7522,59.9139]}
/// ```
struct JSONAnswer {
    private(set) var bytes: [UInt8] = []
    private let indent: [UInt8]?
    /// Whether the container being written has a member yet, innermost last.
    private var hasMembers: [Bool] = [false]

    /// A writer; `indent` (such as four spaces) lays the answer out one member per line.
    init(indent: String? = nil) {
        self.indent = indent.map { Array($0.utf8) }
        bytes.reserveCapacity(16_384)
    }

    /// An object, as a member named `key` or (nil) as an element or the whole answer.
    mutating func object(_ key: String? = nil, _ body: (inout JSONAnswer) -> Void) {
        container(key, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    /// An array, as a member named `key` or (nil) as an element.
    mutating func array(_ key: String? = nil, _ body: (inout JSONAnswer) -> Void) {
        container(key, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    /// A string.
    mutating func string(_ key: String?, _ value: String) {
        member(key)
        appendString(value)
    }

    /// A number already formatted as JSON ("-5.8", "100.0", "12").
    mutating func number(_ key: String?, _ text: String) {
        member(key)
        bytes.append(contentsOf: text.utf8)
    }

    /// A whole number.
    mutating func integer(_ key: String?, _ value: Int) {
        number(key, String(value))
    }

    /// `true` or `false`.
    mutating func bool(_ key: String?, _ value: Bool) {
        number(key, value ? "true" : "false")
    }

    /// `null`.
    mutating func null(_ key: String?) {
        number(key, "null")
    }

    /// `value` with exactly `places` decimals, as services writing floats print them ("100.0").
    static func decimal(_ value: Double, _ places: Int) -> String {
        Fixed.text(value, places)
    }

    /// `value` with at most `places` decimals and at least one ("47.0", "40.78858").
    static func float(_ value: Double, _ places: Int) -> String {
        let text = Fixed.short(value, places)
        return text.contains(".") ? text : text + ".0"
    }

    private mutating func container(_ key: String?, open: UInt8, close: UInt8, _ body: (inout JSONAnswer) -> Void) {
        member(key)
        bytes.append(open)
        hasMembers.append(false)
        body(&self)
        let filled = hasMembers.removeLast()
        if filled { newline() }
        bytes.append(close)
    }

    private mutating func member(_ key: String?) {
        if hasMembers[hasMembers.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasMembers[hasMembers.count - 1] = true
        // The answer itself (depth 0) starts without a line break.
        if hasMembers.count > 1 { newline() }
        if let key {
            appendString(key)
            bytes.append(UInt8(ascii: ":"))
            if indent != nil { bytes.append(UInt8(ascii: " ")) }
        }
    }

    private mutating func newline() {
        guard let indent else { return }
        bytes.append(0x0A)
        for _ in 0..<(hasMembers.count - 1) { bytes.append(contentsOf: indent) }
    }

    private mutating func appendString(_ text: String) {
        // Keys and most values need no escape: their bytes go in between the quotes as they are.
        guard !text.utf8.contains(where: Self.mayNeedEscape) else {
            bytes.append(contentsOf: Self.literal(text).utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// The bytes ``literal(_:)`` may write otherwise: controls, `"`, `\\` and the lead byte of
    /// U+2028 and U+2029.
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    /// `text` as a JSON string literal, quotes included, escaped as the service's own JSON
    /// writer escapes it (``JSONRenderer/escaped(_:)``), as ``JSONValue`` writes its strings.
    static func literal(_ text: String) -> String {
        "\"" + JSONRenderer.escaped(text) + "\""
    }
}
