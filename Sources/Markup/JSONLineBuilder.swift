/// Builds one flat, compact JSON object member by member, with no intermediate values.
///
/// For the per-request access log, where an array of members and enum values would cost more
/// than the line itself:
///
/// ```swift
/// var line = JSONLineBuilder()
/// line.add("method", "GET")
/// line.add("status", 200)
/// line.add("duration_ms", thousandths: 947)   // 0.947
/// let bytes = line.finish()                  // {"method":"GET","status":200,"duration_ms":0.947}
/// ```
public struct JSONLineBuilder: ~Copyable {
    private var writer: JSONWriter
    private var isFirst = true

    /// Starts an empty object.
    public init(capacity: Int = 384) {
        writer = JSONWriter(capacity: capacity, pretty: false)
        writer.bytes.append(UInt8(ascii: "{"))
    }

    /// Adds a string member, escaped.
    public mutating func add(_ key: StaticString, _ value: String) {
        appendKey(key)
        writer.bytes.append(UInt8(ascii: "\""))
        writer.appendEscaped(value)
        writer.bytes.append(UInt8(ascii: "\""))
    }

    /// Adds an integer member.
    public mutating func add(_ key: StaticString, _ value: Int) {
        appendKey(key)
        writer.bytes.appendDecimal(value)
    }

    /// Adds a boolean member.
    public mutating func add(_ key: StaticString, _ value: Bool) {
        appendKey(key)
        writer.bytes.append(value ? "true" : "false")
    }

    /// Adds a number with exactly three decimals, given in thousandths (`947` → `0.947`).
    public mutating func add(_ key: StaticString, thousandths value: Int) {
        appendKey(key)
        if value < 0 { writer.bytes.append(UInt8(ascii: "-")) }
        let magnitude = Int(value.magnitude)
        writer.bytes.appendDecimal(magnitude / 1000)
        writer.bytes.append(UInt8(ascii: "."))
        let fraction = magnitude % 1000
        writer.bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        writer.bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        writer.bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    /// Adds a string member whose bytes are known to need no escaping (digits, dashes, colons).
    public mutating func add(_ key: StaticString, plain bytes: UnsafeBufferPointer<UInt8>) {
        appendKey(key)
        writer.bytes.append(UInt8(ascii: "\""))
        writer.bytes.append(bytes)
        writer.bytes.append(UInt8(ascii: "\""))
    }

    /// Closes the object and lends its bytes, without making an array of them.
    public consuming func withClosedBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        writer.bytes.append(UInt8(ascii: "}"))
        return writer.bytes.withBytes(body)
    }

    /// Closes the object and returns its bytes.
    public consuming func finish() -> [UInt8] {
        writer.bytes.append(UInt8(ascii: "}"))
        return writer.bytes.finish()
    }

    private mutating func appendKey(_ key: StaticString) {
        writer.bytes.appendMemberKey(key, first: isFirst)
        isFirst = false
    }
}
