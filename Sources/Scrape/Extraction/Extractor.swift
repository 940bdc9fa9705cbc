public import Markup
import Kernel

/// Runs a route over one response: parse, check the error rules, extract and normalize the records.
///
/// ```swift
/// let extraction = Extractor.run(route, body: bytes, contentType: "text/xml; charset=iso-8859-1", parameters: ["date": "20161223"])
/// print(XMLRenderer.render(extraction.node, pretty: true))
/// ```
///
/// The document lives only inside `run`; everything returned is plain `Sendable` values.
public enum Extractor {
    /// Extracts what the route describes from a response body.
    public static func run(
        _ route: Route, body: [UInt8], contentType: String? = nil, parameters: [String: String] = [:],
        limits: DocumentLimits = DocumentLimits()
    ) -> Extraction {
        var notes = Notes()
        let outcome: Result<[Record.Member], RouteFailure>
        do {
            let document = try Document.parse(
                body, as: route.response.format,
                options: ParseOptions(contentType: contentType, recover: route.response.recover, limits: limits))
            if document.diagnostics.count > 0 {
                notes.add("the \(route.response.format.rawValue) parser repaired \(document.diagnostics.count) problem(s), first: \(document.diagnostics.messages.first ?? "")")
            }
            let xpath = try XPathEvaluator(document, namespaces: route.response.namespaces)
            xpath.setVariable(Route.indexVariable, to: 0)
            var run = Run(route: route, xpath: xpath, parameters: parameters, timeZone: zone(of: route, parameters, notes: &notes))
            outcome = try run.evaluate()
            notes.merge(run.notes)
        } catch {
            notes.add("\(error)")
            let failure = route.unparsable
            let code = error.kind == .xpathLimit ? FailureCodes.tooComplex : failure.code
            outcome = .failure(RouteFailure(code: code, kind: .fault, message: failure.message, details: []))
        }
        return Extraction(route: route.id, outcome: outcome, diagnostics: notes.lines)
    }
}

extension Extractor {
    /// The zone of the route's local times: its fixed one, or the one its zone parameter names
    /// (UTC, noted, when that is missing or not a zone).
    static func zone(of route: Route, _ parameters: [String: String], notes: inout Notes) -> ZoneRules {
        guard let name = route.response.timeZoneParameter else { return route.response.timeZone }
        let value = parameters[name] ?? route.parameters.first { $0.name == name }?.defaultValue ?? ""
        do {
            return try ZoneRules.named(value)
        } catch {
            notes.add("timezone {\(name)}: \(error.message); times are in UTC")
            return .utc
        }
    }
}

/// Diagnostics, bounded.
struct Notes {
    private(set) var lines: [String] = []
    private var dropped = 0

    mutating func add(_ line: String) {
        if lines.count < Extraction.maxDiagnostics { lines.append(line) } else { dropped += 1 }
    }

    mutating func merge(_ other: Notes) {
        for line in other.lines { add(line) }
        dropped += other.dropped
    }
}

/// One extraction over one document.
private struct Run {
    let route: Route
    let xpath: XPathEvaluator
    let parameters: [String: String]
    let timeZone: ZoneRules
    var notes = Notes()

    mutating func evaluate() throws(DocumentError) -> Result<[Record.Member], RouteFailure> {
        for rule in route.errors where try xpath.boolean(rule.condition) {
            var message = rule.failure.message
            if let expression = rule.failure.messageXPath, let read = try xpath.strings(expression).first, !read.isEmpty {
                message = read
            }
            var details: [Record.Member] = []
            for spec in rule.records {
                details.append(.list(name: spec.list, records: try records(spec, at: nil, parent: nil, path: spec.list)))
            }
            return .failure(RouteFailure(code: rule.failure.code, kind: rule.failure.kind, message: message, details: details))
        }
        var lists: [Record.Member] = []
        for spec in route.records {
            lists.append(.list(name: spec.list, records: try records(spec, at: nil, parent: nil, path: spec.list)))
        }
        return .success(lists)
    }

