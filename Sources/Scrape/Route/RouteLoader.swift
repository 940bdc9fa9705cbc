import Markup
import Kernel

/// Reads route files: schema first, then every XPath compiled and probed, every normalizer chain
/// checked and every `$reference` resolved, so that a route that loads cannot fail for its own sake later.
struct RouteLoader {
    let file: String
    let folder: String?
    private let document: Document
    private let xpath: XPathEvaluator
    private let children: XPathExpression
    private var parameterNames: Set<String> = []
    private var repeatableNames: Set<String> = []
    private var urlParameterNames: Set<String> = []
    private var probe: XPathEvaluator?
    private let probeDocument: Document

    /// Prepares to read `bytes`, already validated against the schema.
    init(bytes: [UInt8], file: String, folder: String?) throws(RouteError) {
        self.file = file
        self.folder = folder
        do {
            document = try Document.parse(bytes, as: .xml)
            xpath = try XPathEvaluator(document)
            children = try XPathExpression("*")
            probeDocument = try Document.parse(Array("<probe/>".utf8), as: .xml)
        } catch {
            throw RouteError(file, line: error.line, error.message)
        }
    }

    /// Builds the route.
    mutating func load(digest: String) throws(RouteError) -> Route {
        guard let root = document.root, root.name == "route", let id = root.attribute("id"),
            let domain = root.attribute("domain")
        else { throw RouteError(file, line: 1, "the root element must be <route id=… domain=…>") }
        if let folder, folder != id {
            throw RouteError(file, line: root.line, "route id \"\(id)\" does not match its folder \"\(folder)\"")
        }
        var parameters: [RouteParameter] = []
        for list in try elements(root, "parameters") {
            for node in try elements(list, "parameter") { parameters.append(parameter(node)) }
        }
        parameterNames = Set(parameters.map(\.name))
        urlParameterNames = Set(parameters.filter(\.isURL).map(\.name))
        repeatableNames = Set(parameters.filter(\.isRepeatable).map(\.name))
        guard parameterNames.count == parameters.count else { throw RouteError(file, line: root.line, "a parameter is declared twice") }
        let response = try responseSpec(try one(root, "response"))
        if let name = response.timeZoneParameter, !parameterNames.contains(name) {
            throw RouteError(file, line: root.line, "the response's timezone {\(name)} is not a declared parameter")
        }
        do {
            probe = try XPathEvaluator(probeDocument, namespaces: response.namespaces)
            probe?.setVariable(Route.indexVariable, to: 0)
        } catch {
            throw RouteError(file, line: root.line, error.message)
        }
        let request = try requestTemplate(try one(root, "request"))
        var unparsable = Failure(
            code: FailureCodes.unparsable, kind: .fault,
            message: "The upstream answered with something that is not \(response.format.rawValue.uppercased()).", line: 0, messageXPath: nil)
        var rules: [ErrorRule] = []
        for errors in try elements(root, "errors") {
            if let node = try elements(errors, "unparsable").first { unparsable = try failure(node) }
            for node in try elements(errors, "error") {
                let records = try elements(node, "record").map { record throws(RouteError) in try recordSpec(record, parent: nil) }
                rules.append(ErrorRule(condition: try compile(node.attribute("when") ?? "", at: node), failure: try failure(node), records: records, line: node.line))
            }
        }
        let records = try elements(try one(root, "extract"), "record").map { node throws(RouteError) in try recordSpec(node, parent: nil) }
        var cache: CacheTimes?
        if let node = try elements(root, "cache").first {
            // The schema has checked that these are whole numbers of seconds.
            let seconds = { (name: String) in node.attribute(name).flatMap(Double.init) }
            cache = CacheTimes(
                fresh: seconds("fresh") ?? 0, staleWhileRevalidate: seconds("stale-while-revalidate") ?? 0,
                staleIfError: seconds("stale-if-error") ?? 0, usesExpires: node.attribute("use-expires") == "true",
                conditional: node.attribute("conditional") == "true")
        }
        var route = Route(
            id: id, domain: domain, upstream: root.attribute("upstream") ?? id, summary: text(try one(root, "summary")),
            parameters: parameters, request: request, response: response, cache: cache, errors: rules,
            unparsable: unparsable, records: records, digest: digest)
        route.canary = try canary(root, parameters: parameters)
        route.retired = retirement(root)
        if let node = try elements(root, "politeness").first {
            // The schema has checked the numbers.
            route.politeness = PolitenessPreset(
                maxConcurrent: node.attribute("max-concurrent").flatMap { Int($0) }, rate: node.attribute("rate").flatMap { Double($0) },
                burst: node.attribute("burst").flatMap { Int($0) }, dailyQuota: node.attribute("daily-quota").flatMap { Int($0) },
                bucket: node.attribute("bucket"), window: node.attribute("window").flatMap { Double($0) })
        }
        if let node = try elements(root, "follow").first {
            let follow = FollowUp(
                route: node.attribute("route") ?? "", parameter: node.attribute("parameter") ?? "", list: node.attribute("list") ?? "",
                field: node.attribute("field") ?? "")
            guard records.contains(where: { $0.list == follow.list && $0.members.contains { if case .field(let f) = $0.kind { f.name == follow.field } else { false } } }) else {
                throw RouteError(file, line: node.line, "follow: the route extracts no field \(follow.field) in a list \(follow.list)")
            }
            guard follow.route != id else { throw RouteError(file, line: node.line, "follow: a route cannot follow itself") }
            route.follow = follow
        }
        return route
    }

