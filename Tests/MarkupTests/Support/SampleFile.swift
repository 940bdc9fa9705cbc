import Foundation

/// A file of the repository, read by its path from the repository's root.
enum SampleFile {
    static func read(_ path: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
        return Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }
}
