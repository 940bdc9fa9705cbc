internal import CLibXML2
import Foundation
import ParseArena
import Testing
@testable import Markup

/// The arena libxml2 parses a document into: its hooks, as libxml2 calls them, and a parse.
@Suite struct DocumentArenaTests {
    private static func arena(firstChunk: Int = 64 * 1024) throws -> DocumentArena {
        try #require(DocumentArena(inputBytes: (firstChunk - 4096) / 4))
    }

    /// Fills `count` bytes at `pointer` with a pattern starting at `seed`.
    private static func fill(_ pointer: UnsafeMutableRawPointer, _ count: Int, seed: UInt8) {
        for index in 0..<count { pointer.storeBytes(of: seed &+ UInt8(truncatingIfNeeded: index), toByteOffset: index, as: UInt8.self) }
    }

    private static func holds(_ pointer: UnsafeMutableRawPointer, _ count: Int, seed: UInt8) -> Bool {
        (0..<count).allSatisfy { pointer.load(fromByteOffset: $0, as: UInt8.self) == seed &+ UInt8(truncatingIfNeeded: $0) }
    }

    @Test func insideAnArenaTheHooksAllocateFromItAndOutsideFromMalloc() throws {
        let arena = try Self.arena()
        let inside = try #require(arena.run { parse_arena_malloc(40) })
        let outside = try #require(parse_arena_malloc(40))
        #expect(DocumentArena.owns(inside))
        #expect(!DocumentArena.owns(outside))
        #expect(arena.blocks == 1)
        // Blocks are 16-byte aligned, as malloc's are.
        #expect(Int(bitPattern: inside) % 16 == 0)
        // Either kind is freed through the same hook, inside an arena or not.
        arena.run { parse_arena_free(outside) }
        parse_arena_free(inside)
        let copy = try #require(arena.run { parse_arena_strdup("Zürich HB") })
        #expect(DocumentArena.owns(copy))
        #expect(String(cString: copy) == "Zürich HB")
    }

    @Test func theLastBlockGrowsShrinksAndIsGivenBackInPlace() throws {
        let arena = try Self.arena()
        try arena.run {
            let first = try #require(parse_arena_malloc(24))
            Self.fill(first, 24, seed: 7)
            let grown = try #require(parse_arena_realloc(first, 1000))
            #expect(grown == first)
            #expect(Self.holds(grown, 24, seed: 7))
            let shrunk = try #require(parse_arena_realloc(grown, 8))
            #expect(shrunk == first)
            parse_arena_free(shrunk)
            // The space came back: the next block starts where the freed one did.
            #expect(parse_arena_malloc(16) == first)
        }
    }

    @Test func aBlockThatIsNotTheLastMovesWithItsBytes() throws {
        let arena = try Self.arena()
        try arena.run {
            let first = try #require(parse_arena_malloc(100))
            Self.fill(first, 100, seed: 1)
            let second = try #require(parse_arena_malloc(10))
            let moved = try #require(parse_arena_realloc(first, 300))
            #expect(moved != first && moved != second)
            #expect(DocumentArena.owns(moved))
            #expect(Self.holds(moved, 100, seed: 1))
            // Freeing a block that is not the last one leaves the others alone.
            Self.fill(second, 10, seed: 9)
            parse_arena_free(first)
            #expect(Self.holds(second, 10, seed: 9))
        }
    }

    @Test func mallocsBlocksStayMallocsAndArenaBlocksLeaveAfterTheParse() throws {
        let arena = try Self.arena()
        let plain = try #require(parse_arena_malloc(32))
        Self.fill(plain, 32, seed: 3)
        let stillPlain = try #require(arena.run { parse_arena_realloc(plain, 4096) })
        #expect(!DocumentArena.owns(stillPlain))
        #expect(Self.holds(stillPlain, 32, seed: 3))
        parse_arena_free(stillPlain)

        let block = try #require(arena.run { parse_arena_malloc(32) })
        Self.fill(block, 32, seed: 5)
        // Outside any arena, growing an arena block makes a copy of malloc's.
        let copy = try #require(parse_arena_realloc(block, 64))
        #expect(!DocumentArena.owns(copy))
        #expect(Self.holds(copy, 32, seed: 5))
        parse_arena_free(copy)
    }

