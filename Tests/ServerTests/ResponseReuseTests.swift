import Testing
@testable import Server

/// Kept libmicrohttpd responses: a varying field's new value written over the old one when the
/// lengths agree, swapped otherwise, and the response reused either way.
@Suite("Response reuse")
struct ResponseReuseTests {
    static let body = SharedBytes(Array("<ok/>".utf8))

    static func headers(id: String) -> HTTPHeaders {
        HTTPHeaders([("Content-Type", "application/xml"), ("X-Request-Id", id), ("Cache-Control", "no-store")])
    }

    @Test("a value of the same length is written in place; another length, a line break or a missing field is not")
    func overwrite() throws {
        let response = try #require(ResponseReuse.build(Self.body, fields: Self.headers(id: "id-0001").fields))
        defer { ResponseReuse.destroy(response) }
        let written = "X-Request-Id".withCString { ResponseReuse.overwrite($0, in: response, old: "id-0001", new: "id-0002") }
        #expect(written)
        #expect(ResponseReuse.value(of: "X-Request-Id", in: response) == "id-0002")
        for refused in ["id-00003", "id-3", "id-\r\n03", "id-00\u{0}3"] {
            #expect(!"X-Request-Id".withCString { ResponseReuse.overwrite($0, in: response, old: "id-0002", new: refused) })
        }
        // The old value's length is checked against what the response holds.
        #expect(!"X-Request-Id".withCString { ResponseReuse.overwrite($0, in: response, old: "id-000", new: "id-003") })
        #expect(!"X-Missing".withCString { ResponseReuse.overwrite($0, in: response, old: "id-0002", new: "id-0003") })
        #expect(ResponseReuse.value(of: "X-Request-Id", in: response) == "id-0002")
        #expect(ResponseReuse.value(of: "Content-Type", in: response) == "application/xml")
    }

    @Test("a kept response comes back with each lease's own id, whatever its length")
    func leases() throws {
        let reuse = ResponseReuse()
        defer { reuse.removeAll() }
        var pointers = Set<OpaquePointer>()
        for id in ["first-id", "other-id", "much-longer-id", "short", "short-2", "same-length"] {
            let lease = try #require(reuse.lease(Self.body, status: 200, headers: Self.headers(id: id)))
            #expect(ResponseReuse.value(of: "X-Request-Id", in: lease.pointer) == id)
            #expect(ResponseReuse.value(of: "Cache-Control", in: lease.pointer) == "no-store")
            pointers.insert(lease.pointer)
            reuse.release(lease)
        }
        // One request at a time: the same response each time.
        #expect(pointers.count == 1)
    }
}
