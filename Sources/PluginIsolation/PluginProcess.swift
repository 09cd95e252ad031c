internal import CSystemShims
import Foundation
import PluginHost

/// The child process hosting one layout instance of a plugin, as the parent keeps it:
/// spawned on first use, one request at a time, respawned after it dies (each life is a new
/// `generation`). One child per instance, so a long prepare in one view never holds up
/// another; crashes count against the plugin as a whole (`PluginHealth`).
final class PluginProcess: @unchecked Sendable {
    // Unchecked: `child` and `generation` only under `lock`, which `withChild` holds across a whole call that spawns
    // and ends children: not a closure-scoped Mutex without a redesign.
    let plugin: LoadedPlugin
    let executable: String
    let health: PluginHealth
    let sandbox: PluginSandbox
    /// How long a plugin that ignores its raised cancel flag gets before it is killed.
    static let cancelGrace = 0.4
    /// How long (ms) a child whose channel closed gets to finish exiting on its own before it
    /// is killed, so that its own exit status (a refusal's 1) is what gets reported.
    static let exitGrace: Int32 = 200
    private let lock = NSLock()
    private var child: ChildProcess?
    private(set) var generation = 0

    init(plugin: LoadedPlugin, executable: String, health: PluginHealth, sandbox: PluginSandbox) {
        self.plugin = plugin
        self.executable = executable
        self.health = health
        self.sandbox = sandbox
    }

    deinit {
        if let child { end(child, killing: true) }
    }

