import Foundation

/// Layout plugins written in C that try to reach outside their process, one escape per build
/// (`-DESCAPE_…`), compiled with the system's `cc` against the real ABI header.
///
/// Each lays out one section as a column of 100 × 20 cells. Its `prepare` tries the escape:
/// when the attempt fails with an error, `prepare` fails with the layout error
/// `escape failed: <what>: <strerror>`; when it succeeds, `prepare` succeeds (so a test that
/// expects the failure can fail). Escapes the sandbox stops instead never return.
public enum EscapingPlugin: String, CaseIterable, Sendable {
    /// Tries nothing: the control case (and a reloaded, well-behaved build).
    case none
    /// Reads `/etc/hostname`, outside what a plugin may read.
    case readFile = "readfile"
    /// Creates a file in `/tmp`.
    case writeFile = "writefile"
    /// Creates a TCP socket and connects it to a loopback port.
    case socket
    /// Forks, and the child runs `/bin/sh`.
    case fork
    /// Replaces itself with `/bin/sh` (execve).
    case exec
    /// Reads `/etc/hostname` in a library constructor, before any entry point runs; `prepare`
    /// reports how that went.
    case constructorRead = "ctorread"
    /// Creates a socket in a library constructor (stopped while the library is described).
    case constructorSocket = "ctorsocket"
    /// Allocates 6 GB and touches every page, without checking what `malloc` returned.
    case memory

    /// The plugin's name in workspaces: "escape-" + the escape.
    public var pluginName: String { "escape-\(rawValue)" }

