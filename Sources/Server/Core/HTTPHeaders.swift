/// An ordered list of HTTP header fields with case-insensitive lookup.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByArrayLiteral {
    /// One header field as received or as it will be sent.
    public struct Field: Sendable, Equatable {
        /// The field name as written.
        public var name: String
        /// The field value.
        public var value: String
    }

    private(set) var fields: [Field] = []

    /// Creates an empty header list.
    public init() {}

    /// Creates an empty header list with room for `capacity` fields.
    public init(capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    /// Creates a header list from name/value pairs, in order.
    public init(arrayLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// Creates a header list from name/value pairs, in order.
    public init(_ pairs: [(String, String)]) {
        // Room for the fields the server adds to every response, so finalizing does not regrow it.
        fields.reserveCapacity(pairs.count + Self.serverFields)
        for (name, value) in pairs { fields.append(Field(name: name, value: value)) }
    }

    /// How many fields the server adds to a response at most (identity, CORS, caching, encoding).
    public static let serverFields = 10

    /// A list with one `Content-Type` field and room for the server's own.
    public init(contentType: String) {
        fields.reserveCapacity(1 + Self.serverFields)
        fields.append(Field(name: "Content-Type", value: contentType))
    }

    /// Makes room for `capacity` fields in all.
    public mutating func reserveCapacity(_ capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// The first value of the named field, compared case-insensitively.
    public subscript(name: String) -> String? {
        fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// Every value of the named field, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// Whether the named field is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Appends a field, keeping any existing ones of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field of that name with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append(Field(name: name, value: value))
    }

    /// Sets the field only when it is not present yet, so a handler's choice wins.
    public mutating func setDefault(_ name: String, _ value: String) {
        if !contains(name) { fields.append(Field(name: name, value: value)) }
    }

    /// Removes every field of that name.
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

extension String {
    /// ASCII case-insensitive equality, enough for header names and tokens.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            let lx = (x >= 65 && x <= 90) ? x | 0x20 : x
            let ly = (y >= 65 && y <= 90) ? y | 0x20 : y
            if lx != ly { return false }
        }
        return true
    }
}

extension StringProtocol {
    /// The text without trailing spaces, tabs and line breaks.
    func trimmingTrailingWhitespace() -> SubSequence {
        var end = endIndex
        while end > startIndex, [" ", "\t", "\n", "\r"].contains(self[index(before: end)]) {
            end = index(before: end)
        }
        return self[startIndex..<end]
    }
}
