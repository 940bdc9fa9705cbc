extension String {
    /// Calls `body` with the string's UTF-8 bytes, copying only strings that are not stored
    /// contiguously (bridged ones).
    ///
    /// `withUTF8` is mutating, so calling it on a borrowed string first copies and retains it;
    /// on the render path that retain-release pair per name and text was measurable.
    @inline(__always)
    func withUTF8Buffer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) {
            return result
        }
        var copy = self
        return try copy.withUTF8(body)
    }
}