    /// Runs `body` with the live child (spawning one if needed) while no other request can use it.
    func withChild<T>(_ body: (ChildProcess, Int) throws(PluginCallError) -> T) throws(PluginCallError) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let brokenReason = health.brokenReason { throw .broken(plugin: plugin.name, reason: brokenReason) }
        if let child { return try body(child, generation) }
        return try body(try spawn(), generation)
    }

    /// Sends a request and waits for the reply (`send`, then `reply`). Call inside `withChild` only.
    func call(
        _ child: ChildProcess, _ message: MessageWriter, descriptor: Int32 = -1, operation: String,
        cancel: CancelFlag?, progress: ((Double) -> Void)? = nil
    ) throws(PluginCallError) -> (bytes: [UInt8], descriptor: Int32) {
        try send(child, message, descriptor: descriptor, operation: operation)
        return try reply(child, operation: operation, cancel: cancel, progress: progress)
    }

    /// Sends a request, lowering the cancel word and clearing the progress word first. Each
    /// request sent is answered in order: the caller reads every reply with `reply`. Call
    /// inside `withChild` only.
    func send(_ child: ChildProcess, _ message: MessageWriter, descriptor: Int32 = -1, operation: String)
        throws(PluginCallError)
    {
        wb_atomic_store_i32(child.cancelWord, 0)
        wb_atomic_store_u64(child.progressWord, Self.noProgress)
        do {
            try child.channel.send(message.bytes, descriptor: descriptor)
        } catch {
            throw died(child, operation: operation)
        }
    }

    /// The progress word's value when the plugin has reported nothing.
    private static let noProgress = (-1.0).bitPattern

    /// Waits for the reply to the oldest request sent, watching for the child's death and for
    /// `cancel`: once it is raised the plugin sees the cancel word, and if no reply comes
    /// within `cancelGrace` the child is killed. Call inside `withChild` only.
    /// With `progress`, the fractions the plugin reports in the control page are passed on
    /// as they change (looked at every 10 ms).
    func reply(_ child: ChildProcess, operation: String, cancel: CancelFlag?, progress: ((Double) -> Void)? = nil)
        throws(PluginCallError) -> (bytes: [UInt8], descriptor: Int32)
    {
        var reported = Self.noProgress
        func passOnProgress() {
            guard let progress else { return }
            let bits = wb_atomic_load_u64(child.progressWord)
            let fraction = Double(bitPattern: bits)
            guard bits != reported, fraction.isFinite, (0...1).contains(fraction) else { return }
            reported = bits
            progress(fraction)
        }
        // A quick answer (a query: tens of microseconds, a hundred or two from a child that was
        // asleep) is picked up by asking for a while (`ReplySpin`) before sleeping in poll, which
        // would add this process's own wake-up to the round trip.
        return try child.replySpin.wait(
            poll: { () throws(PluginCallError) in
                do {
                    return try child.channel.receiveIfReady()
                } catch {
                    throw died(child, operation: operation)
                }
            },
            block: { () throws(PluginCallError) in
                try waitForReply(
                    child, operation: operation, cancel: cancel, reportsProgress: progress != nil,
                    passOnProgress: passOnProgress)
            })
    }

    /// Waits in poll for the child's reply or death, raising the cancel word and then killing
    /// the child when `cancel` is raised and no reply comes.
    private func waitForReply(
        _ child: ChildProcess, operation: String, cancel: CancelFlag?, reportsProgress: Bool,
        passOnProgress: () -> Void
    ) throws(PluginCallError) -> (bytes: [UInt8], descriptor: Int32) {
        var raisedAt: Double?
        while true {
            switch child.wait(milliseconds: raisedAt == nil && !reportsProgress ? 50 : 10) {
            case .reply:
                passOnProgress()
                do {
                    return try child.channel.receive()
                } catch {
                    throw died(child, operation: operation)
                }
            case .died:
                throw died(child, operation: operation)
            case .neither:
                passOnProgress()
                guard let cancel, cancel.isRaised else { continue }
                let now = ProcessInfo.processInfo.systemUptime
                if raisedAt == nil {
                    raisedAt = now
                    wb_atomic_store_i32(child.cancelWord, 1)
                }
                if let raisedAt, now - raisedAt >= Self.cancelGrace {
                    end(child, killing: true)
                    if case .timedOut(let seconds) = cancel.raisedReason {
                        throw .timedOut(plugin: plugin.name, operation: operation, seconds: seconds)
                    }
                    throw .cancelled
                }
            }
        }
    }

    private func spawn() throws(PluginCallError) -> ChildProcess {
        let spawned: ChildProcess
        do {
            spawned = try ChildProcess(executable: executable, library: plugin.imagePath, sandbox: sandbox)
        } catch {
            throw .broken(plugin: plugin.name, reason: "its host process could not start: \(error)")
        }
        generation += 1
        child = spawned
        LiveChildren.insert(spawned.pid)
        let (bytes, _) = try call(
            spawned, PluginRequest.hello.encoded(), descriptor: spawned.control.fileDescriptor, operation: "loading",
            cancel: nil)
        var reader = MessageParser(bytes)
        let reply = (try? HelloReply(reading: &reader)) ?? .refused(reason: "no answer")
        guard case .loaded(plugin.name) = reply else {
            end(spawned, killing: true)
            let reason =
                switch reply {
                case .loaded(let name): "its host process loaded a plugin named '\(name)'"
                case .refused(let text): "its host process refused it: \(text)"
                }
            health.markBroken(reason)
            throw .broken(plugin: plugin.name, reason: reason)
        }
        return spawned
    }

    /// The child died: reap it, count the crash, and say what happened — what the sandbox
    /// refused, if it stopped the child.
    private func died(_ dead: ChildProcess, operation: String) -> PluginCallError {
        let how = end(dead, killing: true, grace: Self.exitGrace)
        health.recordCrash()
        if let refused = sandbox.refusal(in: dead.stopWord) {
            return .stoppedBySandbox(plugin: plugin.name, refused: refused, signal: how, operation: operation)
        }
        return .crashed(plugin: plugin.name, signal: how, operation: operation)
    }

    @discardableResult
    private func end(_ ending: ChildProcess, killing: Bool, grace: Int32 = 0) -> String {
        let how = ending.reap(killing: killing, grace: grace)
        LiveChildren.remove(ending.pid)
        if child === ending { child = nil }
        return how
    }
}
