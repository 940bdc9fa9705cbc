/// A writer of one document format (``XMLWriter``, ``JSONWriter``): what its renderer asks of it
/// to write a whole document, or one escaped value, into bytes.
protocol DocumentWriter: ~Copyable {
    /// A writer with room for `capacity` bytes to start with.
    init(capacity: Int, pretty: Bool)

    /// Writes `root` as the whole document.
    mutating func writeDocument(_ root: Node)

    /// Appends `text` escaped so that it can stand as a value anywhere in the format.
    mutating func appendEscapedValue(_ text: String)

    /// The bytes written.
    consuming func finish() -> [UInt8]
}

extension DocumentWriter where Self: ~Copyable {
    /// `root` rendered as a whole document.
    static func document(_ root: Node, pretty: Bool) -> [UInt8] {
        var writer = Self(capacity: OutputBuffer.initialCapacity, pretty: pretty)
        writer.writeDocument(root)
        return writer.finish()
    }

    /// `text` escaped for the format, as a string.
    static func escaped(_ text: String) -> String {
        var writer = Self(capacity: text.utf8.count + 16, pretty: false)
        writer.appendEscapedValue(text)
        return String(decoding: writer.finish(), as: UTF8.self)
    }
}
