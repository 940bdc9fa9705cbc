#if canImport(Glibc)
import Glibc
#endif
import Compression
import Foundation
import HTTPTesting
@testable import Store

/// The shared test gazetteer, and fresh folders for the tests that build their own.
enum GazetteerFixture {
    static let directory = TestGazetteer.directory

    /// The shared gazetteer.
    static var shared: Gazetteer {
        get async throws { try await TestGazetteer.shared }
    }

    /// A small gazetteer's data, for the tests that build their own file: every country,
    /// division and zone, every 100th place and ZIP code, and the places the tests name.
    static let small: Gazetteer.Source = {
        let kept: Set<Substring> = ["4348599", "5328041", "2657896", "90210"]
        let text = try! Gzip.decompress(Array(Gazetteer.EmbeddedData.bytes), limit: 64 << 20)
        var sections: [(header: Substring, rows: [Substring])] = []
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("@") {
                sections.append((line.split(separator: "\t")[0], []))
            } else {
                sections[sections.count - 1].rows.append(line)
            }
        }
        var out = ""
        for (header, rows) in sections {
            let thinned = header == "@places" || header == "@zips"
                ? rows.enumerated().filter { $0.offset % 100 == 0 || kept.contains($0.element.split(separator: "\t")[0]) }.map(\.element)
                : rows
            out += "\(header)\t\(thinned.count)\n" + thinned.map { $0 + "\n" }.joined()
        }
        return Gazetteer.Source(bytes: Gzip.compress(Array(out.utf8)), digest: "5ma11da7a5ma11da7a")
    }()

    /// A configuration building the small gazetteer in `directory`.
    static func small(in directory: String) -> Gazetteer.Configuration {
        var configuration = Gazetteer.Configuration(directory: directory)
        configuration.source = small
        return configuration
    }

    /// A fresh temporary directory for tests that build their own file.
    static func freshDirectory() -> String {
        var template = Array("/tmp/gottago-gazetteer-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// The repository's root, from this file's path.
    static var repository: String {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Support/GazetteerFixture.swift, StoreTests, Tests
        return parts.joined(separator: "/")
    }

    /// The committed data file.
    static var committedDataPath: String { repository + "/Sources/EmbeddedFiles/include/gazetteer.tsv.gz" }
}
