/// Why the command line, environment or config file could not be used.
struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    let description: String

    static func unknownOption(_ name: String, source: String) -> ConfigurationError {
        ConfigurationError(description: "\(source): unknown option \"\(name)\"")
    }

    static func missingValue(_ name: String) -> ConfigurationError {
        ConfigurationError(description: "--\(name) needs a value")
    }

    static func invalidValue(_ name: String, _ value: String, _ expected: String) -> ConfigurationError {
        ConfigurationError(description: "\(name): \"\(value)\" is not \(expected)")
    }

    static func file(_ path: String, line: Int, _ message: String) -> ConfigurationError {
        ConfigurationError(description: "\(path):\(line): \(message)")
    }

    static func unreadable(_ path: String) -> ConfigurationError {
        ConfigurationError(description: "cannot read config file \(path)")
    }
}
