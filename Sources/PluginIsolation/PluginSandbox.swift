internal import CSystemShims
import Foundation
import Platform

/// The sandbox around a plugin process (and the `plugin-describe` child): set up by the child
/// itself before it loads the plugin library, so the library's constructors already run inside.
///
/// On Linux: Landlock lets the process read only what loading needs (the plugin's library,
/// the folders of the libraries already loaded, the system's library folders) and write
/// nothing; a seccomp-bpf filter stops it at its first socket, connect, fork, exec, ptrace,
/// privilege change or other reach outside itself (SIGSYS, the call named in the report);
/// `PR_SET_NO_NEW_PRIVS`; and an address-space limit (`memoryLimit`). On macOS the same policy
/// goes through `sandbox_init` (written, not tested: no Mac here).
public struct PluginSandbox: Sendable, Equatable {
    /// Whether plugin processes are sandboxed at all (`--sandbox on|off`).
    public var isEnabled: Bool
    /// The address space a plugin process may use, in bytes (`--plugin-memory`).
    public var memoryLimit: UInt64

    /// 2 GiB: a plugin process of the bundled layouts peaks at 241 MiB of address space on
    /// `Workspaces/large`, 881 MiB on views of 10^6 elements (docs/reliability.md).
    public static let defaultMemoryLimit: UInt64 = 2 << 30
    /// The smallest limit accepted: a plugin process maps about 220 MiB before it loads a plugin.
    public static let smallestMemoryLimit: UInt64 = 256 << 20

    public init(isEnabled: Bool = true, memoryLimit: UInt64 = defaultMemoryLimit) {
        self.isEnabled = isEnabled
        self.memoryLimit = memoryLimit
    }

    /// No sandbox: a trusted plugin (`--sandbox off`).
    public static let off = PluginSandbox(isEnabled: false)

    /// This sandbox as options of the hidden child commands.
    var childArguments: [String] {
        isEnabled ? ["--plugin-memory", String(memoryLimit)] : ["--sandbox", "off"]
    }

    /// The address-space limit a plugin process gets: `memoryLimit`, or the hard limit this
    /// process runs under (and its children inherit) if that is lower.
    public var effectiveMemoryLimit: UInt64 { wb_sandbox_memory_limit_below_hard_limit(memoryLimit) }

    /// The effective address-space limit in words ("2 GiB", "512 MiB").
    public var memoryLimitDescription: String {
        let limit = effectiveMemoryLimit
        return limit % (1 << 30) == 0 ? "\(limit >> 30) GiB" : "\(limit >> 20) MiB"
    }
}

extension PluginSandbox {
    /// What this system offers the sandbox.
    public struct Support: Sendable {
        /// The Landlock ABI version, 0 without Landlock.
        public var landlockABI: Int
        /// Whether seccomp-bpf filters are available.
        public var hasSystemCallFilter: Bool

        /// The parts missing, in words (empty when the whole sandbox is available).
        public var missing: [String] {
            #if os(Linux)
                return (landlockABI > 0 ? [] : ["Landlock (file access)"])
                    + (hasSystemCallFilter ? [] : ["seccomp (system calls)"])
            #elseif os(macOS)
                return []
            #else
                return ["a sandbox (no implementation for this system)"]
            #endif
        }
    }

    /// What this system offers, asked of the kernel once.
    public static let support: Support = {
        #if os(Linux)
            Support(
                landlockABI: Int(wb_sandbox_landlock_abi()), hasSystemCallFilter: wb_sandbox_seccomp_available() != 0)
        #else
            Support(landlockABI: 0, hasSystemCallFilter: false)
        #endif
    }()

