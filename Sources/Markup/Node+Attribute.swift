extension Node {
    /// A name–value pair on an element, such as `code` in `<error code="ambiguous_station">`.
    ///
    /// In JSON an attribute becomes a string member of the element's object, ahead of its children.
    public struct Attribute: Sendable, Equatable {
        /// The attribute name; it must be an XML name, which debug builds check when rendering.
        public var name: String

        /// The attribute value.
        public var value: String

        /// Creates an attribute.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }
}