    // MARK: Parts

    private func parameter(_ node: DocumentNode) -> RouteParameter {
        var parameter = RouteParameter(
            name: node.attribute("name") ?? "", required: node.attribute("required") == "true",
            defaultValue: node.attribute("default"),
            urlEncoding: node.attribute("encoding") == "iso-8859-1" ? .latin1 : .utf8, summary: text(node),
            maxValues: node.attribute("repeat").flatMap { Int($0) } ?? 1)
        if node.attribute("type") == "url" {
            parameter.urlHosts = (node.attribute("hosts") ?? "").split(separator: " ").map(String.init)
        }
        return parameter
    }

    private func requestTemplate(_ node: DocumentNode) throws(RouteError) -> RequestTemplate {
        let headers = try elements(node, "header").map { ($0.attribute("name") ?? "", $0.stringValue) }
        let body = try elements(node, "body").first
        let template = RequestTemplate(
            method: node.attribute("method") ?? "GET", url: node.attribute("url") ?? "", headers: headers,
            body: body?.stringValue, bodyEncoding: body?.attribute("charset") == "iso-8859-1" ? .latin1 : .utf8,
            bodyFormat: body?.attribute("format") == "json" ? .json : .xml)
        for name in template.placeholders where !parameterNames.contains(name) {
            throw RouteError(file, line: node.line, "the request uses {\(name)}, which is not a declared parameter")
        }
        // An address is the whole start of the URL, and nowhere else.
        for name in urlParameterNames {
            let uses = template.placeholders.filter { $0 == name }.count
            guard uses == 1, template.url.hasPrefix("{\(name)}") else {
                throw RouteError(file, line: node.line, "the url-typed parameter {\(name)} must start the request URL, once, and appear nowhere else")
            }
        }
        if template.url.hasPrefix("{"), !urlParameterNames.contains(where: { template.url.hasPrefix("{\($0)}") }) {
            throw RouteError(file, line: node.line, "a request URL starts with http:// or https://, or with a url-typed parameter")
        }
        for part in [template.url] + template.headers.map(\.value) + (template.body.map { [$0] } ?? []) {
            if let problem = RequestTemplate.sectionProblem(in: part, repeatable: repeatableNames) {
                throw RouteError(file, line: node.line, problem)
            }
        }
        if template.bodyFormat == .json, let body = template.body, let problem = RequestTemplate.jsonBodyProblem(in: body) {
            throw RouteError(file, line: node.line, problem)
        }
        return template
    }

    private func responseSpec(_ node: DocumentNode) throws(RouteError) -> ResponseSpec {
        let zone: ZoneRules
        let attribute = node.attribute("timezone") ?? "UTC"
        let zoneParameter = attribute.hasPrefix("{") && attribute.hasSuffix("}") ? String(attribute.dropFirst().dropLast()) : nil
        do {
            zone = try ZoneRules.named(zoneParameter == nil ? attribute : "UTC")
        } catch {
            throw RouteError(file, line: node.line, "timezone: \(error.message)")
        }
        let namespaces = try elements(node, "namespace").map { (prefix: $0.attribute("prefix") ?? "", uri: $0.attribute("uri") ?? "") }
        return ResponseSpec(
            format: DocumentFormat(rawValue: node.attribute("format") ?? "") ?? .xml, recover: node.attribute("recover") == "true",
            timeZone: zone, timeZoneParameter: zoneParameter, namespaces: namespaces)
    }

    private func failure(_ node: DocumentNode) throws(RouteError) -> Failure {
        let expression = try node.attribute("message-xpath").map { source throws(RouteError) in try compile(source, at: node) }
        let code = node.attribute("code") ?? ""
        guard let kind = FailureCodes.kind(of: code) else {
            throw RouteError(file, line: node.line, "unknown error code \"\(code)\"; the codes are \(FailureCodes.kinds.keys.sorted().joined(separator: ", "))")
        }
        return Failure(
            code: code, kind: kind,
            message: node.attribute("message") ?? "The upstream reported an error.", line: node.line, messageXPath: expression)
    }

