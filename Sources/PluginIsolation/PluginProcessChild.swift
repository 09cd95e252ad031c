internal import CLayoutABI
internal import CSystemShims
import Foundation
import LayoutKit
import PluginHost

/// The plugin process: `workbench plugin-process LIBRARY`, spawned by the workbench with its
/// channel at fd 3. Loads one plugin library and serves its C function table, one request at
/// a time, until the channel closes or the parent dies.
///
/// The sandbox (`sandbox`) goes up after the hello — while this process still has one thread,
/// and with the control page to report a stop in — and before the library is opened, so the
/// plugin's first instruction (a constructor's) already runs inside it.
public enum PluginProcessChild {
    /// Where in the control page a stop by the sandbox is recorded (`PluginSandbox.refusal(in:)`).
    static let stopWordOffset = 16

    /// Serves until the channel closes; returns the exit status.
    public static func run(channel descriptor: Int32, libraryPath: String, sandbox: PluginSandbox) -> Int32 {
        wb_keep_heap()
        let channel = Channel(fileDescriptor: descriptor)
        do {
            let hello = try channel.receive()
            guard hello.bytes.first == Operation.hello.rawValue, hello.descriptor >= 0 else {
                throw ChannelError.protocolViolation("no hello first")
            }
            let control = try SharedMemory(receiving: hello.descriptor, writable: true)
            let plugin: LoadedPlugin
            do {
                let stopWord = (control.base + stopWordOffset).assumingMemoryBound(to: UInt64.self)
                try sandbox.apply(readable: [libraryPath], reportingTo: stopWord)
                watchParent()
                // the parent's private copy, which never changes
                plugin = try PluginLoader.load(path: libraryPath, copying: false)
            } catch {
                try channel.send(HelloReply.refused(reason: String(describing: error)).encoded.bytes)
                return 0
            }
            try channel.send(HelloReply.loaded(name: plugin.name).encoded.bytes)
            let server = try ChildServer(plugin: plugin, channel: channel, control: control.base)
            try withExtendedLifetime(control) { () throws(ChannelError) in try server.serve() }
            return 0
        } catch let error as ChannelError where error == .closed {
            return 0
        } catch {
            FileHandle.standardError.write(Data("workbench plugin-process: \(error)\n".utf8))
            return 1
        }
    }

    /// Exits when the parent goes away, even while a plugin call runs.
    static func watchParent() {
        let parent = getppid()
        let thread = Thread {
            while getppid() == parent { usleep(200_000) }
            _exit(0)
        }
        thread.start()
    }
}