    @Test func aLargeBlockTakesAChunkOfItsOwnAndTheHeadKeepsItsRoom() throws {
        let arena = try Self.arena(firstChunk: 16 * 1024)
        try arena.run {
            let small = try #require(parse_arena_malloc(32))
            let large = try #require(parse_arena_malloc(100_000))
            #expect(DocumentArena.owns(large))
            Self.fill(large, 100_000, seed: 11)
            let next = try #require(parse_arena_malloc(32))
            // 32 bytes and the next block's 16-byte header after the first block.
            #expect(next == small + 48)
            #expect(Self.holds(large, 100_000, seed: 11))
        }
        // The large block's chunk is its own size, not the size the next chunk would have.
        #expect(arena.reservedBytes >= 16 * 1024 + 100_000)
        #expect(arena.reservedBytes <= 16 * 1024 + 100_000 + 256)
    }

    @Test func anInnerArenaGivesTheOuterOneBackAndOtherThreadsUseMalloc() async throws {
        let outer = try Self.arena(), inner = try Self.arena()
        try outer.run {
            _ = try #require(parse_arena_malloc(8))
            inner.run { _ = parse_arena_malloc(8) }
            _ = try #require(parse_arena_malloc(8))
        }
        #expect(outer.blocks == 2)
        #expect(inner.blocks == 1)
        let elsewhere = try outer.run {
            try Self.allocateOnAnotherThread()
        }
        #expect(!DocumentArena.owns(elsewhere))
        parse_arena_free(elsewhere)
        #expect(outer.blocks == 2)
    }

