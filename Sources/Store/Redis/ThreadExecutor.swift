import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A serial executor that runs its jobs on one dedicated thread.
///
/// hiredis calls block until Redis answers or the timeout passes; on the cooperative pool (two
/// threads on a two-core machine) that would stall every other task. On its own thread they
/// stall only the cache's queue. The thread also blocks `SIGPIPE`: hiredis writes with
/// `write(2)`, and a write to a connection Redis closed would otherwise kill the process. The
/// signal is thread-directed, so blocking it here leaves the rest of the process as it was.
final class ThreadExecutor: SerialExecutor {
    private struct Inbox {
        var jobs: [UnownedJob] = []
        var stopping = false
    }
    private let inbox = Mutex(Inbox())
    private let wakeup = DispatchSemaphore(value: 0)

    /// Starts the thread; `name` says whose it is in a crash message.
    init(name: String) {
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<ThreadExecutor>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, me)
        // Without a thread nothing could ever run on this executor: a broken process, not a
        // condition to recover from.
        precondition(started == 0, "cannot start the \(name) thread (\(started))")
        pthread_detach(thread)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        inbox.withLock { $0.jobs.append(job) }
        wakeup.signal()
    }

    /// Lets the thread finish the jobs queued so far and exit. Does not wait: the last owner may
    /// be running on the thread itself.
    func shutdown() {
        inbox.withLock { $0.stopping = true }
        wakeup.signal()
    }

    private func run() {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipe, nil)
        let executor = asUnownedSerialExecutor()
        while true {
            wakeup.wait()
            let (jobs, stopping) = inbox.withLock { inbox in
                defer { inbox.jobs.removeAll(keepingCapacity: true) }
                return (inbox.jobs, inbox.stopping)
            }
            for job in jobs {
                job.runSynchronously(on: executor)
            }
            if stopping, jobs.isEmpty { return }
        }
    }
}
