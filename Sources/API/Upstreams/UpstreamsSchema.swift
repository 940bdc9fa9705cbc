public import Markup
import Model

/// The XML Schema of the `upstreams` document, served at `/api/schema/upstreams.xsd`, derived
/// from the document's declaration.
///
/// The tests validate the served document against it with `xmllint --schema`. Elements are only
/// ever added, as optional ones.
public enum UpstreamsSchema {
    /// The upstreams document and the error document.
    public static let file = SchemaFile(
        path: "/api/schema/upstreams.xsd",
        summary: "GottaGo's upstreams as an operator sees them (/api/upstreams, `gottago upstreams check`), and the error document.",
        documents: [UpstreamsDocument.document.declaration, ErrorShape.document.declaration])
}
