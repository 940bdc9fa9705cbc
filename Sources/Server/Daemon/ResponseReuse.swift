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
        // The length first (constant time for native strings): most names are ruled out without a comparison.
        switch name.utf8.count {
        case 9: name == "RateLimit"
        case 12: name == "X-Request-Id"
        case 18: name == "X-Rate-Limit-Reset"
        case 22: name == "X-Rate-Limit-Remaining"
        default: false
        }
    }

    /// Where the varying fields are, a bit per position; nil when the answer is not one to keep
    /// (no `X-Request-Id`, or more fields than bits).
    static func varyingMask(_ fields: [HTTPHeaders.Field]) -> UInt64? {
        guard fields.count <= 64 else { return nil }
        var mask: UInt64 = 0
        var hasID = false
        for index in fields.indices where isVarying(fields[index].name) {
            mask |= 1 << UInt64(index)
            if fields[index].name.utf8.count == 12 { hasID = true }
        }
        return hasID ? mask : nil
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
        /// Where the varying fields are among `fields`, a bit per position; their values there are the first request's.
        let varying: UInt64
        let idle = Mutex<[Kept]>([])

        init(body: SharedBytes, status: Int, fields: [HTTPHeaders.Field], varying: UInt64) {
            self.body = body
            self.status = status
            self.fields = fields
            self.varying = varying
        }

        // The last lease is back and the family was let go (evicted, or the server stopped).
        deinit {
            for kept in idle.withLock({ $0 }) { MHD_destroy_response(kept.pointer) }
        }

        func matches(_ body: SharedBytes, _ status: Int, _ fields: [HTTPHeaders.Field], _ varying: UInt64) -> Bool {
            guard body === self.body, status == self.status, varying == self.varying, fields.count == self.fields.count
            else { return false }
            for index in fields.indices where varying & (1 << UInt64(index)) == 0 && fields[index] != self.fields[index] { return false }
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
        guard let varying = Self.varyingMask(fields) else { return nil }
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
            var slot = 0
            for index in fields.indices where varying & (1 << UInt64(index)) != 0 {
                defer { slot += 1 }
                let field = fields[index]
                guard kept.values[slot] != field.value else { continue }
                // withCString borrows the strings' storage; passing a String to C would copy it.
                let swapped = field.name.withCString { name in
                    Self.overwrite(name, in: kept.pointer, old: kept.values[slot], new: field.value)
                        || kept.values[slot].withCString { old in MHD_del_response_header(kept.pointer, name, old) == MHD_YES }
                        && field.value.withCString { new in MHD_add_response_header(kept.pointer, name, new) == MHD_YES }
                }
                guard swapped else {
                    MHD_destroy_response(kept.pointer)
                    return nil
                }
                kept.values[slot] = field.value
            }
            return Lease(family: family, kept: kept)
        }
        guard let pointer = Self.build(body, fields: fields) else { return nil }
        let values = fields.indices.filter { varying & (1 << UInt64($0)) != 0 }.map { fields[$0].value }
        return Lease(family: family, kept: Kept(pointer: pointer, values: values))
    }

    /// Writes a field's new value over its old one when both have the same length, which a
    /// request id and a client's limit values nearly always have: no allocation, where removing
    /// and adding the field costs six. False when it cannot (another length, a byte that
    /// libmicrohttpd refuses in a value, the field not found), and the field is swapped instead.
    ///
    /// libmicrohttpd keeps each value in a buffer of its own and reads it, by its length, only
    /// while it sends a response's head; a kept response is leased to one request at a time, and
    /// this runs before it is queued, so nothing reads the bytes while they change.
    static func overwrite(_ name: UnsafePointer<CChar>, in response: OpaquePointer, old: String, new: String) -> Bool {
        var new = new
        let count = old.utf8.count
        return new.withUTF8 { bytes in
            guard bytes.count == count, !bytes.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }),
                  let current = MHD_get_response_header(response, name), strlen(current) == count
            else { return false }
            UnsafeMutableRawPointer(mutating: current).copyMemory(from: bytes.baseAddress!, byteCount: count)
            return true
        }
    }

    /// Destroys a response `build` made that was never queued.
    static func destroy(_ response: OpaquePointer) {
        MHD_destroy_response(response)
    }

    /// A field's value in a built response, as libmicrohttpd would send it.
    static func value(of name: String, in response: OpaquePointer) -> String? {
        name.withCString { MHD_get_response_header(response, $0) }.map { String(cString: $0) }
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
