/// Renders a ``Node`` tree as a UTF-8 XML 1.0 document.
///
/// The output is always well-formed: text is escaped, and characters XML 1.0 forbids (C0
/// controls other than tab, LF and CR; U+FFFE; U+FFFF) are dropped rather than escaped.
/// A leaf with no text renders as `<name/>`.
///
/// ```swift
/// XMLRenderer.render(.element("station", [.leaf("id", 8503000), .leaf("name", "Zürich HB")]))
/// // <?xml version="1.0" encoding="UTF-8"?><station><id>8503000</id><name>Zürich HB</name></station>
/// ```
public enum XMLRenderer {
    /// Renders `root` with an XML declaration; `pretty` indents by two spaces and ends every element with a newline.
    public static func render(_ root: Node, pretty: Bool = false) -> [UInt8] {
        XMLWriter.document(root, pretty: pretty)
    }

    /// `text` escaped for a double-quoted attribute value (and so for text too), without the
    /// characters XML 1.0 forbids: for values inserted into XML written elsewhere, such as request bodies.
    public static func escaped(_ text: String) -> String {
        XMLWriter.escaped(text)
    }
}
