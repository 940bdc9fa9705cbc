import Foundation
import Testing
@testable import API

/// README's endpoint table says what the declarations say: the same endpoints, and only query
/// parameters the endpoint takes.
@Suite("README endpoint table")
struct ReadmeEndpointsTests {
    /// The first column of each row of the table under "What it serves today".
    static func rows() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let header = lines.firstIndex(of: "| endpoint | what |") else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { $0.components(separatedBy: " | ")[0] }
    }

    @Test("every declared endpoint has a row, every row names declared endpoints and their query parameters")
    func tableMatchesDeclarations() async throws {
        let rows = try Self.rows()
        #expect(!rows.isEmpty)
        let endpoints = try AllEndpoints.declared()
        var listed = Set<String>()
        let mention = try NSRegularExpression(pattern: "`(?:GET|POST) (/[^`?]*)(\\?[^`]*)?`")
        for row in rows {
            for match in mention.matches(in: row, range: NSRange(row.startIndex..., in: row)) {
                let path = String(row[Range(match.range(at: 1), in: row)!])
                listed.insert(path)
                // A route file's own parameters are the route's, not the endpoint's.
                guard let endpoint = endpoints.first(where: { $0.publishedPath == path }), endpoint.refusesUnknownParameters else { continue }
                let query = Range(match.range(at: 2), in: row).map { String(row[$0]) } ?? ""
                let taken = Set(endpoint.allParameters.flatMap(\.queryNames))
                for name in Self.names(query) { #expect(taken.contains(name), "README: \(path) takes \(name)") }
            }
        }
        let declared = Set(endpoints.map(\.publishedPath))
        #expect(declared.subtracting(listed).isEmpty, "declared but not in README: \(declared.subtracting(listed).sorted())")
        #expect(listed.subtracting(declared).isEmpty, "in README but not declared: \(listed.subtracting(declared).sorted())")
    }

    /// The parameter names of `?a=&b=…`.
    static func names(_ query: String) -> [String] {
        query.dropFirst().split(separator: "&").compactMap { $0.split(separator: "=").first.map(String.init) }.filter { !$0.contains("…") }
    }
}
