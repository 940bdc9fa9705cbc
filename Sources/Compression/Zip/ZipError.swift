/// Why a zip archive or one of its entries was refused, with a message naming the entry.
///
/// Compare kinds with `error.kind == .unsafePath`; the message is for people and logs.
public struct ZipError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of refusal, open to new members.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Name: String, Sendable {
            case malformed
            case unsupported
            case unsafePath = "unsafe_path"
            case tooLarge = "too_large"
            case checksum
        }

        private let name: Name

        private init(_ name: Name) {
            self.name = name
        }

        /// The bytes are not a zip archive, or are truncated, overlapping or inconsistent.
        public static let malformed = Kind(.malformed)
        /// A valid zip feature this reader does not implement: zip64, encryption, a method other than stored or deflate, several disks.
        public static let unsupported = Kind(.unsupported)
        /// An entry name that could escape a directory: `..`, an absolute path, a backslash, NUL.
        public static let unsafePath = Kind(.unsafePath)
        /// Over one of the `ZipLimits`: too many entries, too many bytes, a suspicious compression ratio.
        public static let tooLarge = Kind(.tooLarge)
        /// The inflated bytes do not match the entry's CRC-32.
        public static let checksum = Kind(.checksum)

        /// The kind's snake_case name.
        public var description: String { name.rawValue }
    }

    /// The kind of refusal.
    public let kind: Kind
    /// What was wrong, naming the entry where there is one.
    public let message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The kind and the message.
    public var description: String { "\(kind): \(message)" }
}
