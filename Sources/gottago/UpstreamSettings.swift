import Upstream

/// `--upstream "NAME key=value …"`: one upstream's settings, or several joined by `;`.
enum UpstreamSettings {
    static func apply(_ text: String, to settings: inout Settings) throws(ConfigurationError) {
        for part in text.split(separator: ";") {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let name = words.first, !name.contains("=") else {
                throw .invalidValue("upstream", String(part), "an upstream name followed by key=value settings")
            }
            var policy = settings.upstreams[String(name)] ?? UpstreamPolicy()
            for word in words.dropFirst() {
                guard let equals = word.firstIndex(of: "=") else {
                    throw .invalidValue("upstream \(name)", String(word), "a key=value setting")
                }
                let key = String(word[..<equals]), value = String(word[word.index(after: equals)...])
                if key == "origin", value == "route" {
                    // The route files' own URLs: the live service, not the embedded sandbox.
                    policy.origin = nil
                    settings.routeOrigins.insert(String(name))
                    continue
                }
                if key == "origin" { settings.routeOrigins.remove(String(name)) }
                try set(key, value, on: &policy, upstream: String(name))
            }
            settings.upstreams[String(name)] = policy
        }
    }

    private static func set(_ key: String, _ value: String, on policy: inout UpstreamPolicy, upstream: String) throws(ConfigurationError) {
        let label = "upstream \(upstream) \(key)"
        func number(_ range: ClosedRange<Double>) throws(ConfigurationError) -> Double {
            guard let number = Double(value), range.contains(number) else {
                throw .invalidValue(label, value, "a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        func whole(_ range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
            guard let number = Int(value), range.contains(number) else {
                throw .invalidValue(label, value, "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        switch key {
        case "origin":
            guard UpstreamPolicy.isOrigin(value) else { throw .invalidValue(label, value, "http(s)://host[:port] with nothing after it") }
            policy.origin = value
        case "token":
            // A secret: the message never repeats it.
            guard (1...4096).contains(value.utf8.count), value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ConfigurationError(description: "\(label): not a token (1 to 4096 printable ASCII characters without spaces)")
            }
            policy.secretHeader = .bearer(value)
        case "max-concurrent":
            policy.maxConcurrent = try whole(1...1024)
            policy.setByOperator.insert(key)
        case "rate":
            policy.rate = try number(0.001...1_000_000)
            policy.setByOperator.insert(key)
        case "burst":
            policy.burst = try whole(1...1_000_000)
            policy.setByOperator.insert(key)
        case "daily-quotas":
            guard value == "on" || value == "off" else { throw .invalidValue(label, value, "on or off") }
            policy.enforcesDailyQuotas = value == "on"
        case "breaker-failures": policy.breakerThreshold = try whole(1...1000)
        case "breaker-cooldown": policy.breakerCooldown = try number(1...3600)
        case "retries": policy.retries = try whole(0...3)
        case "connect-timeout": policy.connectTimeout = try number(0.1...60)
        case "timeout": policy.totalTimeout = try number(0.1...300)
        // Given by the operator, they replace the route files' own cache times too.
        case "fresh":
            policy.freshFor = try number(0...604_800)
            policy.cacheOverride.fresh = policy.freshFor
        case "stale-while-revalidate":
            policy.staleWhileRevalidate = try number(0...604_800)
            policy.cacheOverride.staleWhileRevalidate = policy.staleWhileRevalidate
        case "stale-if-error":
            policy.staleIfError = try number(0...604_800)
            policy.cacheOverride.staleIfError = policy.staleIfError
        default:
            throw ConfigurationError(description: "upstream \(upstream): unknown setting \"\(key)\"")
        }
    }
}
