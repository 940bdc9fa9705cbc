/// Why a route file was refused, as `Routes/<id>/route.xml:42: unknown normalizer "tiem"`.
public struct RouteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The route file's path as given to the loader.
    public let file: String
    /// The line in it, when known.
    public let line: Int?
    /// What is wrong.
    public let message: String

    init(_ file: String, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line, line > 0 { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
