import Testing
@testable import Scrape

@Suite("Normalizer chain parsing")
struct NormalizerChainTests {
    @Test func namesAndReferences() throws {
        let chain = try NormalizerChain(parsing: "collapse | time | datetime(date=$date, after=$previous)")
        #expect(chain.names == ["collapse", "time", "datetime"])
        #expect(chain.references == [.field("date"), .previous])
    }

    @Test func everyReferenceKind() throws {
        let chain = try NormalizerChain(parsing: "url(base=$param.base) | temperature(unit=$../unit, to=c) | datetime(date=$day, after=$day)")
        #expect(chain.references == [.parameter("base"), .parentField("unit"), .field("day")])
    }

    @Test(arguments: [
        ("  trim|int  ", "  42 ", "42"),
        ("map ( a = b , * = c )", "a", "b"),
        ("map(\n  a=b,\n  *=c\n)", "zz", "c"),
        ("trim()", " x ", "x"),
        (#"map('it\'s'='a\\b')"#, "it's", #"a\b"#),
        (#"map('a, b'='x y', 'x'='(ok)')"#, "a, b", "x y"),
        (#"regex('(\d+) min')"#, "in 12 min", "12"),
        (#"regex('a\.b')"#, "xa.bx", "a.b"),
        ("map(°C=celsius, 1.5=x, a/b=c, -1=minus, +2=plus, k:v=w)", "k:v", "w"),
        ("map(Zürich=ZH)", "Zürich", "ZH"),
    ])
    func parsesArguments(chain: String, input: String, expected: String) {
        #expect(NormalizerTesting.outcome(chain, input) == expected)
    }

    @Test(arguments: [
        ("", "syntax error at column 1: empty normalizer chain"),
        ("   ", "syntax error at column 1: empty normalizer chain"),
        ("trim |", "syntax error at column 7: expected a normalizer name, found the end of the chain"),
        ("trim || int", "syntax error at column 7: expected a normalizer name, found \"|\""),
        ("trim int", "syntax error at column 6: expected \"|\" or the end of the chain, found \"i\""),
        ("map(a=1", "syntax error at column 8: expected \",\" or \")\", found the end of the chain"),
        ("map(a=1,)", "syntax error at column 9: expected an argument, found \")\""),
        ("regex('abc", "syntax error at column 7: unterminated quoted string, found \"\'\""),
        ("$x", "syntax error at column 1: expected a normalizer name, found \"$\""),
        ("datetime(date=$)", "syntax error at column 16: expected a name after \"$\", found \")\""),
        ("datetime(date=$../)", "syntax error at column 19: expected a name after \"$../\", found \")\""),
        ("url(base=$param.)", "syntax error at column 17: expected a parameter name after \"$param.\", found \")\""),
        ("datetime($date=1)", "syntax error at column 10: a reference cannot be an argument name, found \"$\""),
        ("map(a=b c)", "syntax error at column 9: expected \",\" or \")\", found \"c\""),
        ("split(\"x\")", "syntax error at column 7: expected an argument, found \"\\\"\""),
        ("trim)", "syntax error at column 5: expected \"|\" or the end of the chain, found \")\""),
    ])
    func syntaxErrors(chain: String, message: String) {
        #expect(NormalizerTesting.loadError(chain) == message)
    }

    @Test(arguments: [
        ("tiem", "unknown normalizer \"tiem\""),
        ("Trim", "unknown normalizer \"Trim\""),
        ("date(yymmdd)", "date: unknown format \"yymmdd\" (expected yyyymmdd, dd.mm.yy, dd.mm.yyyy, mm/dd/yyyy, iso)"),
        ("date", "date: missing format (expected yyyymmdd, dd.mm.yy, dd.mm.yyyy, mm/dd/yyyy, iso)"),
        ("trim(x)", "trim: unexpected argument \"x\""),
        ("int(base=16)", "int: unknown argument \"base\""),
        ("regex('a', grp=1)", "regex: unknown argument \"grp\""),
        ("regex('(a')", nil),
        ("regex('a(b)', group=2)", "regex: group 2 does not exist (the pattern has 1 capture group)"),
        ("regex('a', group=x)", "regex: group must be a number, not \"x\""),
        ("regex", "regex: expected a pattern such as regex('([0-9]+) min')"),
        ("datetime(date=$d, date=$e)", "datetime: duplicate argument \"date\""),
        ("datetime", "datetime: missing date=, e.g. datetime(date=$date)"),
        ("datetime(date=2026-02-30)", "datetime: date \"2026-02-30\" is not a YYYY-MM-DD date"),
        ("map(1=$x)", "map: the value of \"1\" cannot be a reference ($x)"),
        ("map(a=1, a=2)", "map: duplicate argument \"a\""),
        ("map(a=1, 'a'=2)", "map: duplicate key \"a\""),
        ("map", "map: expected key=value arguments such as map(1=Train, *=Other)"),
        ("map(a)", "map: expected key=value arguments such as map(1=Train, *=Other)"),
        ("split($x)", "split: the separator cannot be a reference ($x)"),
        ("split('')", "split: expected a non-empty separator such as split(',')"),
        ("decimal(point)", "decimal: unknown option \"point\" (expected comma)"),
        ("coordinate", "coordinate: missing format (expected degrees, micro, lonlat, latlon)"),
        ("coordinate(radians)", "coordinate: unknown format \"radians\" (expected degrees, micro, lonlat, latlon)"),
        ("temperature(to=c)", "temperature: missing unit=, e.g. temperature(unit=F, to=c) or temperature(unit=$unit, to=c)"),
        ("temperature(unit=rankine, to=c)", "temperature: unknown unit \"rankine\" (expected F, fahrenheit, US, imperial, C, celsius, SI, metric, K or kelvin)"),
        ("temperature(unit=F)", "temperature: missing to= (expected to=c or to=f)"),
        ("temperature(unit=F, to=k)", "temperature: unknown target \"k\" (expected to=c or to=f)"),
        ("url", "url: missing base=, e.g. url(base=$param.baseURL) or url(base='https://example.org/')"),
        ("url(base='ftp://x/')", "url: base \"ftp://x/\" is not an absolute http(s) URL"),
        ("url(base='/relative')", "url: base \"/relative\" is not an absolute http(s) URL"),
        ("polyline(precision=7)", "polyline: unknown precision \"7\" (expected 5 or 6)"),
    ])
    func loadErrors(chain: String, message: String?) {
        let error = NormalizerTesting.loadError(chain)
        if let message {
            #expect(error == message)
        } else {
            #expect(error?.hasPrefix("regex: invalid pattern \"(a\"") == true)
        }
    }

    @Test func stepsRunInOrderAndFanOut() throws {
        #expect(try NormalizerTesting.run("split(',') | int", "1, 02,3") == ["1", "2", "3"])
        #expect(try NormalizerTesting.run("split(',') | regex('([0-9]+)') | int", "a1, b, c03") == ["1", "3"])
        #expect(try NormalizerChain(parsing: "trim").apply([" a ", "b "], in: NormalizerTestContext()) == ["a", "b"])
        #expect(try NormalizerChain(parsing: "int").apply([], in: NormalizerTestContext()) == [])
        #expect(NormalizerTesting.runError("split(',') | int", "1,x") == "int: \"x\" is not a whole number")
    }

    @Test func referencesResolveThroughTheContext() {
        var context = NormalizerTestContext(timeZone: NormalizerTesting.zurich)
        context.values = [.field("date"): "2026-01-15", .parameter("base"): "https://example.org/a/",
                          .parentField("unit"): "F", .previous: "2026-01-15T23:50:00+01:00"]
        #expect(NormalizerTesting.outcome("datetime(date=$date)", "08:00", context: context) == "2026-01-15T08:00:00+01:00")
        #expect(NormalizerTesting.outcome("datetime(date=$date, after=$previous)", "00:10", context: context) == "2026-01-16T00:10:00+01:00")
        #expect(NormalizerTesting.outcome("url(base=$param.base)", "b", context: context) == "https://example.org/a/b")
        #expect(NormalizerTesting.outcome("temperature(unit=$../unit, to=c)", "71", context: context) == "21.7")
        #expect(NormalizerTesting.outcome("url(base=$param.missing)", "b", context: context) == "error: url: the base $param.missing has no value")
        #expect(NormalizerTesting.outcome("datetime(date=$nope)", "08:00", context: context) == "error: datetime: the date $nope has no value")
        #expect(NormalizerTesting.outcome("temperature(unit=$unit, to=c)", "1", context: context) == "error: temperature: the unit $unit has no value")
    }

    @Test func chainsAreSafeToShareAcrossTasks() async throws {
        let chain = try NormalizerChain(parsing: #"regex('([0-9]+) min') | int"#)
        let results = await withTaskGroup(of: [String].self) { group in
            for number in 0..<200 {
                group.addTask { (try? chain.apply(["in \(number) min"], in: NormalizerTestContext())) ?? [] }
            }
            var all: [String] = []
            for await result in group { all += result }
            return all
        }
        #expect(Set(results) == Set((0..<200).map(String.init)))
    }
}
