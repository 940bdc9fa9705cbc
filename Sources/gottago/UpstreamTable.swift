import API
import Upstream
import Kernel

/// The text table `gottago upstreams check` prints: one row per upstream, then its politeness and
/// the fields its canary found empty or sparse.
enum UpstreamTable {
    static func render(_ statuses: [UpstreamStatus], uses: [String: UpstreamUse], canaries: [String: CanaryResult]) -> String {
        var rows = [["UPSTREAM", "ROLES", "ORIGIN", "CANARY", "BREAKER", "LAST SUCCESS", "LAST FAILURE"]]
        var details: [[String]] = [[]]
        for status in statuses {
            let use = uses[status.name] ?? UpstreamUse()
            let roles = use.roles.map { "\($0.name) \($0.provider)" }.joined(separator: ", ")
            rows.append([
                status.name, roles.isEmpty ? "-" : roles, (use.sandbox ? "sandbox " : "live ") + status.hosts.joined(separator: ","),
                canaries[status.name].map(canary) ?? "no canary", status.breaker.rawValue,
                status.lastSuccess.map(outcome) ?? "-", status.lastFailure.map(outcome) ?? "-",
            ])
            details.append(lines(status, canaries[status.name]))
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for (row, notes) in zip(rows, details) {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            text += cells.joined(separator: "  ") + "\n"
            for note in notes { text += "    " + note + "\n" }
        }
        return text
    }

    static func canary(_ result: CanaryResult) -> String {
        if result.code == "ok" { return "ok, \(result.records) record\(result.records == 1 ? "" : "s")" }
        return "\(result.answered ? "answered" : "FAILED") \(result.code) (\(result.status))"
    }

    static func outcome(_ outcome: UpstreamOutcomes.Outcome) -> String {
        let time = ZonedTime.iso8601(atUTC: outcome.at / 1000, in: .utc).map { String($0.prefix(19)) + "Z" } ?? "?"
        if outcome.code == "ok" { return time + (outcome.status.map { " \($0)" } ?? "") }
        return time + " " + outcome.code + (outcome.status.map { " (\($0))" } ?? "")
    }

    /// The lines under a row: retirement, the canary's message, politeness, and fields below 100 %.
    static func lines(_ status: UpstreamStatus, _ canary: CanaryResult?) -> [String] {
        var lines: [String] = []
        let retired = status.routes.compactMap(\.route.retired)
        if !retired.isEmpty, retired.count == status.routes.count { lines.append("\(retired[0]): its upstream no longer answers") }
        if let canary, canary.code != "ok", let message = canary.message { lines.append("\(canary.route): \(message)") }
        let policy = status.policy
        let cache = policy.cacheTimes(for: nil)
        lines.append(
            "politeness: \(policy.maxConcurrent) at once, \(number(policy.rate))/s, burst \(policy.burst), breaker after \(policy.breakerThreshold) failures for "
                + "\(number(policy.breakerCooldown)) s, \(policy.retries) retr\(policy.retries == 1 ? "y" : "ies"), timeouts \(number(status.connectTimeout)) s / "
                + "\(number(status.totalTimeout)) s; cache \(number(cache.fresh)) / \(number(cache.staleWhileRevalidate)) / \(number(cache.staleIfError)) s")
        for route in status.routes where route.fill.answers > 0 {
            let sparse = route.fill.fields.compactMap { field -> String? in
                guard let percent = field.percent, percent < 100 else { return nil }
                return "\(field.list)/\(field.field) \(percent) %"
            }
            lines.append("\(route.route.id): \(route.fill.answers) answer\(route.fill.answers == 1 ? "" : "s"), "
                + (sparse.isEmpty ? "every field filled" : "fields not always filled: " + sparse.joined(separator: ", ")))
        }
        return lines
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
