import ArgumentParser
import Foundation
import JSONRPC
import PluginHost

/// What the protocol servers (`serve`, `mcp`) set up alike: standard output for the protocol
/// alone, logs on standard error, and the allocator tuned for a long-running process.
enum ProtocolStream {
    /// Keeps a private copy of standard output for messages and points fd 1 at stderr, so that
    /// a stray print cannot corrupt the stream; ignores SIGPIPE (a client that has gone).
    static func takeStandardOutput() throws -> ProtocolOutput {
        let protocolDescriptor = dup(1)
        guard protocolDescriptor >= 0, dup2(2, 1) >= 0 else { throw ExitCode(70) }
        signal(SIGPIPE, SIG_IGN)
        AllocatorPolicy.configureForServing()
        return ProtocolOutput(fileDescriptor: protocolDescriptor)
    }

    /// Gives freed memory back to the system: the plugins' spare memory, then glibc's.
    static func memoryReleaser(_ catalog: PluginCatalog) -> @Sendable () -> Void {
        {
            catalog.releaseSpareMemory()
            AllocatorPolicy.releaseFreeMemory()
        }
    }

    /// One line on standard error.
    static let log: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
