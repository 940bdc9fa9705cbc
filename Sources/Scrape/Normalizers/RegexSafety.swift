/// Finds the nested repetition that makes a backtracking regex take exponential time on hostile input: a group repeated without bound that itself contains a repetition of variable length, as in `(a+)+`, `(\w+\s?)*` or `(a{1,3})+`.
///
/// Swift's `Regex` backtracks and has no step limit, so `(a+)+$` spends seconds on twenty characters; the check runs when a chain loads. Atomic groups `(?>…)` and possessive quantifiers (`a++`, `(…)*+`) cannot backtrack and are accepted.
enum RegexSafety {
    private struct Group {
        let start: Int
        let atomic: Bool
        var hasVariableRepetition = false
    }

    private enum Quantifier {
        case none, fixed, variable, unbounded
    }

    /// The offending group as written, or `nil` when the pattern is safe.
    static func nestedRepetition(in pattern: String) -> String? {
        let c = Array(pattern.unicodeScalars)
        var stack = [Group(start: 0, atomic: false)]
        var i = 0
        func at(_ index: Int) -> Unicode.Scalar? { index < c.count ? c[index] : nil }

        while i < c.count {
            switch c[i] {
            case "(":
                guard at(i + 1) == "?" else {
                    stack.append(Group(start: i, atomic: false))
                    i += 1
                    continue
                }
                if at(i + 2) == "#" {
                    while i < c.count, c[i] != ")" { i += 1 }
                    i += 1
                    continue
                }
                guard let body = groupBodyStart(c, i) else {
                    // An option setting such as (?i) has no body.
                    while i < c.count, c[i] != ")" { i += 1 }
                    i += 1
                    continue
                }
                stack.append(Group(start: i, atomic: at(i + 2) == ">"))
                i = body
                continue
            case ")":
                guard stack.count > 1, let group = stack.popLast() else { i += 1; continue }
                let (quantifier, possessive, end) = readQuantifier(c, i + 1)
                let backtracks = group.hasVariableRepetition && !group.atomic
                if quantifier == .unbounded, !possessive, backtracks {
                    return String(String.UnicodeScalarView(c[group.start..<end]))
                }
                let variable = (quantifier == .variable || quantifier == .unbounded) && !possessive
                stack[stack.count - 1].hasVariableRepetition = stack[stack.count - 1].hasVariableRepetition || backtracks || variable
                i = end
                continue
            case "\\":
                if at(i + 1) == "Q" {
                    i += 2
                    while i < c.count, !(c[i] == "\\" && at(i + 1) == "E") { i += 1 }
                    i += 2
                } else {
                    i += 2
                }
            case "[":
                i = endOfClass(c, i) + 1
            default:
                i += 1
            }
            // The atom just passed may be quantified.
            let (quantifier, possessive, end) = readQuantifier(c, i)
            if (quantifier == .variable || quantifier == .unbounded) && !possessive {
                stack[stack.count - 1].hasVariableRepetition = true
            }
            i = max(i, end)
        }
        return nil
    }

    /// Index after the header of a `(?…` group (`(?:`, `(?=`, `(?<name>`, `(?i:` …), or `nil` for `(?i)`.
    private static func groupBodyStart(_ c: [Unicode.Scalar], _ open: Int) -> Int? {
        var i = open + 2
        guard i < c.count else { return nil }
        switch c[i] {
        case ":", "=", "!", ">", "|": return i + 1
        case "<" where i + 1 < c.count && (c[i + 1] == "=" || c[i + 1] == "!"): return i + 2
        case "<", "'", "P":
            while i < c.count, c[i] != ">", !(c[i] == "'" && i > open + 2) { i += 1 }
            return i + 1
        default:
            while i < c.count, c[i] != ":", c[i] != ")" { i += 1 }
            return i < c.count && c[i] == ":" ? i + 1 : nil
        }
    }

    /// The index of the `]` closing a character class, nested classes included.
    private static func endOfClass(_ c: [Unicode.Scalar], _ open: Int) -> Int {
        var i = open + 1
        if i < c.count, c[i] == "^" { i += 1 }
        if i < c.count, c[i] == "]" { i += 1 }
        var depth = 1
        while i < c.count {
            switch c[i] {
            case "\\": i += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return c.count
    }

    /// The quantifier at an index, whether it is possessive, and the index after it.
    private static func readQuantifier(_ c: [Unicode.Scalar], _ start: Int) -> (Quantifier, Bool, Int) {
        guard start < c.count else { return (.none, false, start) }
        var i = start + 1
        let quantifier: Quantifier
        switch c[start] {
        case "*", "+": quantifier = .unbounded
        case "?": quantifier = .variable
        case "{":
            var low = ""
            var high: String?
            while i < c.count, c[i].properties.numericType != nil, c[i].isASCII { low.unicodeScalars.append(c[i]); i += 1 }
            if i < c.count, c[i] == "," {
                i += 1
                var digits = ""
                while i < c.count, c[i].properties.numericType != nil, c[i].isASCII { digits.unicodeScalars.append(c[i]); i += 1 }
                high = digits
            }
            guard i < c.count, c[i] == "}", !(low.isEmpty && (high ?? "").isEmpty) else { return (.none, false, start) }
            i += 1
            switch high {
            case nil: quantifier = .fixed
            case ""?: quantifier = .unbounded
            case let upper?: quantifier = upper == low ? .fixed : .variable
            }
        default:
            return (.none, false, start)
        }
        if i < c.count, c[i] == "+" { return (quantifier, true, i + 1) }
        if i < c.count, c[i] == "?" { i += 1 }
        return (quantifier, false, i)
    }
}
