/// Runs `body` over `items` with at most `limit` at once; results in the items' order.
func boundedMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], limit: Int, _ body: @escaping @Sendable (Int, Item) async -> Result
) async -> [Result] {
    await withTaskGroup(of: (Int, Result).self) { group in
        var next = 0
        func start() {
            guard next < items.count else { return }
            let index = next, item = items[next]
            group.addTask { (index, await body(index, item)) }
            next += 1
        }
        for _ in 0..<max(1, limit) { start() }
        var results = [Result?](repeating: nil, count: items.count)
        while let (index, result) = await group.next() {
            results[index] = result
            start()
        }
        return results.map { $0! }
    }
}

/// A count shared by concurrent tasks: each `next()` returns the count after adding one.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    func next() -> Int { value.add(1, ordering: .relaxed).newValue }
}

import Synchronization
