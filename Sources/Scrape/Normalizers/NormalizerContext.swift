public import Kernel

/// What a normalizer can look up while it runs.
public protocol NormalizerContext {
    /// The current value of a referenced field or parameter, or `nil` when it has none.
    func value(of reference: ValueReference) -> String?
    /// The same value as the field holds it: typed where a normalizer made a date-time.
    func fieldValue(of reference: ValueReference) -> FieldValue?
    /// The route's time zone (for date + time joins).
    var timeZone: ZoneRules { get }
}

extension NormalizerContext {
    /// By default, the value's text.
    public func fieldValue(of reference: ValueReference) -> FieldValue? {
        value(of: reference).map(FieldValue.text)
    }
}
