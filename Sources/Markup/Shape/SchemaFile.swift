/// One published XML Schema: where it is served, what it covers, and the documents it declares.
///
/// ```swift
/// let file = SchemaFile(path: "/api/schema/sbb.xsd", summary: "GottaGo timetable documents.",
///                       documents: [Schedules.document.declaration, ErrorShape.document.declaration])
/// file.xsd                               // the XSD text, derived
/// file.documents[0].documentJSONSchema() // the JSON Schema of one document's JSON
/// ```
public struct SchemaFile: Sendable {
    /// The path the XSD is served at.
    public let path: String
    /// One line on what the documents are.
    public let summary: String
    /// The root elements, each a document.
    public let documents: [ElementDeclaration]

    /// The XSD text, written once.
    public let xsd: String

    /// Declares a schema file and writes its XSD.
    public init(path: String, summary: String, documents: [ElementDeclaration]) {
        self.path = path
        self.summary = summary
        self.documents = documents
        xsd = XMLSchema.document(summary: summary, roots: documents)
    }
}
