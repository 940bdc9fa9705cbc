#if canImport(Glibc)
import Glibc
#endif
import API
import Fetch
import Markup
import Sandbox
import Scrape
import Server
import Store
import Upstream

/// `gottago upstreams check`: one canary request per configured upstream, then each one's state.
enum UpstreamCommands {
    static let usage = """
        Usage:
          gottago upstreams check [--format table|json] [serve options]
              Send one canary request (its route file's <canary>) to each upstream the chosen providers
              use and each one --upstream names, with the settings `serve` would use (--live, --contact,
              --api-key, --upstream …), and print each upstream's state: a table, or the JSON of
              /api/upstreams with each one's canary. Exit 0 when every one answered, 1 otherwise, 2 on bad options.
        """

    /// `upstreams check …`; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.first == "check" else {
            Environment.write(usage + "\n", to: 2)
            return 2
        }
        var options: [String] = []
        var json = false
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument == "--format" || argument.hasPrefix("--format=") else {
                options.append(argument)
                continue
            }
            var value = String(argument.dropFirst("--format=".count))
            if argument == "--format" {
                value = index < arguments.count ? arguments[index] : ""
                index += 1
            }
            guard value == "table" || value == "json" else { return fail("--format is table or json") }
            json = value == "json"
        }
        let settings: Settings
        let catalog: RouteCatalog
        let plan: UpstreamPlan
        do {
            settings = try ConfigurationLoader(arguments: options, environment: Environment.options(), readFile: Environment.readTextFile).load()
            catalog = try loadCatalog(settings.routes)
            plan = try UpstreamPlan(settings: settings, catalog: catalog)
        } catch {
            return fail(error.description)
        }
        let log = ServerLog(sink: LogSink())
        var gazetteer: Gazetteer?
        if settings.weather != nil || settings.geocoder != nil {
            let directory = settings.dataDirectory.isEmpty ? Environment.cacheDirectory() : settings.dataDirectory
            do {
                gazetteer = try Gazetteer.open(Gazetteer.Configuration(directory: directory))
            } catch {
                return fail("cannot open the gazetteer in \(directory): \(error); choose another folder with --data-dir")
            }
        }
        var fetch = FetchConfiguration()
        fetch.userAgent = settings.userAgent
        let fetcher: CurlFetcher
        let upstreams: Upstreams
        let sandbox: SandboxServer?
        do {
            fetcher = try CurlFetcher(configuration: fetch)
            let policies: [String: UpstreamPolicy]
            (policies, sandbox, _) = try plan.start(settings, gazetteer: gazetteer, log: log)
            // A cache of its own: every canary reaches its upstream.
            upstreams = try Upstreams(catalog: catalog, fetcher: fetcher, cache: MemoryCache(), policies: policies)
        } catch {
            return fail("\(error)")
        }
        let names = plan.configured(settings)
        let results = await canaries(names, plan: plan, upstreams: upstreams, settings: settings)
        let uses = plan.apiUses
        if json {
            let document = UpstreamsDocument.node(upstreams, uses: uses, names: names, canaries: results)
            Environment.write(String(decoding: JSONRenderer.render(document, pretty: true), as: UTF8.self) + "\n", to: 1)
        } else {
            let statuses = names.compactMap { upstreams.status(of: $0) }
            Environment.write(UpstreamTable.render(statuses, uses: uses, canaries: results), to: 1)
        }
        fetcher.shutdown()
        await sandbox?.shutdown()
        let checked = names.compactMap { results[$0] }
        return checked.allSatisfy(\.answered) ? 0 : 1
    }

    /// Sends every upstream's canary at once; an upstream without one is left out.
    static func canaries(_ names: [String], plan: UpstreamPlan, upstreams: Upstreams, settings: Settings) async -> [String: CanaryResult] {
        let seconds = upstreams.now() / 1000
        let options: @Sendable (String) -> String? = { [apiKey = settings.apiKey] in $0 == "api-key" ? apiKey : nil }
        return await withTaskGroup(of: (String, CanaryResult)?.self) { group in
            for name in names {
                guard let route = canaryRoute(name, plan: plan, catalog: upstreams.catalog), let canary = route.canary,
                    let client = upstreams[name]
                else { continue }
                let parameters = canary.values(at: seconds, in: route.response.timeZone, options: options)
                group.addTask { (name, await ask(client, route, parameters)) }
            }
            var results: [String: CanaryResult] = [:]
            for await case let (name, result)? in group { results[name] = result }
            return results
        }
    }

    /// The route an upstream's canary goes through: its provider's main route with a canary, else any of its routes with one.
    static func canaryRoute(_ name: String, plan: UpstreamPlan, catalog: RouteCatalog) -> Scrape.Route? {
        let preferred = plan.uses.filter { $0.upstream == name }.flatMap(\.routeIDs).compactMap { catalog[$0] }
        return (preferred + catalog.routes.filter { $0.upstream == name }).first { $0.canary != nil }
    }

    static func ask(_ client: UpstreamClient, _ route: Scrape.Route, _ parameters: [String: String]) async -> CanaryResult {
        do throws(UpstreamFailure) {
            let answer = try await client.extract(route, parameters: parameters)
            switch answer.extraction.outcome {
            case .success(let lists):
                let records = lists.reduce(0) { count, member in
                    if case .list(_, let records) = member { return count + records.count }
                    return count
                }
                return CanaryResult(route: route.id, code: "ok", records: records, message: nil, answered: true)
            case .failure(let failure):
                return CanaryResult(route: route.id, code: failure.code, records: 0, message: failure.message, answered: true)
            }
        } catch {
            return CanaryResult(route: route.id, code: error.code, records: 0, message: error.message, answered: false)
        }
    }

    private static func loadCatalog(_ directory: String) throws(ConfigurationError) -> RouteCatalog {
        do {
            return try RouteCatalog.load(from: directory)
        } catch {
            throw ConfigurationError(description: "\(error.description)\nthe route files in \(directory) are invalid")
        }
    }

    private static func fail(_ message: String) -> Int32 {
        Environment.write("gottago upstreams: \(message)\n", to: 2)
        return 2
    }
}
