public import Scrape
import Synchronization

/// How often each field of a route's records had a value over the route's last answers, so that
/// an upstream that silently changed its page shows up as a field dropping to 0 %, not as quiet gaps.
///
/// ```swift
/// let rates = FieldFillRates(window: 50)
/// rates.record(route, extraction)            // where extractions happen
/// rates.fill(of: route).fields               // [connections/date 48 of 48, connections/parts/line 0 of 130, …]
/// ```
///
/// One bounded ring of tallies per route; a route's own error answers have no records and are not counted.
public final class FieldFillRates: Sendable {
    /// Answers kept per route.
    public let window: Int
    private let rings = Mutex<[String: FillRing]>([:])

    /// Empty rings of `window` answers each.
    public init(window: Int = 50) {
        self.window = max(1, window)
    }

    /// Counts one extraction of `route`.
    public func record(_ route: Route, _ extraction: Extraction) {
        guard case .success(let lists) = extraction.outcome else { return }
        let tally = FillTally(route, lists)
        rings.withLock { rings in
            rings[route.id, default: FillRing(capacity: window)].add(tally.counts)
        }
    }

    /// The route's fill rates over the answers in its ring: every output field of every list, in route order.
    public func fill(of route: Route) -> RouteFill {
        let layout = FillTally.layout(route)
        let ring = rings.withLock { $0[route.id] }
        let totals = ring?.totals(count: layout.count) ?? Array(repeating: FillTally.Count(), count: layout.count)
        return RouteFill(
            route: route.id, answers: ring?.count ?? 0,
            fields: zip(layout, totals).map { FieldFill(list: $0.0.list, field: $0.0.field, records: $0.1.records, filled: $0.1.filled) })
    }
}

/// One route's fill rates: how many answers were counted and, per field, its records and how many had a value.
public struct RouteFill: Sendable, Equatable {
    /// The route's id.
    public let route: String
    /// Answers with records counted, at most the window.
    public let answers: Int
    /// Every output field of every record list, in route order.
    public let fields: [FieldFill]
}

/// One field of one record list: records seen and how many of them had a value.
public struct FieldFill: Sendable, Equatable {
    /// The list's path from the top (`connections/parts`).
    public let list: String
    /// The field's name.
    public let field: String
    /// Records of the list counted.
    public let records: Int
    /// Records that had a value for the field.
    public let filled: Int

    /// The share of records with a value, 0–1; nil when no record was counted.
    public var rate: Double? {
        records == 0 ? nil : Double(filled) / Double(records)
    }

    /// The share as a whole percentage (rounded down, so that 99.9 % is not shown as full); nil without records.
    public var percent: Int? {
        records == 0 ? nil : filled * 100 / records
    }
}

/// One extraction's counts: per output field of every list, in route order, its records and values.
struct FillTally {
    /// A field's records and how many had a value.
    struct Count: Equatable {
        var records = 0
        var filled = 0
    }

    /// The fields counted, in route order: hidden fields are not output and are left out.
    static func layout(_ route: Route) -> [(list: String, field: String)] {
        var layout: [(list: String, field: String)] = []
        func walk(_ spec: RecordSpec, _ path: String) {
            for member in spec.members {
                switch member.kind {
                case .field(let field) where !field.hidden: layout.append((path, field.name))
                case .records(let nested): walk(nested, path + "/" + nested.list)
                default: continue
                }
            }
        }
        for spec in route.records { walk(spec, spec.list) }
        return layout
    }

    /// The counts, aligned with `layout`.
    private(set) var counts: [Count] = []

    /// Counts the records of one successful extraction.
    init(_ route: Route, _ lists: [Record.Member]) {
        for spec in route.records {
            let records = lists.lazy.compactMap { member -> [Record]? in
                if case .list(let name, let records) = member, name == spec.list { return records }
                return nil
            }.first ?? []
            count(spec, records)
        }
    }

    /// Appends the counts of `spec`'s fields over `records`, then those of its nested lists, in
    /// the order `layout` walks them.
    private mutating func count(_ spec: RecordSpec, _ records: [Record]) {
        for member in spec.members {
            switch member.kind {
            case .field(let field) where !field.hidden:
                var count = Count(records: records.count)
                for record in records where record.members.contains(where: { Self.hasValue($0, field.name) }) { count.filled += 1 }
                counts.append(count)
            case .records(let nested):
                count(nested, records.flatMap { $0.list(nested.list) })
            default:
                continue
            }
        }
    }

    private static func hasValue(_ member: Record.Member, _ name: String) -> Bool {
        if case .field(let field, let values, _) = member, field == name { return values.contains { !$0.isEmpty } }
        return false
    }
}

/// The last answers' tallies of one route, oldest overwritten first.
struct FillRing {
    let capacity: Int
    private var slots: [[FillTally.Count]] = []
    private var next = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Tallies kept.
    var count: Int { slots.count }

    mutating func add(_ counts: [FillTally.Count]) {
        if slots.count < capacity {
            slots.append(counts)
        } else {
            slots[next] = counts
        }
        next = (next + 1) % capacity
    }

    /// The sums over the kept tallies, `count` fields long.
    func totals(count: Int) -> [FillTally.Count] {
        var totals = Array(repeating: FillTally.Count(), count: count)
        for slot in slots {
            for (index, value) in slot.prefix(count).enumerated() {
                totals[index].records += value.records
                totals[index].filled += value.filled
            }
        }
        return totals
    }
}
