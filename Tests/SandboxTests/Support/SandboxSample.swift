import Foundation
import Kernel
import Testing

/// A route's sandbox sample (`Routes/<route>/samples/<name>.<ext>`): what the sandbox answers
/// today to what the route asks with `parameters`. With `GOTTAGO_WRITE_SANDBOX_SAMPLES=1` in the
/// environment ``check(_:)`` writes it instead; then `gottago routes test --update` writes its
/// expected output, to be read before it is kept.
struct SandboxSample: Sendable, CustomTestStringConvertible {
    let route: String
    let name: String
    let parameters: [String: String]
    var ext = "json"
    var testDescription: String { "\(route)/\(name)" }

    /// Checks that the sample file holds `answer`, or writes it.
    func check(_ answer: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = TestTimetable.routesDirectory + "/\(route)/samples/\(name).\(ext)"
        if ProcessInfo.processInfo.environment["GOTTAGO_WRITE_SANDBOX_SAMPLES"] == "1" {
            try Files.write(answer, to: path)
        }
        #expect(try Files.read(path) == answer, "\(path) is not what the sandbox answers; write it again and read the expected output", sourceLocation: sourceLocation)
    }
}
