public import Kernel

/// One normalized value of a field: a text, or the date-time the `time` and `datetime`
/// normalizers made, kept typed from the normalizer to the service that reads it.
///
/// A value means its text: a typed time and its ISO 8601 text are the same value.
public enum FieldValue: Sendable, Equatable, ExpressibleByStringLiteral {
    /// A text, as the normalizers write it.
    case text(String)
    /// A date-time with its offset, as `time` and `datetime` made it.
    case time(OffsetDateTime)

    /// A text value.
    public init(stringLiteral text: String) { self = .text(text) }

    /// The value as the result document writes it (`2026-12-01T08:02:00+01:00` for a time).
    public var text: String {
        switch self {
        case .text(let text): text
        case .time(let time): time.iso8601
        }
    }

    /// Whether the value's text is empty, without writing a typed time as text (a time never is).
    public var isEmpty: Bool {
        switch self {
        case .text(let text): text.isEmpty
        case .time: false
        }
    }

    /// The value as a date-time: typed already, or the text read as ISO 8601 (a text without an
    /// offset is read in `zone`); nil when it is not one.
    public func time(in zone: ZoneRules) -> OffsetDateTime? {
        switch self {
        case .time(let time): time
        case .text(let text): OffsetDateTime(text, in: zone)
        }
    }

    /// Equal when they read the same: a typed time equals its ISO 8601 text.
    public static func == (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case (.text(let left), .text(let right)): left == right
        case (.time(let left), .time(let right)): left == right
        default: lhs.text == rhs.text
        }
    }
}