    /// A record list; `parent` names the enclosing record's fields declared so far, for `$../name`.
    private func recordSpec(_ node: DocumentNode, parent: Set<String>?) throws(RouteError) -> RecordSpec {
        let name = node.attribute("name") ?? ""
        var fields: Set<String> = []
        var members: [RecordSpec.Member] = []
        for child in try elements(node) {
            switch child.name {
            case "field":
                let field = try fieldSpec(child, record: name, earlier: fields, parent: parent)
                guard fields.insert(field.name).inserted else {
                    throw RouteError(file, line: child.line, "record \(name) has two fields named \(field.name)")
                }
                members.append(.field(field))
            case "record":
                members.append(.records(try recordSpec(child, parent: fields)))
            default:
                continue
            }
        }
        return RecordSpec(
            name: name, list: node.attribute("list") ?? name, each: try compile(node.attribute("each") ?? "", at: node),
            limit: Int(node.attribute("limit") ?? "") ?? 1000, members: members, line: node.line)
    }

    private func fieldSpec(_ node: DocumentNode, record: String, earlier: Set<String>, parent: Set<String>?) throws(RouteError) -> FieldSpec {
        let name = node.attribute("name") ?? ""
        var chain: NormalizerChain?
        if let text = node.attribute("normalize") {
            do {
                chain = try NormalizerChain(parsing: text)
            } catch {
                throw RouteError(file, line: node.line, error.message)
            }
            for reference in chain?.references ?? [] {
                switch reference {
                case .field(let other) where !earlier.contains(other):
                    throw RouteError(file, line: node.line, "field \(name): $\(other) is not a field declared before it in record \(record)")
                case .parentField(let other) where !(parent?.contains(other) ?? false):
                    throw RouteError(file, line: node.line, "field \(name): $../\(other) is not a field of the enclosing record declared before this one")
                case .parameter(let other) where !parameterNames.contains(other):
                    throw RouteError(file, line: node.line, "field \(name): $param.\(other) is not a declared parameter")
                default:
                    continue
                }
            }
        }
        let (xpath, references) = try fieldXPath(node.attribute("xpath") ?? "", field: name, record: record, earlier: earlier, at: node)
        return FieldSpec(
            name: name, xpath: xpath, required: node.attribute("required") == "true",
            defaultValue: node.attribute("default"), normalizers: chain, item: node.attribute("item"),
            hidden: node.attribute("hidden") == "true", line: node.line, xpathReferences: references)
    }

    /// A field's expression and the earlier fields of its record it reads as `$name` (besides
    /// `$index`); any other variable fails here, as an unbound one would on every response.
    private func fieldXPath(
        _ source: String, field: String, record: String, earlier: Set<String>, at node: DocumentNode
    ) throws(RouteError) -> (XPathExpression, [String]) {
        let references: [String]
        do {
            references = try XPathExpression(source).variableNames.filter { $0 != Route.indexVariable }
        } catch {
            throw RouteError(file, line: node.line, error.message)
        }
        for name in references {
            guard earlier.contains(name) else {
                throw RouteError(file, line: node.line, "field \(field): the XPath's $\(name) is not a field declared before it in record \(record)")
            }
            probe?.setVariable(name, to: "")
        }
        return (try compile(source, at: node), references)
    }

    // MARK: Reading the route document

    /// Compiles an expression and evaluates it once on an empty document with the route's
    /// namespaces, so that unknown prefixes and functions fail here, not on a live response.
    private func compile(_ source: String, at node: DocumentNode) throws(RouteError) -> XPathExpression {
        do {
            let expression = try XPathExpression(source)
            _ = try probe?.strings(expression)
            return expression
        } catch {
            throw RouteError(file, line: node.line, error.message)
        }
    }

    func elements(_ node: DocumentNode, _ name: String? = nil) throws(RouteError) -> [DocumentNode] {
        do {
            return try xpath.nodes(children, at: node).filter { name == nil || $0.name == name }
        } catch {
            throw RouteError(file, line: node.line, error.message)
        }
    }

    private func one(_ node: DocumentNode, _ name: String) throws(RouteError) -> DocumentNode {
        guard let found = try elements(node, name).first else { throw RouteError(file, line: node.line, "<\(name)> is missing") }
        return found
    }

    private func text(_ node: DocumentNode) -> String {
        node.stringValue.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
