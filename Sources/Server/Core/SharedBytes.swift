/// Bytes at a fixed address for as long as anyone holds them, so that a connection can send
/// them without a copy: each answer being written retains them until it is out.
// Unchecked: the storage is written once, in init, and only read after that.
public final class SharedBytes: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt8>

    /// Copies `bytes` into storage that never moves.
    public init(_ bytes: [UInt8]) {
        storage = .allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        count = bytes.count
    }

    deinit { storage.deallocate() }

    /// The number of bytes.
    public let count: Int

    /// The bytes, valid while this object is alive.
    var pointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(storage.baseAddress!) }

    /// A copy as an array (for tests and in-memory responses).
    public var array: [UInt8] { Array(UnsafeBufferPointer(rebasing: storage[0..<count])) }
}
