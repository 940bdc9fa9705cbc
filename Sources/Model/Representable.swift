public import Markup

/// A model value that renders as a document tree, and so as XML or JSON.
public protocol Representable: Sendable {
    /// The element this value is shown as.
    var node: Node { get }
}
