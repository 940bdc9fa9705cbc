#if canImport(Glibc)
internal import Glibc
#endif

extension ChildProcess {
    /// `posix_spawn` with `streams[0...2]` as the child's descriptors 0, 1, 2 (nil: `/dev/null`)
    /// and every other descriptor closed in the child.
    ///
    /// Closing from 3 up matters beyond our own pipes: the test process holds many descriptors
    /// (sockets, a Redis connection, other children's pipes) that a child would otherwise keep
    /// open, holding ports and pipes of other tests.
    static func spawn(path: String, arguments: [String], environment: [String: String]?, streams: [Int32?]) throws(ChildProcessError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        try ChildProcessError.checkResult(posix_spawn_file_actions_init(&actions), .pipe, "posix_spawn_file_actions_init", path: path)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in streams.enumerated() {
            let target = Int32(target)
            if let source {
                try ChildProcessError.checkResult(
                    posix_spawn_file_actions_adddup2(&actions, source, target), .pipe, "posix_spawn_file_actions_adddup2", path: path)
            } else {
                try ChildProcessError.checkResult(
                    posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0),
                    .pipe, "posix_spawn_file_actions_addopen(/dev/null)", path: path)
            }
        }
        try addCloseFrom(&actions, lowest: 3, path: path)
        var attributes = posix_spawnattr_t()
        try ChildProcessError.checkResult(posix_spawnattr_init(&attributes), .spawn, "posix_spawnattr_init", path: path)
        defer { posix_spawnattr_destroy(&attributes) }
        try resetSignals(&attributes, path: path)
        return try spawn(path: path, arguments: arguments, environment: environment, actions: &actions, attributes: &attributes)
    }

    /// Default dispositions and an empty mask in the child: it would otherwise inherit the test
    /// process's ignored `SIGPIPE` and the spawning thread's blocked signals.
    private static func resetSignals(_ attributes: inout posix_spawnattr_t, path: String) throws(ChildProcessError) {
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        try ChildProcessError.checkResult(posix_spawnattr_setsigmask(&attributes, &none), .spawn, "posix_spawnattr_setsigmask", path: path)
        try ChildProcessError.checkResult(posix_spawnattr_setsigdefault(&attributes, &all), .spawn, "posix_spawnattr_setsigdefault", path: path)
        let flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        try ChildProcessError.checkResult(posix_spawnattr_setflags(&attributes, flags), .spawn, "posix_spawnattr_setflags", path: path)
    }

    /// The `posix_spawn` call itself, with C copies of the arguments and the environment.
    private static func spawn(
        path: String, arguments: [String], environment: [String: String]?,
        actions: inout posix_spawn_file_actions_t, attributes: inout posix_spawnattr_t
    ) throws(ChildProcessError) -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let result = if let envp { posix_spawn(&pid, path, &actions, &attributes, argv, envp) } else {
            posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        try ChildProcessError.checkResult(result, .spawn, "posix_spawn", path: path)
        return pid
    }
}
