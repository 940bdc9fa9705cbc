import Scrape

/// A fingerprint of a route's XPath expressions, in the order the extraction evaluates them, so
/// that `bench/scrape.sh` can check that the C and lxml references evaluate the same ones.
///
/// Each error rule's condition, its message expression and its detail records, then the route's
/// records: a record list's `each`, then its members in order (a nested list where it stands).
/// Every source text is followed by a line feed and hashed with 64-bit FNV-1a; `description` is
/// the count and the hash, `19 0123456789abcdef`, as `extract.c` and `extract_lxml.py` print it.
struct ExpressionDigest: CustomStringConvertible {
    private(set) var count = 0
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    init(_ route: Route) {
        for rule in route.errors {
            add(rule.condition.source)
            if let message = rule.failure.messageXPath { add(message.source) }
            for spec in rule.records { add(spec) }
        }
        for spec in route.records { add(spec) }
    }

    var description: String {
        let hex = String(hash, radix: 16)
        return "\(count) \(String(repeating: "0", count: 16 - hex.count))\(hex)"
    }

    private mutating func add(_ spec: RecordSpec) {
        add(spec.each.source)
        for member in spec.members {
            switch member.kind {
            case .field(let field): add(field.xpath.source)
            case .records(let nested): add(nested)
            }
        }
    }

    private mutating func add(_ source: String) {
        count += 1
        for byte in source.utf8 { mix(byte) }
        mix(0x0A)
    }

    private mutating func mix(_ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
}