    private mutating func records(
        _ spec: RecordSpec, at node: DocumentNode?, parent: [String: FieldValue]?, path: String
    ) throws(DocumentError) -> [Record] {
        // A top-level list is in no record; a nested one's `each` sees its enclosing record's `$index`.
        if node == nil { xpath.setVariable(Route.indexVariable, to: 0) }
        let nodes = try xpath.nodes(spec.each, at: node)
        var output: [Record] = []
        var previous: [String: FieldValue] = [:]
        for (index, recordNode) in nodes.enumerated() {
            guard output.count < spec.limit else {
                notes.add("\(path): kept the first \(spec.limit) of \(nodes.count) records")
                break
            }
            let here = "\(path)[\(index + 1)]"
            if let record = try record(spec, at: recordNode, index: index + 1, parent: parent, previous: previous, path: here) {
                output.append(record.record)
                previous = record.values
            }
        }
        return output
    }

    /// One record; `index` is its node's position in the list's `each` selection, bound to
    /// `$index` while its fields are read, so that parallel arrays can be joined by position.
    private mutating func record(
        _ spec: RecordSpec, at node: DocumentNode, index: Int, parent: [String: FieldValue]?, previous: [String: FieldValue], path: String
    ) throws(DocumentError) -> (record: Record, values: [String: FieldValue])? {
        xpath.setVariable(Route.indexVariable, to: Double(index))
        let scope = RecordScope(parent: parent, parameters: parameters, previousRecord: previous, timeZone: timeZone)
        scope.current.reserveCapacity(spec.members.count)
        var members: [Record.Member] = []
        members.reserveCapacity(spec.members.count)
        for member in spec.members {
            switch member.kind {
            case .field(let field):
                let found = try fieldValues(field, at: node, scope: FieldScope(record: scope, field: field.name), path: path)
                guard !found.isEmpty else {
                    if field.required {
                        notes.add("\(path): dropped, required field \(field.name) is missing")
                        return nil
                    }
                    continue
                }
                scope.current[field.name] = found[0]
                if !field.hidden { members.append(.field(name: field.name, values: found, item: field.item)) }
            case .records(let nested):
                let records = try records(nested, at: node, parent: scope.current, path: path + "/" + nested.list)
                members.append(.list(name: nested.list, records: records))
                // The nested records bound their own positions.
                xpath.setVariable(Route.indexVariable, to: Double(index))
            }
        }
        return (Record(name: spec.name, members: members), scope.current)
    }

    private mutating func fieldValues(_ field: FieldSpec, at node: DocumentNode, scope: FieldScope, path: String) throws(DocumentError) -> [FieldValue] {
        for name in field.xpathReferences {
            xpath.setVariable(name, to: scope.record.current[name]?.text ?? "")
        }
        let raw: [String]
        if field.item == nil {
            raw = try xpath.firstNonBlankString(field.xpath, at: node).map { [$0] } ?? []
        } else {
            raw = try xpath.strings(field.xpath, at: node).filter { !$0.isBlank }
        }
        var values: [FieldValue]
        if let chain = field.normalizers, !raw.isEmpty {
            do {
                values = try chain.values(raw, in: scope)
            } catch {
                notes.add("\(path)/\(field.name): \(error.message)")
                values = []
            }
        } else {
            values = raw.map(FieldValue.text)
        }
        if values.isEmpty, let fallback = field.defaultValue { values = [.text(fallback)] }
        return values
    }
}

/// What the fields of one record can refer to: the values found so far, the enclosing record's,
/// the previous record's and the parameters. One per record, shared by its fields' scopes.
private final class RecordScope {
    var current: [String: FieldValue] = [:]
    let parent: [String: FieldValue]?
    let parameters: [String: String]
    /// The previous record's values, looked up only when a normalizer asks for `$previous`.
    let previousRecord: [String: FieldValue]
    let timeZone: ZoneRules

    init(parent: [String: FieldValue]?, parameters: [String: String], previousRecord: [String: FieldValue], timeZone: ZoneRules) {
        self.parent = parent
        self.parameters = parameters
        self.previousRecord = previousRecord
        self.timeZone = timeZone
    }
}

/// What a field's normalizers can refer to: its record's scope and its own name (for
/// `$previous`). Small enough to be passed as `any NormalizerContext` without a box of its own.
private struct FieldScope: NormalizerContext {
    let record: RecordScope
    let field: String

    var timeZone: ZoneRules { record.timeZone }

    /// A referenced value's text, written only when a normalizer asks for it.
    func value(of reference: ValueReference) -> String? {
        fieldValue(of: reference)?.text
    }

    func fieldValue(of reference: ValueReference) -> FieldValue? {
        switch reference {
        case .field(let name): record.current[name]
        case .parentField(let name): record.parent?[name]
        case .parameter(let name): record.parameters[name].map(FieldValue.text)
        case .previous: record.previousRecord[field]
        }
    }
}
