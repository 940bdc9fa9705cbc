extension RedisCache {
    /// Runs a Lua script atomically on the server and returns its array reply as text: `EVALSHA`
    /// with the digest `SCRIPT LOAD` gave, loading it first when this connection has not (or when
    /// Redis forgot it, after a restart: `NOSCRIPT`). Nil when Redis cannot be reached or the
    /// script fails, which marks the cache degraded, as any command does.
    func evaluate(_ script: String, keys: [String], arguments: [String]) -> [String]? {
        let tail = [RedisArgument(keys.count)] + keys.map { RedisArgument($0) } + arguments.map { RedisArgument($0) }
        let result = run { connection throws(CacheError) -> [String] in
            for attempt in 0..<2 {
                let digest: String
                if attempt == 0, let known = scriptDigests[script] {
                    digest = known
                } else {
                    guard let loaded = try connection.command(["SCRIPT", "LOAD", RedisArgument(script)]).text else {
                        throw CacheError(kind: .reply, message: "SCRIPT LOAD: no digest")
                    }
                    digest = loaded
                    scriptDigests[script] = loaded
                }
                do throws(CacheError) {
                    let reply = try connection.command(["EVALSHA", RedisArgument(digest)] + tail)
                    guard let texts = reply.texts else { throw CacheError(kind: .reply, message: "EVALSHA: not an array") }
                    return texts
                } catch {
                    guard error.kind == .reply, error.message.contains("NOSCRIPT") else { throw error }
                    scriptDigests[script] = nil
                }
            }
            throw CacheError(kind: .reply, message: "EVALSHA: the script is not loaded")
        }
        return result
    }
}
