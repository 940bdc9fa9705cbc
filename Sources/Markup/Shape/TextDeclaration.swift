/// What a leaf element's text may be, as the XML Schema and the JSON Schema say it: a built-in
/// type, or a restriction of one (a pattern, a range, an enumeration), named or not.
///
/// ``TextType`` is its typed face, which also says which Swift value fills the leaf; its
/// builders make every declaration.
public struct TextDeclaration: Sendable, Equatable {
    /// The JSON value a leaf of this text becomes.
    public enum JSONKind: String, Sendable {
        case string, integer, number, boolean
    }

    /// The XML Schema type name when the declaration is a named simple type (`Time`), else nil.
    public var name: String? = nil
    /// The built-in XML Schema type it is, or restricts (`xs:dateTime`).
    public var base: String
    /// The JSON value a leaf becomes.
    public var json: JSONKind
    /// The JSON Schema `format` (`date-time`, `duration`), where one fits.
    public var format: String? = nil
    /// A regular expression the whole text matches (XML Schema dialect, which JSON Schema's ECMA one reads alike here).
    public var pattern: String? = nil
    /// The inclusive bounds of a number.
    public var minimum: Int? = nil
    public var maximum: Int? = nil
    /// The only texts allowed, when they are listed.
    public var enumeration: [String] = []
    /// One line for readers of the schemas.
    public var summary: String? = nil

    /// Whether it restricts its base type, and so needs a simple type of its own in the XML Schema.
    public var isRestricted: Bool {
        pattern != nil || schemaMinimum != nil || maximum != nil || !enumeration.isEmpty
    }

    /// The minimum the XML Schema states: none where the base type implies it.
    var schemaMinimum: Int? {
        switch (base, minimum) {
        case ("xs:nonNegativeInteger", 0), ("xs:positiveInteger", 1): nil
        default: minimum
        }
    }
}
