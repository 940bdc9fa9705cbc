import Markup

/// `Routes/route.rng`, compiled once, checking route files before they are read.
final class RouteSchema {
    private let schema: RelaxNGSchema

    /// Compiles the schema; a broken schema is reported like a broken route.
    init(bytes: [UInt8], path: String) throws(RouteError) {
        do {
            schema = try RelaxNGSchema(bytes: bytes)
        } catch {
            throw RouteError(path, line: error.line, "invalid schema: \(error.message)")
        }
    }

    /// Checks one route file's bytes; the first violation is thrown with its line.
    func validate(_ bytes: [UInt8], file: String) throws(RouteError) {
        do {
            try schema.validate(bytes, name: file)
        } catch where error.kind == .malformed {
            throw RouteError(file, line: error.line, "not well-formed XML: \(error.message)")
        } catch where error.kind == .invalid {
            throw RouteError(file, line: error.line, "does not match Routes/route.rng: \(error.message)")
        } catch {
            throw RouteError(file, line: nil, error.message)
        }
    }
}
