/// A leaf's text type bound to the Swift value that fills it: `TextType<String>.time` takes a
/// `String`, `TextType<Int>.count` an `Int`.
///
/// The built-in types are here; a document family declares its own restrictions once and uses
/// them in every declaration:
///
/// ```swift
/// static let vehicle = TextType<String>.enumeration("Vehicle", ["Train", "Bus", "Tram"])
/// static let latitude = TextType<Double>.range("Latitude", -90...90)
/// ```
public struct TextType<Value: LeafValue>: Sendable {
    /// What the text may be, for the schemas.
    public let declaration: TextDeclaration

    /// Creates a text type from its declaration.
    public init(_ declaration: TextDeclaration) {
        self.declaration = declaration
    }
}

extension TextType where Value == String {
    /// Any text.
    public static var string: Self { Self(TextDeclaration(base: "xs:string", json: .string)) }
    /// A date and time, `2026-12-01T08:02:00+01:00`.
    public static var dateTime: Self { Self(TextDeclaration(base: "xs:dateTime", json: .string, format: "date-time")) }
    /// A calendar date, `2026-12-01`.
    public static var date: Self { Self(TextDeclaration(base: "xs:date", json: .string, format: "date")) }
    /// An ISO 8601 duration, `PT56M`.
    public static var duration: Self { Self(TextDeclaration(base: "xs:duration", json: .string, format: "duration")) }
    /// An absolute URL.
    public static var uri: Self { Self(TextDeclaration(base: "xs:anyURI", json: .string, format: "uri")) }

    /// A named restriction of text to one of `values`.
    public static func enumeration(_ name: String?, _ values: [String], summary: String? = nil) -> Self {
        Self(TextDeclaration(name: name, base: "xs:string", json: .string, enumeration: values, summary: summary))
    }

    /// A named restriction of a text type to a pattern, keeping the base's JSON format.
    public static func pattern(_ name: String, _ pattern: String, base: Self = .string, summary: String? = nil) -> Self {
        var declaration = base.declaration
        declaration.name = name
        declaration.pattern = pattern
        declaration.summary = summary
        return Self(declaration)
    }
}

extension TextType where Value == Int {
    /// Any whole number.
    public static var integer: Self { Self(TextDeclaration(base: "xs:integer", json: .integer)) }
    /// A whole number from 0: counts, seconds, metres.
    public static var count: Self { Self(TextDeclaration(base: "xs:nonNegativeInteger", json: .integer, minimum: 0)) }
    /// A whole number from 1.
    public static var positive: Self { Self(TextDeclaration(base: "xs:positiveInteger", json: .integer, minimum: 1)) }

    /// A whole number within `range`, named when the name is given.
    public static func range(_ name: String?, _ range: ClosedRange<Int>, summary: String? = nil) -> Self {
        let base = range.lowerBound >= 0 ? "xs:nonNegativeInteger" : "xs:integer"
        return Self(TextDeclaration(name: name, base: base, json: .integer, minimum: range.lowerBound, maximum: range.upperBound, summary: summary))
    }
}

extension TextType where Value == Double {
    /// A decimal number, such as `1.5` (the writer never uses an exponent below 1e21).
    public static var decimal: Self { Self(TextDeclaration(base: "xs:decimal", json: .number)) }
    /// A floating-point number.
    public static var double: Self { Self(TextDeclaration(base: "xs:double", json: .number)) }

    /// A decimal number (or a double, with `base: .double`) within `range`, named when the name is given.
    public static func range(_ name: String?, _ range: ClosedRange<Int>, base: Self = .decimal, summary: String? = nil) -> Self {
        var declaration = base.declaration
        declaration.name = name
        declaration.minimum = range.lowerBound
        declaration.maximum = range.upperBound
        declaration.summary = summary
        return Self(declaration)
    }
}

extension TextType where Value == Bool {
    /// `true` or `false`.
    public static var boolean: Self { Self(TextDeclaration(base: "xs:boolean", json: .boolean)) }
}
