#if canImport(Glibc)
import Glibc
#endif
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
    static var committedDataPath: String { repository + "/Sources/GazetteerData/include/gazetteer.tsv.gz" }
}
