internal import CLibXML2

extension Document {
    /// The tree as XML text, indented: what a route's XPath queries, for a route author looking
    /// at a format that is not XML to begin with (JSON, GTFS-Realtime).
    public var serialized: [UInt8] {
        var memory: UnsafeMutablePointer<xmlChar>?
        var count: Int32 = 0
        xmlDocDumpFormatMemoryEnc(pointer, &memory, &count, "UTF-8", 1)
        guard let memory else { return [] }
        defer { cxml_free(memory) }
        return Array(UnsafeBufferPointer(start: memory, count: Int(count)))
    }
}
