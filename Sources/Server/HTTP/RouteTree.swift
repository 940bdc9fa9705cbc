/// The segment trie behind `Router`: it finds which template a raw path matches, without
/// knowing the values stored for it (so it is not generic and is compiled once).
///
/// Matching runs per request, so the trie is kept as flat tables of plain integers and one
/// byte pool for the literals: walking it touches no reference counts.
struct RouteTree: Sendable {
    private struct Node: Sendable {
        /// The node's literal edges are `edges[firstEdge ..< firstEdge + edgeCount]`.
        var firstEdge = 0
        var edgeCount = 0
        /// The node's suffixed-parameter edges (`{name}.svg`) are `suffixEdges[firstSuffix ..< firstSuffix + suffixCount]`.
        var firstSuffix = 0
        var suffixCount = 0
        var parameter = -1
        var leaf = -1
    }

    private struct Edge: Sendable {
        /// The literal is `pool[start ..< start + count]`.
        var start: Int
        var count: Int
        var child: Int
    }

    /// Where a path led: the leaf's number, the byte ranges of the parameters, the suffix format.
    struct Location {
        let leaf: Int
        let captures: [Range<Int>]
        let format: Format?
    }

    private var nodes = [Node()]
    private var edges: [Edge] = []
    /// Edges whose bytes are a parameter's suffix, in the same pool.
    private var suffixEdges: [Edge] = []
    private var pool: [UInt8] = []
    /// Each node's literal children, the form registration edits; `edges` and `pool` are rebuilt from it.
    private var literals: [[(bytes: [UInt8], child: Int)]] = [[]]
    /// Each node's suffixed-parameter children, by suffix; `suffixEdges` is rebuilt from it.
    private var suffixes: [[(bytes: [UInt8], child: Int)]] = [[]]

    /// The leaf number of a template's node, if a template of that shape was inserted.
    func leaf(of template: PathTemplate) -> Int? {
        var node = 0
        for segment in template.segments {
            guard let child = child(of: node, segment) else { return nil }
            node = child
        }
        return nodes[node].leaf >= 0 ? nodes[node].leaf : nil
    }

    private func child(of node: Int, _ segment: PathTemplate.Segment) -> Int? {
        switch segment {
        case .literal(let bytes): literals[node].first { $0.bytes == bytes }?.child
        case .parameter: nodes[node].parameter >= 0 ? nodes[node].parameter : nil
        case .suffixed(_, let suffix): suffixes[node].first { $0.bytes == suffix }?.child
        }
    }

    /// Adds the nodes for a template and marks its last one with a leaf number.
    mutating func insert(_ template: PathTemplate, leaf: Int) {
        var node = 0
        for segment in template.segments {
            if let child = child(of: node, segment) {
                node = child
                continue
            }
            nodes.append(Node())
            literals.append([])
            suffixes.append([])
            let child = nodes.count - 1
            switch segment {
            case .literal(let bytes): literals[node].append((bytes, child))
            case .parameter: nodes[node].parameter = child
            case .suffixed(_, let suffix): suffixes[node].append((suffix, child))
            }
            node = child
        }
        nodes[node].leaf = leaf
        rebuildEdges()
    }

    private mutating func rebuildEdges() {
        edges.removeAll(keepingCapacity: true)
        suffixEdges.removeAll(keepingCapacity: true)
        pool.removeAll(keepingCapacity: true)
        for node in nodes.indices {
            nodes[node].firstEdge = edges.count
            nodes[node].edgeCount = literals[node].count
            for (bytes, child) in literals[node] {
                edges.append(Edge(start: pool.count, count: bytes.count, child: child))
                pool.append(contentsOf: bytes)
            }
            nodes[node].firstSuffix = suffixEdges.count
            nodes[node].suffixCount = suffixes[node].count
            for (bytes, child) in suffixes[node] {
                suffixEdges.append(Edge(start: pool.count, count: bytes.count, child: child))
                pool.append(contentsOf: bytes)
            }
        }
    }

    /// Finds the template a raw path (bytes, starting with `/`) matches.
    func locate(_ path: UnsafeBufferPointer<UInt8>) -> Location? {
        guard path.first == UInt8(ascii: "/") else { return nil }
        return nodes.withUnsafeBufferPointer { nodes in
            edges.withUnsafeBufferPointer { edges in
                suffixEdges.withUnsafeBufferPointer { suffixEdges in
                    pool.withUnsafeBufferPointer { pool in
                        let tables = Tables(nodes: nodes, edges: edges, suffixEdges: suffixEdges, pool: pool, path: path)
                        var captures: [Range<Int>] = []
                        let first = path.count == 1 ? nil : 1
                        // A suffix is tried stripped first, then as part of the segment, so a literal
                        // template such as `/openapi.json` still matches itself.
                        if let (format, length) = Format.suffix(ofPath: path),
                            let leaf = tables.find(0, first, path.count - length, &captures)
                        {
                            return Location(leaf: leaf, captures: captures, format: format)
                        }
                        if let leaf = tables.find(0, first, path.count, &captures) {
                            return Location(leaf: leaf, captures: captures, format: nil)
                        }
                        return nil
                    }
                }
            }
        }
    }

    private struct Tables {
        let nodes: UnsafeBufferPointer<Node>
        let edges: UnsafeBufferPointer<Edge>
        let suffixEdges: UnsafeBufferPointer<Edge>
        let pool: UnsafeBufferPointer<UInt8>
        let path: UnsafeBufferPointer<UInt8>

        /// Depth-first search from `node` for the segment starting at `position` (nil once every
        /// segment is consumed); a literal child is tried first, then a suffixed parameter whose
        /// suffix ends the segment (leaving at least one byte to capture), then the parameter child.
        func find(_ node: Int, _ position: Int?, _ end: Int, _ captures: inout [Range<Int>]) -> Int? {
            let current = nodes[node]
            guard let position else { return current.leaf >= 0 ? current.leaf : nil }
            var segmentEnd = position
            while segmentEnd < end, path[segmentEnd] != UInt8(ascii: "/") { segmentEnd += 1 }
            guard segmentEnd > position else { return nil }
            let next = segmentEnd == end ? nil : segmentEnd + 1
            for edge in edges[current.firstEdge..<(current.firstEdge + current.edgeCount)]
            where literal(edge, equals: position, segmentEnd) {
                if let found = find(edge.child, next, end, &captures) { return found }
                break
            }
            for edge in suffixEdges[current.firstSuffix..<(current.firstSuffix + current.suffixCount)]
            where segmentEnd - position > edge.count && literal(edge, equals: segmentEnd - edge.count, segmentEnd) {
                if captures.capacity == 0 { captures.reserveCapacity(8) }
                captures.append(position..<(segmentEnd - edge.count))
                if let found = find(edge.child, next, end, &captures) { return found }
                captures.removeLast()
            }
            if current.parameter >= 0 {
                if captures.capacity == 0 { captures.reserveCapacity(8) }
                captures.append(position..<segmentEnd)
                if let found = find(current.parameter, next, end, &captures) { return found }
                captures.removeLast()
            }
            return nil
        }

        private func literal(_ edge: Edge, equals start: Int, _ end: Int) -> Bool {
            guard edge.count == end - start else { return false }
            for offset in 0..<edge.count where pool[edge.start + offset] != path[start + offset] { return false }
            return true
        }
    }
}
