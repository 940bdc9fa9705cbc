public import Kernel

/// What a normalizer can look up while it runs.
public protocol NormalizerContext {
    /// The current value of a referenced field or parameter, or `nil` when it has none.
    func value(of reference: ValueReference) -> String?
    /// The route's time zone (for date + time joins).
    var timeZone: ZoneRules { get }
}
