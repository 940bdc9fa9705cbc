import Markup
public import Kernel

/// A recorded upstream response beside its route, with the normalized output it must give.
///
/// `Routes/<id>/samples/<name>.<xml|html|json|pb>` is the response body; `<name>.expected.xml` is the
/// extraction rendered as indented XML, written by `gottago routes test --update` and read by a
/// person before it is committed; an optional `<name>.params` holds `name=value` lines with the
/// request parameters the route's normalizers refer to, and `content-type=…` for the response header.
public struct RouteSample: Sendable {
    /// The sample's name, its file name without the extension.
    public let name: String
    /// The response body's path.
    public let bodyPath: String
    /// The expected output's path.
    public let expectedPath: String
    /// Request parameters.
    public let parameters: [String: String]
    /// The response's `Content-Type`, when the sample records one.
    public let contentType: String?

    /// The samples of a route, in name order.
    public static func all(of route: Route, in routesDirectory: String) throws(Files.Failure) -> [RouteSample] {
        let directory = routesDirectory + "/" + route.id + "/samples"
        guard Files.isDirectory(directory) else { return [] }
        let extensions = [".xml", ".html", ".json", ".pb"]
        var samples: [RouteSample] = []
        for file in try Files.list(directory) where !file.hasSuffix(".expected.xml") {
            guard let suffix = extensions.first(where: { file.hasSuffix($0) }) else { continue }
            let name = String(file.dropLast(suffix.count))
            var parameters: [String: String] = [:]
            var contentType: String?
            let paramsPath = directory + "/" + name + ".params"
            if Files.exists(paramsPath) {
                for line in String(decoding: try Files.read(paramsPath), as: UTF8.self).split(separator: "\n") {
                    guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
                    let key = String(line[..<equals])
                    let value = String(line[line.index(after: equals)...])
                    if key == "content-type" { contentType = value } else { parameters[key] = value }
                }
            }
            samples.append(RouteSample(
                name: name, bodyPath: directory + "/" + file, expectedPath: directory + "/" + name + ".expected.xml",
                parameters: parameters, contentType: contentType))
        }
        return samples
    }

    /// Runs the route over the sample and renders the result as the expected file holds it: an
    /// error led by the status `status` gives for its code, as a client sees it.
    public func render(with route: Route, status: (String) -> Int?) throws(Files.Failure) -> (extraction: Extraction, output: [UInt8]) {
        let extraction = Extractor.run(route, body: try Files.read(bodyPath), contentType: contentType, parameters: parameters)
        return (extraction, XMLRenderer.render(extraction.node(status: status), pretty: true) + [0x0A])
    }

    /// Compares with the expected file: nil when equal, else a description of the first difference.
    public func check(with route: Route, status: (String) -> Int?) throws(Files.Failure) -> String? {
        let actual = try render(with: route, status: status).output
        guard Files.exists(expectedPath) else { return "no expected output yet (\(expectedPath)); run with --update and read it" }
        let expected = try Files.read(expectedPath)
        return expected == actual ? nil : Self.firstDifference(expected: expected, actual: actual)
    }

    /// Writes the expected file from the current output.
    public func update(with route: Route, status: (String) -> Int?) throws(Files.Failure) {
        try Files.write(try render(with: route, status: status).output, to: expectedPath)
    }

    static func firstDifference(expected: [UInt8], actual: [UInt8]) -> String {
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let was = index < old.count ? String(old[index]) : "(end of file)"
            let now = index < new.count ? String(new[index]) : "(end of file)"
            if was != now { return "line \(index + 1): expected \(was.trimmed)\n           got      \(now.trimmed)" }
        }
        return "outputs differ"
    }
}

extension String {
    fileprivate var trimmed: Substring {
        drop { $0 == " " }
    }
}
