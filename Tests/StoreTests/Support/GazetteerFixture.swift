#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPTesting
@testable import Store

/// One gazetteer per test process, built into a fresh temporary directory on its own thread
/// (the build is seconds of synchronous SQLite work the cooperative pool must not wait on).
enum GazetteerFixture {
    static let directory: String = {
        var template = Array("/tmp/gottago-gazetteer-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }()

    private static let opening = Task { try await offPool { try Gazetteer.open(.init(directory: directory)) } }

    /// The shared gazetteer.
    static var shared: Gazetteer {
        get async throws { try await opening.value }
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
