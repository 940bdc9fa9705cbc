import Scrape
import Kernel

/// The committed corpus, `Tests/Fuzz/corpus/<route-id>/<name>`: each file a selector byte (only its
/// content type bits count) and a body, kept under the route it was found with, so that adding a
/// route never sends an old input to another one.
enum FuzzCorpus {
    /// A file that could not be read or written, or a corpus folder that names no route.
    enum Failure: Error, CustomStringConvertible {
        case file(Files.Failure)
        case misplaced(String)

        var description: String {
            switch self {
            case .file(let failure): "\(failure)"
            case .misplaced(let path): "\(path): names no route (corpus inputs live in Tests/Fuzz/corpus/<route-id>/)"
            }
        }
    }

    /// One input of the corpus or of the route samples: the route, the selector byte, the body.
    struct Input {
        let route: Route
        let selector: UInt8
        let body: [UInt8]
        let name: String
    }

    /// The inputs in `directory`, one folder per route id; a folder that names no route is an error.
    static func inputs(in directory: String, routes: [Route]) throws(FuzzCorpus.Failure) -> [Input] {
        var inputs: [Input] = []
        for folder in try list(directory) {
            let path = directory + "/" + folder
            guard let route = routes.first(where: { $0.id == folder }) else {
                throw .misplaced(path)
            }
            for name in try list(path) {
                let bytes = try read(path + "/" + name)
                guard let selector = bytes.first else { continue }
                inputs.append(Input(route: route, selector: selector, body: Array(bytes.dropFirst()), name: folder + "-" + name))
            }
        }
        return inputs
    }

    /// Every recorded response in `Routes/<id>/samples/` (not the expected outputs, not the
    /// parameters), read with no content type.
    static func samples(of routes: [Route], in directory: String) throws(FuzzCorpus.Failure) -> [Input] {
        var inputs: [Input] = []
        for route in routes {
            let path = directory + "/" + route.id + "/samples"
            guard Files.isDirectory(path) else { continue }
            for name in try list(path) where !name.hasSuffix(".expected.xml") && !name.hasSuffix(".params") {
                inputs.append(Input(route: route, selector: 0, body: try read(path + "/" + name), name: route.id + "-sample-" + name))
            }
        }
        return inputs
    }

    /// Writes the family's seeds into `output`: the corpus inputs of its routes and their samples,
    /// each with the selector that picks its route in this family, at most `maxLength` bytes in all.
    static func writeSeeds(
        to output: String, maxLength: Int, corpus: String, catalog: [Route], family: FuzzFamily, routesDirectory: String
    ) throws(FuzzCorpus.Failure) -> Int {
        let inputs = try inputs(in: corpus, routes: catalog) + samples(of: family.routes, in: routesDirectory)
        var written = 0
        for input in inputs {
            guard let selector = family.selector(for: input.route, keeping: input.selector) else { continue }
            try write([selector] + input.body.prefix(max(0, maxLength - 1)), to: output + "/" + input.name)
            written += 1
        }
        return written
    }

    private static func list(_ path: String) throws(Failure) -> [String] {
        do { return try Files.list(path) } catch { throw .file(error) }
    }

    private static func read(_ path: String) throws(Failure) -> [UInt8] {
        do { return try Files.read(path) } catch { throw .file(error) }
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        do { try Files.write(bytes, to: path) } catch { throw .file(error) }
    }
}