    private static func allocateOnAnotherThread() throws -> UnsafeMutableRawPointer {
        nonisolated(unsafe) var result: UnsafeMutableRawPointer?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result = parse_arena_malloc(8)
            done.signal()
        }
        done.wait()
        return try #require(result)
    }

    @Test func aParsedTreeLivesInItsDocumentsArena() throws {
        var rows = ""
        for index in 0..<500 { rows += "<tr class='row'><td>\(index)</td><td><a href='/x?\(index)'>Bern &ndash; Thun</a></td></tr>\n" }
        let html = Array("<html><body><table>\(rows)</table></body></html>".utf8)
        let document = try Document.parse(html, as: .html)
        let root = try #require(document.root)
        #expect(DocumentArena.owns(root.pointer))
        let arena = try #require(document.arena)
        // Every element, attribute and text of the 500 rows is a block of the arena.
        #expect(arena.blocks > 10 * 500)
        // The chunks double, so at most about half of what they reserve is left over.
        #expect(arena.reservedBytes <= 3 * arena.takenBytes + DocumentArena.firstChunk(inputBytes: html.count))
        let json = try Document.parse(Array(#"{"stations":[{"id":"8507000","name":"Bern"}]}"#.utf8), as: .json)
        #expect(DocumentArena.owns(try #require(json.root).pointer))
    }

    /// Every node, attribute and namespace declaration of a tree, the document first, without recursion.
    private static func structures(of document: Document) -> [UnsafeMutableRawPointer] {
        var found: [UnsafeMutableRawPointer] = [UnsafeMutableRawPointer(document.pointer)]
        var pending: [xmlNodePtr] = []
        if let first = document.pointer.pointee.children { pending.append(first) }
        while let node = pending.popLast() {
            found.append(UnsafeMutableRawPointer(node))
            var attribute = node.pointee.type == XML_ELEMENT_NODE ? node.pointee.properties : nil
            while let current = attribute {
                found.append(UnsafeMutableRawPointer(current))
                if let text = current.pointee.children { pending.append(text) }
                attribute = current.pointee.next
            }
            var namespace = node.pointee.type == XML_ELEMENT_NODE ? node.pointee.nsDef : nil
            while let current = namespace {
                found.append(UnsafeMutableRawPointer(current))
                namespace = current.pointee.next
            }
            if let next = node.pointee.next { pending.append(next) }
            if let child = node.pointee.children, node.pointee.type != XML_ENTITY_REF_NODE { pending.append(child) }
        }
        return found
    }

    /// A document goes without `xmlFreeDoc` when it has an arena: that is right only while every
    /// part of its tree is the arena's.
    @Test(arguments: DocumentFormat.allCases)
    func everyNodeOfAParsedTreeIsTheArenas(format: DocumentFormat) throws {
        let bytes = switch format {
        case .html: Array("<html><body><p class=a id=b>Bern &amp; Thun<br>Z\u{FC}rich<table><tr><td>1<td>2</table><!-- c --></body></html>".utf8)
        case .xml: Array("<?xml version='1.0'?><a xmlns:x='urn:x'><x:b c='d'>e<![CDATA[f]]></x:b><?pi g?><!-- h --></a>".utf8)
        case .json: Array(#"{"a":[1,2.5,"x",{"b":null,"c":true}],"d":{"e":"f"}}"#.utf8)
        case .gtfsRealtime: try SampleFile.read("Routes/gtfs-rt-trip-updates/samples/nmbs-canceled-2015-07-31T11-01-37Z-cut.pb")
        }
        let document = try Document.parse(bytes, as: format)
        let parts = Self.structures(of: document)
        #expect(parts.count > 8)
        for part in parts { #expect(DocumentArena.owns(part), "\(format): \(part)") }
        // So are what the document itself holds: the names' dictionary (XML, JSON, GTFS-Realtime), the table
        // of `id` attributes (HTML) and the encoding's name.
        let held: [UnsafeRawPointer?] = [
            document.pointer.pointee.dict.map { UnsafeRawPointer($0) }, document.pointer.pointee.ids.map { UnsafeRawPointer($0) },
            document.pointer.pointee.encoding.map { UnsafeRawPointer($0) },
        ]
        #expect(held.contains { $0 != nil })
        for case let pointer? in held { #expect(DocumentArena.owns(pointer), "\(format): \(pointer)") }
    }

    /// libxml2 would build its global catalog, on first use, for a document asking for one: in
    /// that document's arena. The instruction is ignored instead.
    @Test func aDocumentsCatalogInstructionIsIgnored() throws {
        let xml = "<?xml version='1.0'?><?oasis-xml-catalog catalog='file:///nonexistent/catalog.xml'?><a>b</a>"
        let document = try Document.parse(Array(xml.utf8), as: .xml)
        #expect(try #require(document.root).name == "a")
        #expect(xmlCatalogGetDefaults() == XML_CATA_ALLOW_NONE)
    }

    @Test func evaluationsAllocateFromTheArenaUntilItsBudgetIsSpent() throws {
        let rows = (0..<50).map { "<tr><td>\($0)</td></tr>" }.joined()
        let document = try Document.parse(Array("<html><body><table>\(rows)</table></body></html>".utf8), as: .html)
        let arena = try #require(document.arena)
        let parsed = arena.parsedBytes
        #expect(parsed == arena.takenBytes && parsed > 0)
        let xpath = try XPathEvaluator(document)
        let cells = try XPathExpression("//td[. >= 0]")
        #expect(try xpath.nodes(cells).count == 50)
        let one = arena.takenBytes - parsed
        #expect(one > 0)
        // However many evaluations follow, the arena stops growing at its budget.
        let budget = 3 * parsed + (1 << 20)
        var evaluations = 1
        while arena.takesEvaluations {
            _ = try xpath.nodes(cells)
            evaluations += 1
        }
        #expect(evaluations > 2)
        let full = arena.takenBytes
        for _ in 0..<20 { #expect(try xpath.nodes(cells).count == 50) }
        #expect(arena.takenBytes == full)
        #expect(full <= budget + one)
    }

    @Test func aCompiledCopyMadeDuringAnEvaluationIsNotTheArenas() throws {
        let expression = try XPathExpression("//a[@href]")
        let arena = try Self.arena()
        let first = try #require(expression.compiled.checkOut())
        // With the only copy out, the next one is compiled, as an evaluation in the arena would.
        let second = try #require(arena.run { expression.compiled.checkOut() })
        #expect(!DocumentArena.owns(UnsafeRawPointer(first)))
        #expect(!DocumentArena.owns(UnsafeRawPointer(second)))
        expression.compiled.checkIn(first)
        expression.compiled.checkIn(second)
        #expect(expression.compiled.idleCopies == 2)
    }

    @Test func noErrorOfAParseOutlivesItsArena() throws {
        // A broken XML document: libxml2 records its error in the thread's last error, with
        // messages it allocated while the arena was the thread's.
        for round in 0..<3 {
            #expect(throws: DocumentError.self) { try Document.parse(Array("<a><b></a>".utf8), as: .xml) }
            #expect(xmlGetLastError() == nil, "round \(round)")
            // Recovered XML is a document with errors: its arena goes with it.
            var options = ParseOptions()
            options.recover = true
            _ = try Document.parse(Array("<a><b>text</a>".utf8), as: .xml, options: options)
            #expect(xmlGetLastError() == nil, "round \(round)")
            // libxml2 frees the last error's messages when it records the next one.
            _ = try? XPathExpression("//[")
        }
    }
}
