#if canImport(Glibc)
internal import Glibc
#endif

extension ChildProcess {
    /// Runs `path` to completion: its exit code (or ending signal's number), standard output and
    /// standard error, read together so that a child filling one pipe cannot block on it.
    ///
    /// ```swift
    /// let result = try ChildProcess.run("/usr/bin/xmllint", arguments: ["--noout", file])
    /// #expect(result.status == 0, "\(String(decoding: result.err, as: UTF8.self))")
    /// ```
    public static func run(
        _ path: String, arguments: [String] = [], environment: [String: String]? = nil, input: [UInt8]? = nil
    ) throws(ChildProcessError) -> (status: Int32, out: [UInt8], err: [UInt8]) {
        let child = try ChildProcess(path, arguments: arguments, environment: environment, input: input)
        let output: (out: [UInt8], err: [UInt8])
        do throws(ChildProcessError) {
            output = try child.readOutputs()
        } catch {
            try? child.signal(SIGKILL)
            _ = try? child.wait()
            throw error
        }
        return (try child.wait(), output.out, output.err)
    }

    /// Reads standard output and standard error to EOF, both at once.
    public func readOutputs() throws(ChildProcessError) -> (out: [UInt8], err: [UInt8]) {
        try ChildProcessReader.readToEnd(standardOutput, standardError)
    }
}
