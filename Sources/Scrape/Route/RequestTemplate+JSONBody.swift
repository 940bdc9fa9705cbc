import Markup

extension RequestTemplate {
    /// Why a JSON body template cannot give valid JSON, or nil: with every placeholder filled (a
    /// string inside quotes, a number outside them) and every section written once, the text must
    /// parse as JSON, and no placeholder may follow a backslash inside a string, where its first
    /// character would be taken as an escape.
    static func jsonBodyProblem(in template: String) -> String? {
        var filled = ""
        var context = JSONText.Context()
        var problem: String?
        scan(template) { piece in
            switch piece {
            case .text(let text):
                filled += text
                context.advance(over: text)
            case .placeholder(let name):
                if context.afterBackslash, problem == nil { problem = "{\(name)} follows a backslash inside a JSON string" }
                filled += context.inString ? "x" : "0"
            case .sectionStart, .sectionEnd:
                break
            }
        }
        if let problem { return problem }
        do {
            _ = try Document.parse(Array(filled.utf8), as: .json)
            return nil
        } catch {
            return "the JSON body is not valid JSON with its placeholders filled: \(error.message)"
        }
    }
}

/// Values written into JSON request bodies.
enum JSONText {
    /// Where the template's own text has left off: inside a string literal or not, and whether a
    /// backslash inside one is waiting for the character it escapes.
    struct Context: Equatable {
        private(set) var inString = false
        private(set) var afterBackslash = false

        /// Moves over template text (not inserted values, which never open or close a string).
        mutating func advance(over text: Substring) {
            for byte in text.utf8 {
                if afterBackslash {
                    afterBackslash = false
                } else if inString {
                    if byte == UInt8(ascii: "\\") { afterBackslash = true } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                }
            }
        }
    }

    /// The longest number written outside quotes.
    static let maximumNumberLength = 40

    /// A value as the template's context needs it: JSON-escaped inside a string literal; elsewhere
    /// the value itself when it is a JSON number, so that no value can add members or end the document.
    static func value(_ name: String, _ value: String, _ context: Context) throws(RequestError) -> String {
        if context.inString { return JSONRenderer.escaped(value) }
        guard isNumber(value) else {
            throw RequestError(parameter: name, message: "must be a number (written into the JSON body as one)")
        }
        return value
    }

    /// Whether `text` is a JSON number (RFC 8259: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`) of bounded length.
    static func isNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumNumberLength else { return false }
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let first = index
        guard digits() > 0, bytes[first] != UInt8(ascii: "0") || index == first + 1 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
