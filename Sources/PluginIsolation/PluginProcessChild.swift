internal import CLayoutABI
internal import CSystemShims
import Foundation
import LayoutKit
import PluginHost

/// The plugin process: `workbench plugin-process LIBRARY`, spawned by the workbench with its
/// channel at fd 3. Loads one plugin library and serves its C function table, one request at
/// a time, until the channel closes or the parent dies.
public enum PluginProcessChild {
    /// Serves until the channel closes; returns the exit status.
    public static func run(channel descriptor: Int32, libraryPath: String) -> Int32 {
        watchParent()
        wb_keep_heap()
        let channel = Channel(fileDescriptor: descriptor)
        do {
            let hello = try channel.receive()
            guard hello.bytes.first == Operation.hello.rawValue, hello.descriptor >= 0 else {
                throw ChannelError.protocolViolation("no hello first")
            }
            let control = try SharedMemory(receiving: hello.descriptor, writable: true)
            var reply = MessageWriter()
            let plugin: LoadedPlugin
            do {
                // the parent's private copy, which never changes
                plugin = try PluginLoader.load(path: libraryPath, copying: false)
            } catch {
                reply.append(UInt8(1))
                reply.append(error.description)
                try channel.send(reply.bytes)
                return 0
            }
            reply.append(UInt8(0))
            reply.append(plugin.name)
            try channel.send(reply.bytes)
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
