extension Node {
    /// A name–value pair on an element, such as `code` in `<error code="ambiguous_station">`.
    ///
    /// In JSON an attribute becomes a string member of the element's object, ahead of its children.
    public typealias Attribute = Named<String>
}
