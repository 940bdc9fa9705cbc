internal import CLibXML2
internal import ParseArena

/// The memory one document is parsed into: libxml2 takes its nodes, names, texts and parser
/// buffers from a few large chunks (`ParseArena`), and they go back together with the document.
///
/// A parse makes thousands of small allocations (the 44 KB bahn.de page: about 2,200, and 250
/// buffer growths) that a document would free one by one when it goes; from an arena each is a
/// pointer bump and each free is nothing. The node sets and values of XPath evaluations over the
/// document come from its arena too, up to a budget of twice what the parse took and 1 MiB, so
/// that the arena stays bounded by the input; later evaluations allocate from malloc.
final class DocumentArena {
    private let arena: OpaquePointer

    /// An arena for parsing `inputBytes` bytes; nil when out of memory.
    init?(inputBytes: Int) {
        // A parsed tree takes a few times its text; the chunks after the first double.
        guard let arena = parse_arena_create(Self.firstChunk(inputBytes: inputBytes)) else { return nil }
        self.arena = arena
    }

    deinit {
        parse_arena_destroy(arena)
    }

    /// The first chunk's size for an input of `inputBytes` (the arena keeps it between 4 KiB and 1 MiB).
    static func firstChunk(inputBytes: Int) -> Int {
        inputBytes > Int.max / 8 ? Int.max : inputBytes * 4 + 4096
    }

    /// Runs `body` with libxml2 allocating from this arena on the calling thread; the thread's
    /// arena before it is restored after.
    func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let previous = parse_arena_swap(arena)
        defer {
            // The thread's last error keeps copies of libxml2's messages: they would be this
            // arena's, and outlive it.
            xmlResetLastError()
            parse_arena_swap(previous)
        }
        return try body()
    }

    /// Runs `body` with libxml2 allocating from no arena on the calling thread: for what must
    /// outlive every document, such as a compiled expression.
    static func outside<T>(_ body: () -> T) -> T {
        let previous = parse_arena_swap(nil)
        defer { parse_arena_swap(previous) }
        return body()
    }

    /// The bytes the parse took, set once the tree is built.
    var parsedBytes = 0

    /// Whether evaluations may still allocate here: until they have taken twice what the parse
    /// did, and 1 MiB more, so that the arena stays bounded by the input however many
    /// evaluations a document sees. Later ones allocate from malloc.
    var takesEvaluations: Bool { takenBytes - parsedBytes <= 2 * parsedBytes + (1 << 20) }

    /// Bytes taken from malloc for the arena's chunks.
    var reservedBytes: Int { parse_arena_reserved(arena) }

    /// Blocks allocated in the arena.
    var blocks: Int { parse_arena_blocks(arena) }

    /// Bytes of the blocks allocated in the arena, headers included.
    var takenBytes: Int { parse_arena_taken(arena) }

    /// Whether libxml2's memory at `pointer` is some arena's rather than malloc's.
    static func owns(_ pointer: UnsafeRawPointer) -> Bool {
        parse_arena_owns(pointer) != 0
    }
}
