/// A request whose representation cannot be chosen.
///
/// Equality compares the kind of failure (`error == .notAcceptable`).
public struct NegotiationError: HTTPResponseError, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case invalidFormat
        case notAcceptable
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The `format` query parameter is neither `xml` nor `json` (400).
    public static let invalidFormat = NegotiationError(.invalidFormat)

    /// `Accept` refuses both XML and JSON with `q=0` (406).
    public static let notAcceptable = NegotiationError(.notAcceptable)

    /// 400 for a bad `format` parameter, 406 when nothing is acceptable.
    public var status: Int {
        switch kind {
        case .invalidFormat: 400
        case .notAcceptable: 406
        }
    }

    /// A stable machine code for the error document.
    public var code: String {
        switch kind {
        case .invalidFormat: "invalid_format"
        case .notAcceptable: "not_acceptable"
        }
    }

    /// A message saying what the client may ask for instead.
    public var message: String {
        switch kind {
        case .invalidFormat: "Parameter 'format' must be 'xml' or 'json'."
        case .notAcceptable: "This resource is available as application/xml or application/json only."
        }
    }

    /// The code and message, for logs.
    public var description: String { "\(code): \(message)" }
}
