import Testing
@testable import Scrape

@Suite("URL normalizer")
struct NormalizerURLTests {
    static let rfcBase = "http://a/b/c/d;p?q"

    /// RFC 3986 §5.4.1 and §5.4.2, except "g:h" (not http) and "http:g" (no host), tested as errors below.
    @Test(arguments: [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
        ("../../", "http://a/"), ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
    ])
    func rfcExamples(reference: String, expected: String) {
        var context = NormalizerTestContext()
        context.values[.parameter("base")] = Self.rfcBase
        #expect(NormalizerTesting.outcome("url(base=$param.base)", reference, context: context) == expected)
    }

    @Test(arguments: [
        ("url(base='https://example.org')", "x/y", "https://example.org/x/y"),
        ("url(base='https://example.org/a/b')", "  /c?d=1&e=2 ", "https://example.org/c?d=1&e=2"),
        ("url(base='https://example.org/a/b')", "HTTPS://other.example/x/../y", "https://other.example/y"),
        ("url(base='https://example.org/a/b')", "http://other.example", "http://other.example"),
        ("url(base='https://example.org/a/b')", "//cdn.example/img.png", "https://cdn.example/img.png"),
        ("url(base=https://example.org/a/)", "b", "https://example.org/a/b"),
        ("url(base='HTTP://Example.org/a/')", "b", "http://Example.org/a/b"),
    ])
    func resolves(chain: String, input: String, expected: String) {
        #expect(NormalizerTesting.outcome(chain, input) == expected)
    }

    @Test func rejectsOtherSchemesAndBadBases() {
        let chain = "url(base='http://a/b/c/d;p?q')"
        #expect(NormalizerTesting.runError(chain, "g:h") == "url: \"g:h\" is not an http(s) URL")
        #expect(NormalizerTesting.runError(chain, "javascript:alert(1)") == "url: \"javascript:alert(1)\" is not an http(s) URL")
        #expect(NormalizerTesting.runError(chain, "mailto:a@b.c") == "url: \"mailto:a@b.c\" is not an http(s) URL")
        #expect(NormalizerTesting.runError(chain, "http:g") == "url: \"http:g\" has no host")
        var context = NormalizerTestContext()
        context.values[.field("base")] = "not a url"
        #expect(NormalizerTesting.runError("url(base=$base)", "x", context: context)
            == "url: base \"not a url\" is not an absolute http(s) URL")
        #expect(NormalizerTesting.runError(chain, String(repeating: "a", count: 20_000))
            == "url: value is too long (20000 bytes, at most 16384)")
    }

    @Test(arguments: [
        ("/a/b/c/./../../g", "/a/g"), ("mid/content=5/../6", "mid/6"), ("/..", "/"), ("/.", "/"), ("", ""),
        ("../../..", ""), ("/a/..", "/"), ("/a/b/..", "/a/"), ("a/./b/../../c", "/c"),
    ])
    func removeDotSegments(path: String, expected: String) {
        #expect(URIReference.removeDotSegments(path) == expected)
    }

    /// Absolute URLs skip resolution only when resolution would not change them.
    @Test(arguments: [
        ("http://a/b/c", true), ("https://a/b?x=/../y", true), ("http://a/.x/..y/...", true), ("http://a.b.c/d.e", true),
        ("http://a/b/../c", false), ("http://a/./c", false), ("http://a/b/..", false), ("http://a/b/.", false),
        ("HTTP://a/b", false), ("http:///b", false), ("http://?q", false), ("ftp://a/b", false), ("/b/c", false),
    ])
    func plainAbsoluteURLs(url: String, plain: Bool) throws {
        #expect(URLNormalizer.isPlainAbsolute(url[...]) == plain)
        let chain = try NormalizerChain(parsing: "url(base='http://base.example/x/')")
        if plain { #expect(try chain.apply([url], in: NormalizerTestContext()) == [url]) }
    }
}
