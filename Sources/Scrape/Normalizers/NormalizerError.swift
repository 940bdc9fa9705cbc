/// Why a normalizer chain could not be loaded or a value could not be normalized.
public struct NormalizerError: Error, Sendable, CustomStringConvertible {
    /// A sentence for the route author, naming the normalizer and the offending value.
    public let message: String

    /// The message.
    public var description: String { message }

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }

    /// A value quoted for a message, shortened so hostile inputs cannot flood logs.
    static func quoted(_ value: some StringProtocol) -> String {
        let limit = 60
        let head = value.prefix(limit + 1)
        let shown = head.count > limit ? String(head.prefix(limit)) + "…" : String(head)
        var result = "\""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // Other control characters would garble a log line.
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
