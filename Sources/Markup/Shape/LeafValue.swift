public import Kernel

/// A Swift value a leaf element's text is made of: `String`, `Int`, `Double`, `Bool` or `OffsetDateTime`.
public protocol LeafValue: Sendable {
    /// The value as a leaf's typed text.
    var leafValue: Node.Value { get }
}

extension String: LeafValue {
    /// The string as text.
    @inlinable public var leafValue: Node.Value { .string(self) }
}

extension Int: LeafValue {
    /// The integer in plain decimal.
    @inlinable public var leafValue: Node.Value { .int(self) }
}

extension Double: LeafValue {
    /// The number in its shortest round-trip form.
    @inlinable public var leafValue: Node.Value { .double(self) }
}

extension Bool: LeafValue {
    /// `true` or `false`.
    @inlinable public var leafValue: Node.Value { .bool(self) }
}

extension Node.Value: LeafValue {
    /// The value itself: for a leaf whose text is a number or a word as the value decides.
    @inlinable public var leafValue: Node.Value { self }
}

extension OffsetDateTime: LeafValue {
    /// The date-time as ISO 8601 text with its offset.
    public var leafValue: Node.Value { .string(iso8601) }
}
