/// Resolves settings: flags over environment (`GOTTAGO_*`) over the config file over defaults.
struct ConfigurationLoader {
    let arguments: [String]
    let environment: [String: String]
    let readFile: (String) -> String?

    /// Resolves every option; the first bad one throws with where it came from.
    func load() throws(ConfigurationError) -> Settings {
        let flags = try parseFlags()
        var settings = Settings()
        let configPath = flags.last { $0.name == "config" }?.value ?? environment["GOTTAGO_CONFIG"]
        if let configPath {
            guard let text = readFile(configPath) else { throw .unreadable(configPath) }
            for (line, name, value) in try parseFile(text, path: configPath) {
                do throws(ConfigurationError) {
                    try apply(name, value, to: &settings, source: configPath)
                } catch {
                    throw .file(configPath, line: line, error.description)
                }
            }
        }
        for option in Option.all where option.name != "config" {
            if let value = environment[option.environmentName] {
                do throws(ConfigurationError) {
                    try option.apply(&settings, value)
                } catch {
                    throw ConfigurationError(description: "\(option.environmentName): \(error.description)")
                }
            }
        }
        for flag in flags where flag.name != "config" {
            try apply(flag.name, flag.value, to: &settings, source: "command line")
        }
        return settings
    }

    private func apply(_ name: String, _ value: String, to settings: inout Settings, source: String) throws(ConfigurationError) {
        guard let option = Option.all.first(where: { $0.name == name }) else { throw .unknownOption(name, source: source) }
        try option.apply(&settings, value)
    }

    /// `--name value`, `--name=value`, or `--switch` for booleans.
    private func parseFlags() throws(ConfigurationError) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw ConfigurationError(description: "unexpected argument \"\(argument)\"")
            }
            let body = argument.dropFirst(2)
            let name: String
            var value: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                value = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            guard let option = Option.all.first(where: { $0.name == name }) else {
                throw .unknownOption("--" + name, source: "command line")
            }
            if value == nil {
                if option.value == nil {
                    value = "true"
                } else {
                    guard index < arguments.count else { throw .missingValue(name) }
                    value = arguments[index]
                    index += 1
                }
            }
            result.append((name, value!))
        }
        return result
    }

    /// `name = value` lines; blank lines and `#` comments are skipped.
    private func parseFile(_ text: String, path: String) throws(ConfigurationError) -> [(Int, String, String)] {
        var entries: [(Int, String, String)] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = line.trimmingSpaces()
            guard !trimmed.isEmpty else { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .file(path, line: offset + 1, "expected `name = value`")
            }
            let name = String(trimmed[..<equals].trimmingSpaces())
            let value = String(trimmed[trimmed.index(after: equals)...].trimmingSpaces())
            entries.append((offset + 1, name, value))
        }
        return entries
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    func trimmingSpaces() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
