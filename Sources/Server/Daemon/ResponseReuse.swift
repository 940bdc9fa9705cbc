internal import CMicroHTTPD
import Synchronization

/// libmicrohttpd responses over prepared bodies, kept and reused instead of built per request.
///
/// Building a libmicrohttpd response costs three allocations per header field (node, name,
/// value) plus the response and its lock: about thirty for a typical answer. A prepared body is
/// sent again and again with the same status and headers, and only `X-Request-Id` and a client's
/// current limit (`RateLimit`, `X-Rate-Limit-Remaining`, `X-Rate-Limit-Reset`) differ between two
/// such answers, so the built response is kept and those values swapped in place.
///
/// A kept response serves one request at a time: it is leased when queued and handed back when
/// libmicrohttpd reports that request complete, after which libmicrohttpd no longer reads its
/// headers. Responses are kept per thread, in a few families (body, status, headers) each.
final class ResponseReuse: Sendable {
    /// A kept response and the values of its varying fields it carries now.
    struct Kept: @unchecked Sendable {
        let pointer: OpaquePointer
        var values: [String]
    }

    /// The fields whose values may differ between two answers of one family; `X-Request-Id`
    /// must be present for an answer to be kept.
    static func isVarying(_ name: String) -> Bool {
        // Plain comparisons of small strings: cheaper per request than hashing every name into a set.
        name == "X-Request-Id" || name == "RateLimit" || name == "X-Rate-Limit-Remaining" || name == "X-Rate-Limit-Reset"
    }

    /// One response leased to one request.
    struct Lease: Sendable {
        let family: Family
        let kept: Kept
        var pointer: OpaquePointer { kept.pointer }
    }

    /// Responses that differ only in their varying fields.
    final class Family: Sendable {
        let body: SharedBytes
        let status: Int
        let fields: [HTTPHeaders.Field]
        /// Where the varying fields are among `fields`; their values there are the first request's.
        let varying: [Int]
        let idle = Mutex<[Kept]>([])

        init(body: SharedBytes, status: Int, fields: [HTTPHeaders.Field], varying: [Int]) {
            self.body = body
            self.status = status
            self.fields = fields
            self.varying = varying
        }

        // The last lease is back and the family was let go (evicted, or the server stopped).
        deinit {
            for kept in idle.withLock({ $0 }) { MHD_destroy_response(kept.pointer) }
        }

        func matches(_ body: SharedBytes, _ status: Int, _ fields: [HTTPHeaders.Field], _ varying: [Int]) -> Bool {
            guard body === self.body, status == self.status, varying == self.varying, fields.count == self.fields.count
            else { return false }
            var next = 0
            for index in fields.indices {
                if next < varying.count, varying[next] == index {
                    next += 1
                    continue
                }
                if fields[index] != self.fields[index] { return false }
            }
            return true
        }
    }

    private final class Shard: Sendable {
        /// Least recently used first.
        let families = Mutex<[Family]>([])
    }

    /// Bodies larger than this are not kept: sending them costs far more than building headers,
    /// and a kept response keeps its body alive.
    static let maxBodyBytes = 16 * 1024
    static let familiesPerShard = 16
    static let idlePerFamily = 32

    private let shards: [Shard] = (0..<8).map { _ in Shard() }

    /// A response for `body` with these headers, kept or built; nil when this answer is not one to keep.
    func lease(_ body: SharedBytes, status: Int, headers: HTTPHeaders) -> Lease? {
        guard body.count <= Self.maxBodyBytes else { return nil }
        let fields = headers.fields
        let varying = fields.indices.filter { Self.isVarying(fields[$0].name) }
        guard varying.contains(where: { fields[$0].name == "X-Request-Id" }) else { return nil }
        let values = varying.map { fields[$0].value }
        let shard = shards[ThreadSlot.current % shards.count]
        let family = shard.families.withLock { families -> Family in
            if let index = families.lastIndex(where: { $0.matches(body, status, fields, varying) }) {
                let found = families[index]
                if index != families.count - 1 {
                    families.remove(at: index)
                    families.append(found)
                }
                return found
            }
            let made = Family(body: body, status: status, fields: fields, varying: varying)
            // An evicted family's responses go when its last lease comes back.
            if families.count >= Self.familiesPerShard { families.removeFirst() }
            families.append(made)
            return made
        }
        if var kept = family.idle.withLock({ $0.popLast() }) {
            for (slot, index) in varying.enumerated() where kept.values[slot] != values[slot] {
                let name = fields[index].name
                let swapped = kept.values[slot].withCString { old in
                    MHD_del_response_header(kept.pointer, name, old) == MHD_YES
                } && values[slot].withCString { new in
                    MHD_add_response_header(kept.pointer, name, new) == MHD_YES
                }
                guard swapped else {
                    MHD_destroy_response(kept.pointer)
                    return nil
                }
                kept.values[slot] = values[slot]
            }
            return Lease(family: family, kept: kept)
        }
        guard let pointer = Self.build(body, fields: fields) else { return nil }
        return Lease(family: family, kept: Kept(pointer: pointer, values: values))
    }

    /// Takes a response back once its request is complete.
    func release(_ lease: Lease) {
        let kept = lease.family.idle.withLock { idle -> Bool in
            guard idle.count < Self.idlePerFamily else { return false }
            idle.append(lease.kept)
            return true
        }
        if !kept { MHD_destroy_response(lease.pointer) }
    }

    /// Lets every family go; each one's responses are destroyed when its last lease is back.
    func removeAll() {
        for shard in shards { shard.families.withLock { $0.removeAll() } }
    }

    /// A libmicrohttpd response sending `body` without a copy, holding it until destroyed.
    static func build(_ body: SharedBytes, fields: [HTTPHeaders.Field]) -> OpaquePointer? {
        let owner = Unmanaged.passRetained(body).toOpaque()
        guard let response = MHD_create_response_from_buffer_with_free_callback_cls(body.count, body.pointer, { owner in
            if let owner { Unmanaged<SharedBytes>.fromOpaque(owner).release() }
        }, owner) else {
            Unmanaged<SharedBytes>.fromOpaque(owner).release()
            return nil
        }
        guard addHeaders(fields, to: response) else {
            MHD_destroy_response(response)
            return nil
        }
        return response
    }

    /// Adds header fields in order; false if libmicrohttpd refused one.
    static func addHeaders(_ fields: [HTTPHeaders.Field], to response: OpaquePointer) -> Bool {
        fields.allSatisfy { addHeader($0, to: response) }
    }

    /// Adds one header field; false if libmicrohttpd refused it (a line break in the value).
    static func addHeader(_ field: HTTPHeaders.Field, to response: OpaquePointer) -> Bool {
        // withCString borrows native strings' storage; passing a String directly copies it.
        field.name.withCString { name in
            field.value.withCString { value in MHD_add_response_header(response, name, value) == MHD_YES }
        }
    }
}
