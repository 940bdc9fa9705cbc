import Markup

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
