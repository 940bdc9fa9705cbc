/// A programmer error in the route table, found when a route is registered or a handler reads
/// a parameter its template does not have.
///
/// Equality compares the kind of failure only (`error == .malformedTemplate`).
public struct RouterError: Error, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case malformedTemplate
        case duplicateRoute
        case conflictingTemplate
        case unknownParameter
    }

    private let kind: Kind

    /// The template, or the parameter name for `unknownParameter`.
    public let subject: String

    /// What exactly is wrong.
    public let detail: String

    private init(_ kind: Kind, _ subject: String = "", _ detail: String = "") {
        self.kind = kind
        self.subject = subject
        self.detail = detail
    }

    /// A template that is not `/`-separated literal and `{name}` segments.
    public static let malformedTemplate = RouterError(.malformedTemplate)

    /// The same method registered twice for one template.
    public static let duplicateRoute = RouterError(.duplicateRoute)

    /// A template that matches exactly the paths another one does, with other parameter names.
    public static let conflictingTemplate = RouterError(.conflictingTemplate)

    /// A handler asked for a parameter its route's template does not have.
    public static let unknownParameter = RouterError(.unknownParameter)

    static func malformed(_ template: String, _ detail: String) -> RouterError {
        RouterError(.malformedTemplate, template, detail)
    }

    static func duplicate(_ template: String, method: String) -> RouterError {
        RouterError(.duplicateRoute, template, "\(method) is already registered")
    }

    static func conflicting(_ template: String, with other: String) -> RouterError {
        RouterError(.conflictingTemplate, template, "matches the same paths as \(other)")
    }

    static func unknown(_ parameter: String) -> RouterError {
        RouterError(.unknownParameter, parameter, "the route's template has no {\(parameter)}")
    }

    /// The kind of failure and its detail, for logs.
    public var description: String {
        switch kind {
        case .malformedTemplate: "malformed route template '\(subject)': \(detail)"
        case .duplicateRoute: "duplicate route '\(subject)': \(detail)"
        case .conflictingTemplate: "conflicting route template '\(subject)': \(detail)"
        case .unknownParameter: "unknown path parameter '\(subject)': \(detail)"
        }
    }

    /// Whether both are the same kind of failure, whatever their context.
    public static func == (lhs: RouterError, rhs: RouterError) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Hashes the kind of failure, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }
}