    /// One line on the sandbox for people: what it does here, or what is missing and so not done.
    public var summary: String {
        guard isEnabled else { return "Sandbox: off (plugins run with the workbench's rights)" }
        let missing = Self.support.missing
        #if os(Linux)
            let parts = [
                Self.support.landlockABI > 0 ? "Landlock ABI \(Self.support.landlockABI)" : nil,
                Self.support.hasSystemCallFilter ? "seccomp" : nil, "memory limit \(memoryLimitDescription)",
            ].compactMap { $0 }
        #else
            let parts = ["sandbox_init", "memory limit \(memoryLimitDescription)"]
        #endif
        let unavailable =
            missing.isEmpty
            ? "" : "; unavailable on this system, so not applied: \(missing.joined(separator: ", "))"
        return "Sandbox: \(parts.joined(separator: ", "))\(unavailable)"
    }

    /// The warning to print once when this sandbox is on but the system lacks part of it.
    public var missingWarning: String? {
        let missing = Self.support.missing
        guard isEnabled, !missing.isEmpty else { return nil }
        return
            "warning: this system offers no \(missing.joined(separator: " and ")); plugin processes run without that part of the sandbox"
    }
}

extension PluginSandbox {
    /// Why the sandbox could not be put in place (the child then loads nothing).
    struct SetupError: Error, CustomStringConvertible {
        var step: String
        var code: Int32
        var description: String { "its sandbox could not be set up (\(step): \(String(cString: strerror(code))))" }
    }

    /// Puts this sandbox around the calling process, which must have one thread: after it, the
    /// process reads only `readable` and what loading a library needs. A stop by the sandbox
    /// is recorded in `word` (if given) and as a JSON line on `reportDescriptor` (if >= 0).
    /// Parts the system lacks are skipped (the parent has said so).
    ///
    /// - Throws: `SetupError` when a part the system has fails to apply.
    func apply(
        readable: [String], reportingTo word: UnsafeMutablePointer<UInt64>? = nil, reportDescriptor: Int32 = -1
    ) throws(SetupError) {
        guard isEnabled else { return }
        #if os(Linux)
            wb_sandbox_report_to(word, reportDescriptor)
            guard wb_sandbox_limit_memory(memoryLimit) == 0 else { throw SetupError(step: "setrlimit", code: errno) }
            if Self.support.landlockABI > 0 {
                // The portable path (WORKBENCH_PORTABLE=1) makes its shared memory with shm_open in /dev/shm.
                let writable = Portability.isPortable ? ["/dev/shm"] : []
                let status = withCStrings(readable) { readable in
                    withCStrings(writable) { writable in
                        wb_sandbox_restrict_files(readable, Int32(readable.count), writable, Int32(writable.count))
                    }
                }
                guard status == 0 else { throw SetupError(step: "landlock", code: errno) }
            }
            if Self.support.hasSystemCallFilter {
                guard wb_sandbox_restrict_calls() == 0 else { throw SetupError(step: "seccomp", code: errno) }
            }
        #elseif os(macOS)
            try DarwinSandbox.apply(readable: readable, memoryLimit: memoryLimit)
        #endif
    }

    /// What a stop word recorded by `apply(…reportingTo:)` says: nil if nothing was stopped,
    /// else what the sandbox refused ("system call socket refused", "memory limit of 2 GiB reached").
    func refusal(in word: UInt64) -> String? {
        switch UInt32(truncatingIfNeeded: word >> 32) {
        case UInt32(WB_SANDBOX_STOP_SYSTEM_CALL):
            let number = UInt32(truncatingIfNeeded: word)
            let name = wb_sandbox_system_call_name(number).map { String(cString: $0) } ?? "\(number)"
            return refusal(reported: "system call \(name)")
        case UInt32(WB_SANDBOX_STOP_MEMORY):
            return refusal(reported: "memory limit")
        default:
            return nil
        }
    }

    /// What a child's `{"stopped": …}` line says, in the same words as `refusal(in:)`.
    func refusal(reported stopped: String) -> String {
        stopped == "memory limit" ? "memory limit of \(memoryLimitDescription) reached" : "\(stopped) refused"
    }
}

/// Runs `body` with `strings` as an array of C strings that live for the call.
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { UnsafePointer($0) })
}
