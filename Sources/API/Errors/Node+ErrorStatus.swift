import Markup

extension Node {
    /// The tree with each `<error>` that lacks one led by a `<status>`: the one the error catalog
    /// gives for its `<code>`. Model's per-item errors carry a code only; this is where a client's
    /// document gets their status, unchanged from when the lower layers chose it.
    func withErrorStatuses() -> Node {
        var node = self
        node.fillErrorStatuses()
        return node
    }

    private mutating func fillErrorStatuses() {
        switch content {
        case .value:
            return
        case .children(var children):
            if name == "error", let first = children.first, first.name == "code", case .value(.string(let code)) = first.content {
                children.insert(.leaf("status", ErrorCatalog.status(of: code)), at: 0)
                content = .children(children)
                return
            }
            guard children.contains(where: \.holdsElements) else { return }
            content = .children([])  // drop the reference, so that the array is changed in place
            for index in children.indices { children[index].fillErrorStatuses() }
            content = .children(children)
        case .list(var items):
            guard items.contains(where: \.holdsElements) else { return }
            content = .list([])
            for index in items.indices { items[index].fillErrorStatuses() }
            content = .list(items)
        }
    }

    private var holdsElements: Bool {
        if case .value = content { return false }
        return true
    }
}
