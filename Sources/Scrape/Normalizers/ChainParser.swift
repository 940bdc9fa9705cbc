/// Reads the text of a chain (`collapse | time | datetime(date=$date, after=$previous)`) into steps, reporting syntax errors with their column.
struct ChainParser {
    private let characters: [Character]
    private var index = 0

    /// Parses a whole chain.
    static func parse(_ text: String) throws(NormalizerError) -> [ChainStep] {
        var parser = ChainParser(characters: Array(text))
        return try parser.chain()
    }

    private init(characters: [Character]) {
        self.characters = characters
    }

    private var peek: Character? { index < characters.count ? characters[index] : nil }

    private mutating func chain() throws(NormalizerError) -> [ChainStep] {
        skipWhitespace()
        guard peek != nil else { throw NormalizerError("syntax error at column 1: empty normalizer chain") }
        var steps: [ChainStep] = []
        while true {
            steps.append(try step())
            skipWhitespace()
            guard let next = peek else { return steps }
            guard next == "|" else { throw error("expected \"|\" or the end of the chain") }
            index += 1
        }
    }

    private mutating func step() throws(NormalizerError) -> ChainStep {
        skipWhitespace()
        let column = index + 1
        var name = ""
        while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "_" {
            name.append(c)
            index += 1
        }
        guard let first = name.first, first.isLetter else {
            index = column - 1
            throw error("expected a normalizer name")
        }
        skipWhitespace()
        guard peek == "(" else { return ChainStep(name: name, arguments: [], column: column) }
        index += 1
        var arguments: [StepArgument] = []
        skipWhitespace()
        if peek == ")" {
            index += 1
            return ChainStep(name: name, arguments: [], column: column)
        }
        while true {
            arguments.append(try argument())
            skipWhitespace()
            if peek == ")" {
                index += 1
                return ChainStep(name: name, arguments: arguments, column: column)
            }
            guard peek == "," else { throw error("expected \",\" or \")\"") }
            index += 1
        }
    }

    private mutating func argument() throws(NormalizerError) -> StepArgument {
        skipWhitespace()
        let column = index + 1
        let first = try value()
        skipWhitespace()
        guard peek == "=" else { return StepArgument(key: nil, value: first, column: column) }
        if case .reference = first {
            index = column - 1
            throw error("a reference cannot be an argument name")
        }
        index += 1
        skipWhitespace()
        return StepArgument(key: first, value: try value(), column: column)
    }

    private mutating func value() throws(NormalizerError) -> ArgumentValue {
        guard let c = peek else { throw error("expected an argument") }
        if c == "'" { return .quoted(try quoted()) }
        if c == "$" { return .reference(try reference()) }
        var word = ""
        while let c = peek, Self.isWordCharacter(c) {
            word.append(c)
            index += 1
        }
        guard !word.isEmpty else { throw error("expected an argument") }
        return .word(word)
    }

    private mutating func quoted() throws(NormalizerError) -> String {
        let start = index
        index += 1
        var text = ""
        while let c = peek {
            index += 1
            if c == "'" { return text }
            // Only \' and \\ are escapes, so regex escapes such as \d pass through unchanged.
            if c == "\\", let next = peek, next == "'" || next == "\\" {
                text.append(next)
                index += 1
            } else {
                text.append(c)
            }
        }
        index = start
        throw error("unterminated quoted string")
    }

    private mutating func reference() throws(NormalizerError) -> ValueReference {
        index += 1
        var parent = false
        if characters[index...].starts(with: "../") {
            parent = true
            index += 3
        }
        let name = referenceName()
        guard !name.isEmpty else { throw error("expected a name after \"$\(parent ? "../" : "")\"") }
        if parent { return .parentField(name) }
        if name == "previous" { return .previous }
        if name == "param" && peek == "." {
            index += 1
            let parameter = referenceName()
            guard !parameter.isEmpty else { throw error("expected a parameter name after \"$param.\"") }
            return .parameter(parameter)
        }
        return .field(name)
    }

    private mutating func referenceName() -> String {
        var name = ""
        while let c = peek, c.isLetter || c.isNumber || c == "_" || c == "-" {
            name.append(c)
            index += 1
        }
        return name
    }

    private mutating func skipWhitespace() {
        while let c = peek, c.isWhitespace { index += 1 }
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || "_-.+:/*°".contains(c)
    }

    /// A syntax error at the current position, naming what was found there.
    private func error(_ expectation: String) -> NormalizerError {
        let found = peek.map { "found \(NormalizerError.quoted(String($0)))" } ?? "found the end of the chain"
        return NormalizerError("syntax error at column \(index + 1): \(expectation), \(found)")
    }
}
