#if os(macOS)
    import Foundation
    import MachO
    import Platform

    /// `int sandbox_init(const char *profile, uint64_t flags, char **errorbuf)` from
    /// libsystem_sandbox (in `<sandbox.h>`, which no Swift module exports).
    @_silgen_name("sandbox_init")
    private func sandboxInit(
        _ profile: UnsafePointer<CChar>, _ flags: UInt64, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> Int32

    /// The plugin sandbox on macOS: the same policy as Linux's, as a `sandbox_init` profile.
    /// Written to the documented SBPL, but never run: there is no Mac to test it on.
    enum DarwinSandbox {
        /// Reads only `readable` and the system's libraries; no writes, network or processes.
        static func apply(readable: [String], memoryLimit: UInt64) throws(PluginSandbox.SetupError) {
            var limit = rlimit(rlim_cur: memoryLimit, rlim_max: memoryLimit)
            // macOS does not enforce RLIMIT_AS on every allocation; it is set for what it does.
            _ = setrlimit(RLIMIT_AS, &limit)
            let loaded = (0..<_dyld_image_count()).compactMap { index -> String? in
                guard let name = _dyld_get_image_name(index) else { return nil }
                return (String(cString: name) as NSString).deletingLastPathComponent
            }
            let quoted =
                (readable.map { "(literal \"\(escaped($0))\")" } + Set(loaded).map { "(subpath \"\(escaped($0))\")" })
            let profile = """
                (version 1)
                (deny default)
                (allow file-read* (subpath "/usr/lib") (subpath "/System/Library") (subpath "/Library/Developer") \
                \(quoted.joined(separator: " ")))
                (allow file-read-metadata)
                (allow sysctl-read)
                (allow ipc-posix-shm-read* ipc-posix-shm-write-create ipc-posix-shm-write-data ipc-posix-shm-write-unlink)
                (allow signal (target self))
                """
            var error: UnsafeMutablePointer<CChar>?
            guard sandboxInit(profile, 0, &error) == 0 else {
                defer { free(error) }
                throw PluginSandbox.SetupError(
                    step: "sandbox_init: \(error.map { String(cString: $0) } ?? "")", code: EPERM)
            }
        }

        private static func escaped(_ path: String) -> String {
            path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        }
    }
#endif
