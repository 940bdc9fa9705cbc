/// The representations every document has.
public enum Format: String, Sendable, CaseIterable {
    /// `application/xml`, the default.
    case xml
    /// `application/json`.
    case json

    /// The format a `.xml` or `.json` suffix (case-sensitive) on a path's non-empty last segment
    /// asks for, with the suffix length in bytes.
    static func suffix(ofPath path: UnsafeBufferPointer<UInt8>) -> (format: Format, length: Int)? {
        var start = path.count
        while start > 0, path[start - 1] != UInt8(ascii: "/") { start -= 1 }
        let length = path.count - start
        if length > 4, endsWith(path, ".xml") { return (.xml, 4) }
        if length > 5, endsWith(path, ".json") { return (.json, 5) }
        return nil
    }

    private static func endsWith(_ path: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        let offset = path.count - count
        for index in 0..<count where path[offset + index] != suffix.utf8Start[index] { return false }
        return true
    }
}
