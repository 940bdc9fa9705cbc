#if canImport(Glibc)
internal import Glibc
#endif

/// Raises this process's soft `RLIMIT_NOFILE` to its hard limit, lifting the hard limit to `minimum` if lower.
///
/// Thousands of concurrent test connections need as many descriptors, but shells and test
/// runners start with a soft limit of 1024. Lifting the hard limit needs root (or
/// CAP_SYS_RESOURCE); without it a hard limit below `minimum` is an error.
///
/// - Returns: The new soft limit.
@discardableResult
public func raiseOpenFileLimit(minimum: Int = 8192) throws(HTTPTestError) -> Int {
    var limit = rlimit()
    guard getrlimit(resourceNoFile, &limit) == 0 else {
        throw PosixCheck.error(errno, "getrlimit(RLIMIT_NOFILE)", kind: .setup)
    }
    let target = max(limit.rlim_max, rlim_t(minimum))
    guard limit.rlim_cur < target else { return Int(limit.rlim_cur) }
    limit.rlim_cur = target
    limit.rlim_max = target
    guard setrlimit(resourceNoFile, &limit) == 0 else {
        throw PosixCheck.error(errno, "setrlimit(RLIMIT_NOFILE, \(target))", kind: .setup)
    }
    return Int(target)
}

/// `RLIMIT_NOFILE` in the type glibc's prototypes expect.
private let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

