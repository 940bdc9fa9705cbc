extension ZipArchive {
    /// The entry's name, refused when extracting it could write outside a directory.
    ///
    /// Checked on the bytes, before any decoding could hide a NUL or a separator. Names are
    /// read as UTF-8 whether or not flag bit 11 says so: the CP437 of old archives differs only
    /// above ASCII, where it reads as replacement characters that match no name we look up.
    static func checkedName(_ bytes: ArraySlice<UInt8>) throws(ZipError) -> String {
        let name = String(decoding: bytes, as: UTF8.self)
        guard !bytes.isEmpty else { throw ZipError(.malformed, "an entry with an empty name") }
        if bytes.contains(0) { throw ZipError(.unsafePath, "\(name.debugDescription): a NUL in the name") }
        if bytes.contains(UInt8(ascii: "\\")) {
            throw ZipError(.unsafePath, "\(name): a backslash, which Windows reads as a separator")
        }
        if bytes.first == UInt8(ascii: "/") { throw ZipError(.unsafePath, "\(name): an absolute path") }
        if bytes.count >= 2, bytes[bytes.startIndex + 1] == UInt8(ascii: ":") {
            throw ZipError(.unsafePath, "\(name): a drive letter")
        }
        for component in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        where component.elementsEqual("..".utf8) {
            throw ZipError(.unsafePath, "\(name): a `..` component")
        }
        return name
    }
}
