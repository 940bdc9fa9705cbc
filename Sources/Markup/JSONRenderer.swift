/// Renders a ``Node`` tree as UTF-8 JSON (RFC 8259) that mirrors its XML rendering.
///
/// The document is `{"<root name>": <root content>}`. A `.value` leaf becomes a typed value,
/// `.children` an object keyed by child name, `.list` an array of the items' contents (their names
/// dropped). Attributes become string members ahead of the children; on a leaf the value moves
/// to a `"value"` member and on a list the items to an `"items"` member:
///
/// ```swift
/// JSONRenderer.render(.element("error", attributes: [.init("code", "ambiguous_station")], [
///     .leaf("message", "Which Basel?"),
///     .list("candidates", [.leaf("station", "Basel SBB"), .leaf("station", "Basel Bad Bf")]),
/// ]))
/// // {"error":{"code":"ambiguous_station","message":"Which Basel?","candidates":["Basel SBB","Basel Bad Bf"]}}
/// ```
public enum JSONRenderer {
    /// Renders `root` wrapped in an object keyed by its name; `pretty` indents by two spaces and ends with a newline.
    public static func render(_ root: Node, pretty: Bool = false) -> [UInt8] {
        JSONWriter.document(root, pretty: pretty)
    }

    /// The inside of a JSON string literal for `text` (quotes, backslashes and control characters
    /// escaped; no surrounding quotes): for values inserted into JSON written elsewhere, such as request bodies.
    public static func escaped(_ text: String) -> String {
        JSONWriter.escaped(text)
    }

    /// Renders a flat object with members in the given order, such as an RFC 9457 problem document.
    public static func renderObject(_ members: [(String, Node.Value)], pretty: Bool = false) -> [UInt8] {
        var writer = JSONWriter(capacity: 256, pretty: pretty)
        writer.writeObject(members)
        return writer.bytes.finish()
    }
}
