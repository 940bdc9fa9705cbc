/// Quotes a value for an error message, shortened so hostile inputs cannot flood logs.
package func messageQuoted(_ value: some StringProtocol) -> String {
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
