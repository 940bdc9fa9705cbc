import Testing
import Kernel

@Suite("Bounded file reading")
struct FilesTests {
    static func temporaryPath() -> String {
        "/tmp/gottago-kernel-files-\(UInt64.random(in: 0 ... .max))"
    }

    @Test func writtenBytesReadBackAndTheLimitHolds() throws {
        let path = Self.temporaryPath()
        let bytes = Array("0123456789".utf8)
        try Files.write(bytes, to: path)
        #expect(Files.exists(path) && !Files.isDirectory(path))
        #expect(try Files.read(path) == bytes)
        #expect(try Files.read(path, limit: 10, regularOnly: true) == bytes)
        #expect(throws: Files.Failure.self) { try Files.read(path, limit: 9) }
        #expect(throws: Files.Failure.self) { try Files.read(path, limit: 9, regularOnly: true) }
        try Files.write([], to: path)
        #expect(try Files.read(path).isEmpty)
    }

    @Test func onlyRegularFilesWhenAsked() throws {
        // A device and a directory: refused when only regular files will do.
        #expect(try Files.read("/dev/null") == [])
        #expect(throws: Files.Failure.self) { try Files.read("/dev/null", regularOnly: true) }
        #expect(throws: Files.Failure.self) { try Files.read("/tmp", regularOnly: true) }
        #expect(throws: Files.Failure.self) { try Files.read("/nonexistent/gottago-kernel") }
    }
}
