/// A writer of one document format (``XMLWriter``, ``JSONWriter``): what its renderer asks of it
/// to write a whole document, or one escaped value, into bytes.
protocol DocumentWriter: ~Copyable {
    /// A writer appending to `bytes`; `pretty` indents.
    init(bytes: consuming OutputBuffer, pretty: Bool)

    /// The bytes written so far.
    var bytes: OutputBuffer { get }

    /// Writes `root` as the whole document.
    mutating func writeDocument(_ root: Node)

    /// Appends `text` escaped so that it can stand as a value anywhere in the format.
    mutating func appendEscapedValue(_ text: String)
}

extension DocumentWriter where Self: ~Copyable {
    /// A writer with room for `capacity` bytes to start with.
    init(capacity: Int = OutputBuffer.initialCapacity, pretty: Bool) {
        self.init(bytes: OutputBuffer(capacity: capacity), pretty: pretty)
    }

    /// `root` rendered as a whole document.
    static func document(_ root: Node, pretty: Bool) -> [UInt8] {
        var writer = Self(pretty: pretty)
        writer.writeDocument(root)
        return writer.bytes.withBytes { Array($0) }
    }

    /// `text` escaped for the format, as a string.
    static func escaped(_ text: String) -> String {
        var writer = Self(capacity: text.utf8.count + 16, pretty: false)
        writer.appendEscapedValue(text)
        return writer.bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
