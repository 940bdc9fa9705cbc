/// Polls `condition` until it holds, for up to `limit`: waiting for an event another task or
/// thread brings about. A generous limit, not a timing check.
func eventually(limit: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}
