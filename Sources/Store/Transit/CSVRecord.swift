/// One row of a CSV text as the reader hands it over: its fields, trimmed of spaces and tabs.
///
/// A view of the reader's buffer, valid only during the reader's callback: copy out what you keep.
public struct CSVRecord {
    /// The line the row starts on (1-based), for messages.
    public let line: Int
    private let bytes: UnsafeBufferPointer<UInt8>
    private let ends: UnsafeBufferPointer<Int>

    init(line: Int, bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>) {
        self.line = line
        self.bytes = bytes
        self.ends = ends
    }

    /// The number of fields.
    public var count: Int { ends.count }

    /// The field at `index` without surrounding spaces and tabs, empty when the row is shorter.
    public func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        guard index >= 0, index < ends.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        var start = index == 0 ? 0 : ends[index - 1]
        var end = ends[index]
        while start < end, Self.isBlank(bytes[start]) { start += 1 }
        while end > start, Self.isBlank(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The field at `index` as text; nil when there is no such column or the field is empty.
    public func text(_ index: Int?) -> String? {
        guard let index else { return nil }
        let field = bytes(index)
        return field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }
}
