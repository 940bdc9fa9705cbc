import Markup
import Kernel

/// Every route in a `Routes/` folder, loaded and checked together.
///
/// ```swift
/// let catalog = try RouteCatalog.load(from: "Routes")
/// let route = catalog["hafas-extxml-connections"]
/// ```
public struct RouteCatalog: Sendable {
    /// The routes by id, in id order.
    public let routes: [Route]
    /// The folder they came from.
    public let directory: String

    /// The route with this id.
    public subscript(id: String) -> Route? {
        routes.first { $0.id == id }
    }

    /// The catalog with the routes `ids` moved to `upstream` (``Route/reassigned(to:hosts:)``,
    /// their hosts as their files give them): a provider that speaks a shipped route's API from
    /// a server of its own (`--timetable motis`).
    public func reassigning(_ ids: [String], to upstream: String) -> RouteCatalog {
        RouteCatalog(
            routes: routes.map { route in
                guard ids.contains(route.id) else { return route }
                return route.reassigned(to: upstream, hosts: route.parameters.lazy.compactMap(\.urlHosts).first ?? [])
            }, directory: directory)
    }

    /// Every problem found in the route files, one per broken route.
    public struct LoadFailure: Error, Sendable, CustomStringConvertible {
        public let errors: [RouteError]
        public var description: String { errors.map(\.description).joined(separator: "\n") }
    }

    /// Loads `directory/route.rng` and every `directory/<id>/route.xml`; any invalid route fails the
    /// whole load, listing every broken route, so that a server never starts with half its routes.
    public static func load(from directory: String) throws(LoadFailure) -> RouteCatalog {
        let schemaPath = directory + "/route.rng"
        let schema: RouteSchema
        let names: [String]
        do {
            schema = try RouteSchema(bytes: try read(schemaPath), path: schemaPath)
            names = try Files.list(directory).filter { Files.isDirectory(directory + "/" + $0) }
        } catch let error as RouteError {
            throw LoadFailure(errors: [error])
        } catch {
            throw LoadFailure(errors: [RouteError(directory, line: nil, "\(error)")])
        }
        var routes: [Route] = []
        var errors: [RouteError] = []
        for name in names {
            let file = directory + "/" + name + "/route.xml"
            guard Files.exists(file) else { continue }
            do {
                routes.append(try load(file: file, folder: name, schema: schema))
            } catch {
                errors.append(error)
            }
        }
        // A follow-up names a route of the same upstream with a url-typed parameter of that name.
        for route in routes {
            guard let follow = route.follow else { continue }
            let file = directory + "/" + route.id + "/route.xml"
            guard let next = routes.first(where: { $0.id == follow.route }) else {
                errors.append(RouteError(file, line: nil, "follow: there is no route \(follow.route)"))
                continue
            }
            if next.upstream != route.upstream {
                errors.append(RouteError(file, line: nil, "follow: \(follow.route) talks to \(next.upstream), not to \(route.upstream)"))
            }
            if !(next.parameters.first { $0.name == follow.parameter }?.isURL ?? false) {
                errors.append(RouteError(file, line: nil, "follow: \(follow.route) has no url-typed parameter \(follow.parameter)"))
            }
            if next.follow != nil { errors.append(RouteError(file, line: nil, "follow: \(follow.route) has a follow-up of its own; chains are one step")) }
        }
        guard errors.isEmpty else { throw LoadFailure(errors: errors) }
        return RouteCatalog(routes: routes, directory: directory)
    }

    /// Loads one route file against a schema.
    static func load(file: String, folder: String?, schema: RouteSchema) throws(RouteError) -> Route {
        let bytes = try read(file)
        try schema.validate(bytes, file: file)
        var loader = try RouteLoader(bytes: bytes, file: file, folder: folder)
        let hash = bytes.withUnsafeBytes { XXHash64.hash($0) }
        return try loader.load(digest: String(hash, radix: 16))
    }

    private static func read(_ path: String) throws(RouteError) -> [UInt8] {
        do {
            return try Files.read(path, limit: 1 << 20)
        } catch {
            throw RouteError(path, line: nil, error.reason)
        }
    }
}