    /// Compiles this escape into `lib<name>.so` in `folder` (`name` defaults to `pluginName`);
    /// returns the library's path.
    public func build(in folder: String, named name: String? = nil) throws -> String {
        let name = name ?? pluginName
        let source = (folder as NSString).appendingPathComponent("escape-\(rawValue)-\(name).c")
        try Self.source.write(toFile: source, atomically: true, encoding: .utf8)
        let library = (folder as NSString).appendingPathComponent("lib\(name).so")
        let include = BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include"
        let result = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-O1", "-I", include, "-DESCAPE_\(rawValue.uppercased())",
                "-DPLUGIN_NAME=\"\(name)\"", "-o", library + ".tmp", source,
            ])
        guard result.status == 0 else { throw FixtureBuildError(message: "cc failed: \(result.standardError)") }
        guard rename(library + ".tmp", library) == 0 else { throw FixtureBuildError(message: "rename failed") }
        return library
    }

    static let source = #"""
        #include <arpa/inet.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <netinet/in.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/socket.h>
        #include <sys/wait.h>
        #include <unistd.h>
        #include "workbench_layout.h"

        typedef struct { int64_t count; } layout;

        /* Fails the call with "escape failed: <what>: <strerror(errno)>". */
        static int32_t failed(wb_error *error, const char *what) {
            error->code = WB_ERROR_LAYOUT;
            snprintf(error->message, sizeof error->message, "escape failed: %s: %s", what, strerror(errno));
            return WB_ERROR_LAYOUT;
        }

        #if defined(ESCAPE_CTORREAD) || defined(ESCAPE_CTORSOCKET)
        static int constructor_errno = -1;
        __attribute__((constructor)) static void escape_on_load(void) {
        #ifdef ESCAPE_CTORREAD
            int fd = open("/etc/hostname", O_RDONLY);
        #else
            int fd = socket(AF_INET, SOCK_STREAM, 0);
        #endif
            constructor_errno = fd < 0 ? errno : 0;
            if (fd >= 0) close(fd);
        }
        #endif

        static int32_t escape(wb_error *error) {
        #ifdef ESCAPE_READFILE
            char text[256];
            int fd = open("/etc/hostname", O_RDONLY);
            if (fd < 0) return failed(error, "open /etc/hostname");
            ssize_t count = read(fd, text, sizeof text);
            close(fd);
            if (count < 0) return failed(error, "read /etc/hostname");
        #endif
        #ifdef ESCAPE_WRITEFILE
            char path[64];
            snprintf(path, sizeof path, "/tmp/workbench-escape-%d", (int)getpid());
            int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
            if (fd < 0) return failed(error, "create a file in /tmp");
            close(fd);
            unlink(path);
        #endif
        #ifdef ESCAPE_SOCKET
            int fd = socket(AF_INET, SOCK_STREAM, 0);
            if (fd < 0) return failed(error, "socket");
            struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons(9) };
            address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            int connected = connect(fd, (struct sockaddr *)&address, sizeof address);
            close(fd);
            if (connected != 0 && errno != ECONNREFUSED) return failed(error, "connect to 127.0.0.1:9");
        #endif
        #ifdef ESCAPE_FORK
            pid_t child = fork();
            if (child < 0) return failed(error, "fork");
            if (child == 0) {
                execl("/bin/sh", "sh", "-c", "exit 0", (char *)NULL);
                _exit(127);
            }
            int status = 0;
            waitpid(child, &status, 0);
        #endif
        #ifdef ESCAPE_EXEC
            execl("/bin/sh", "sh", "-c", "exit 0", (char *)NULL);
            return failed(error, "exec /bin/sh");
        #endif
        #if defined(ESCAPE_CTORREAD) || defined(ESCAPE_CTORSOCKET)
            if (constructor_errno != 0) {
                errno = constructor_errno;
                return failed(error, "a constructor's open of /etc/hostname");
            }
        #endif
        #ifdef ESCAPE_MEMORY
            size_t size = (size_t)6 << 30;
            volatile char *bytes = malloc(size);
            for (size_t at = 0; at < size; at += 4096) bytes[at] = 1;
            free((void *)bytes);
        #endif
            return WB_OK;
        }

        static wb_layout *create(const struct wb_plugin_descriptor *plugin, const uint8_t *options, int64_t length, wb_error *error) {
            return (wb_layout *)calloc(1, sizeof(layout));
        }
        static void destroy(wb_layout *self) { free(self); }
        static int32_t prepare(wb_layout *self, const wb_data_source *data, wb_rect bounds, const wb_prepare_context *context, wb_error *error) {
            ((layout *)self)->count = data->section_count > 0 ? data->section_starts[1] - data->section_starts[0] : 0;
            return escape(error);
        }
        static wb_size content_size(wb_layout *self) { return (wb_size){ 100, 20.0 * ((layout *)self)->count }; }
        static int append(wb_attributes_sink *sink, int64_t item) {
            if (sink->count == sink->capacity && !sink->reserve(sink, 1, 0)) return 0;
            wb_attributes record;
            memset(&record, 0, sizeof record);
            record.element = (wb_element){ WB_CATEGORY_CELL, -1, 0, item };
            record.frame = (wb_rect){ 0, 20.0 * item, 100, 20 };
            record.alpha = 1;
            sink->records[sink->count++] = record;
            return 1;
        }
        static int32_t elements_in_rect(wb_layout *self, wb_rect rect, wb_attributes_sink *sink, wb_error *error) {
            for (int64_t item = 0; item < ((layout *)self)->count; item++) {
                if (20.0 * item < rect.y + rect.height && rect.y < 20.0 * item + 20 && !append(sink, item)) return WB_ERROR_LAYOUT;
            }
            return WB_OK;
        }
        static int32_t attributes_for_element(wb_layout *self, wb_element element, wb_attributes_sink *sink, wb_error *error) {
            if (element.category != WB_CATEGORY_CELL || element.section != 0 || element.item < 0 || element.item >= ((layout *)self)->count) return 0;
            return append(sink, element.item) ? 1 : -1;
        }
        static int32_t should_invalidate(wb_layout *self, wb_rect bounds) { return 0; }
        static uint32_t invalidation(wb_layout *self, wb_rect bounds) { return WB_INVALIDATE_EVERYTHING; }
        static void invalidate(wb_layout *self, uint32_t flags) {}
        static wb_point target(wb_layout *self, wb_point proposed, wb_point velocity) { return proposed; }
        static int32_t transition(wb_layout *self, wb_element element, int32_t appearing, wb_rect bounds, wb_attributes_sink *sink) {
            return attributes_for_element(self, element, sink, NULL);
        }
        static int64_t element_count(wb_layout *self) { return ((layout *)self)->count; }

        static const wb_layout_functions functions = {
            create, destroy, prepare, content_size, elements_in_rect, attributes_for_element,
            should_invalidate, invalidation, invalidate, target, transition, element_count,
        };
        static const wb_plugin_descriptor descriptor = {
            .abi_version = WB_ABI_VERSION, .abi_minor_version = WB_ABI_MINOR_VERSION, .descriptor_size = sizeof(wb_plugin_descriptor),
            .functions_size = sizeof(wb_layout_functions), .name = PLUGIN_NAME, .version = "0.0.1",
            .summary = "tries to escape its sandbox", .functions = &functions
        };
        const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }
        """#
}
