import Testing
@testable import Markup

/// Parsing: formats, charsets, limits and hostile input.
@Suite struct DocumentParsingTests {
    private func strings(_ document: Document, _ xpath: String, namespaces: [(prefix: String, uri: String)] = []) throws -> [String] {
        try XPathEvaluator(document, namespaces: namespaces).strings(XPathExpression(xpath))
    }

    @Test func messyHTMLIsRepairedAndQueryable() throws {
        let page = """
            <html><body><table class="result ovTable"><tr class="ovConLine liveCon"><td class="timelink">
            <a href="/x?a=1&amp;b=2"><span class="bold">14:31</span><br><span class="bold">19:37</td>
            <td>2<br>5:06</b><tr class="ovConLine"><td class=timelink><span class="bold">15:01</span></table>
            """
        let document = try Document.parse(Array(page.utf8), as: .html)
        #expect(try strings(document, "//tr[contains(@class,'ovConLine')]//span[@class='bold']") == ["14:31", "19:37", "15:01"])
        #expect(try strings(document, "//a/@href") == ["/x?a=1&b=2"])
        #expect(document.diagnostics.count == 1)
        #expect(document.diagnostics.messages == ["3: Unexpected end tag : b"])
        #expect(document.encoding == "UTF-8")
    }

    @Test func latin1XMLDeclarationDecodes() throws {
        let bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a b=\"Z".utf8) + [0xFC]
            + Array("rich\">Gen".utf8) + [0xE8] + Array("ve \u{80}</a>".utf8.prefix(3)) + [0x80] + Array("</a>".utf8)
        let document = try Document.parse(bytes, as: .xml)
        #expect(try strings(document, "/a/@b") == ["Zürich"])
        #expect(try strings(document, "/a") == ["Genève €"])
        #expect(document.encoding == "windows-1252")
    }

    @Test func htmlMetaCharsetDecodes() throws {
        let bytes: [UInt8] = Array("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\"></head><body><p>Fu".utf8)
            + [0xDF] + Array("weg 9 Min.</p></body></html>".utf8)
        let document = try Document.parse(bytes, as: .html)
        #expect(try strings(document, "//p") == ["Fußweg 9 Min."])
        let html5 = try Document.parse(Array("<meta charset=\"windows-1252\"><p>".utf8) + [0x93, 0x61, 0x94], as: .html)
        #expect(try strings(html5, "//p") == ["\u{201C}a\u{201D}"])
    }

    @Test func contentTypeBeatsTheDocumentAndTheMarkBeatsBoth() throws {
        let bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>".utf8) + [0xE9] + Array("</a>".utf8)
        let latin = try Document.parse(bytes, as: .xml, options: ParseOptions(contentType: "text/xml; charset=\"ISO-8859-1\""))
        #expect(try strings(latin, "/a") == ["é"])
        let marked: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<a>é</a>".utf8)
        let utf8 = try Document.parse(marked, as: .xml, options: ParseOptions(contentType: "text/xml; charset=iso-8859-1"))
        #expect(try strings(utf8, "/a") == ["é"])
        #expect(utf8.encoding == "UTF-8")
    }

    @Test func invalidUTF8InAPageDeclaredUTF8StillYieldsValidText() throws {
        let bytes: [UInt8] = Array("<html><head><meta charset=\"utf-8\"></head><body><p>a".utf8) + [0xFF, 0xC3, 0x28] + Array("b</p>".utf8)
        let document = try Document.parse(bytes, as: .html)
        let text = try #require(try strings(document, "//p").first)
        #expect(text.hasPrefix("a"))
        #expect(text.hasSuffix("b"))
        #expect(text.utf8.count >= 3)
    }

    @Test func nulBytesNeitherCrashNorLeak() throws {
        let html: [UInt8] = Array("<p>a".utf8) + [0] + Array("b</p><p>c</p>".utf8)
        let document = try Document.parse(html, as: .html)
        #expect(try strings(document, "count(//p)") == ["2"])
        #expect(try strings(document, "//p").allSatisfy { !$0.utf8.contains(0) })
        let xml: [UInt8] = Array("<a>x".utf8) + [0] + Array("</a>".utf8)
        #expect(throws: DocumentError.self) { try Document.parse(xml, as: .xml) }
    }

    @Test func strictXMLFailsWithALineAndRecoveryKeepsWhatItCan() throws {
        let broken = Array("<a>\n<b>one</b>\n<c>two & three</c>\n".utf8)
        let error = try #require(throws: DocumentError.self) { try Document.parse(broken, as: .xml) }
        #expect(error.kind == .malformed)
        #expect(error.line == 3)
        let recovered = try Document.parse(broken, as: .xml, options: ParseOptions(recover: true))
        #expect(try strings(recovered, "/a/b") == ["one"])
    }

    @Test func emptyAndWhitespaceInputAreMalformed() {
        for input in ["", "   ", "not markup at all"] {
            #expect(throws: DocumentError.self) { try Document.parse(Array(input.utf8), as: .xml) }
            #expect(throws: DocumentError.self) { try Document.parse(Array(input.utf8), as: .json) }
        }
    }

    @Test func inputOverTheLimitIsRefusedBeforeParsing() {
        var limits = DocumentLimits()
        limits.maxInputBytes = 10
        let error = try? #require(throws: DocumentError.self) {
            try Document.parse(Array("<a>0123456789</a>".utf8), as: .xml, options: ParseOptions(limits: limits))
        }
        #expect(error?.kind == .tooLarge)
    }

    @Test(arguments: DocumentFormat.allCases)
    func tenThousandDeepNestingIsATypedError(format: DocumentFormat) {
        let depth = 10_000
        let bytes = switch format {
        case .json: Array((String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
        case .html, .xml: Array((String(repeating: "<d>", count: depth) + "x" + String(repeating: "</d>", count: depth)).utf8)
        // GTFS-Realtime's messages do not nest themselves; groups (wire type 3) of an unknown field do.
        case .gtfsRealtime: [UInt8](repeating: 0x0B, count: depth) + [UInt8](repeating: 0x0C, count: depth)
        }
        let error = try? #require(throws: DocumentError.self) { try Document.parse(bytes, as: format) }
        #expect(error?.kind == .tooDeep)
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let xxe = """
            <?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>[&x;]</r>
            """
        #expect(throws: DocumentError.self) { try Document.parse(Array(xxe.utf8), as: .xml) }
        let recovered = try Document.parse(Array(xxe.utf8), as: .xml, options: ParseOptions(recover: true))
        let text = try strings(recovered, "string(/r)").joined()
        #expect(!text.contains("root:"))
        let html = try Document.parse(Array(xxe.utf8), as: .html)
        #expect(!(try strings(html, "string(/)").joined().contains("root:")))
    }

    @Test func billionLaughsDoNotExpand() throws {
        var entities = "<!ENTITY l0 \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE r [\(entities)]><r>&l9;</r>"
        #expect(throws: DocumentError.self) { try Document.parse(Array(bomb.utf8), as: .xml) }
        let recovered = try Document.parse(Array(bomb.utf8), as: .xml, options: ParseOptions(recover: true))
        #expect(try strings(recovered, "string(/r)").joined().utf8.count < 1000)
    }
}

@Suite struct CharsetNarrowingTests {
    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 63])
    func c1BytesAreFoundAtEveryOffset(offset: Int) {
        var bytes = [UInt8](repeating: 0x61, count: 64)
        bytes[(offset + 3) % 64] = 0xE9  // Latin-1 é: not C1
        #expect([UInt8](bytes).withUnsafeBytes { Charset.containsC1($0) } == false)
        bytes[offset] = 0x93
        #expect(bytes.withUnsafeBytes { Charset.containsC1($0) })
    }

    @Test func latin1WithoutC1BytesDecodesAsLatin1() throws {
        let bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>Z".utf8) + [0xFC] + Array("rich</a>".utf8)
        let document = try Document.parse(bytes, as: .xml)
        #expect(document.encoding == "ISO-8859-1")
        #expect(try XPathEvaluator(document).strings(XPathExpression("/a")) == ["Zürich"])
    }
}
