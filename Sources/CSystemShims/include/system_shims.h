/*
 * system_shims.h — Linux calls Swift cannot see through Glibc (the module is built without
 * _GNU_SOURCE, and some are macros or variadic), wrapped as plain functions; their portable
 * counterparts (POSIX calls macOS also has: shm_open, SOCK_STREAM pairs), which the workbench
 * uses on Darwin and on Linux under WORKBENCH_PORTABLE=1; and the 32-bit atomics used for
 * cancel flags, which may live in memory shared with a plugin process.
 *
 * The Linux-only calls (memfd, pidfd, SOCK_SEQPACKET) fail with ENOSYS elsewhere.
 */
#ifndef WORKBENCH_SYSTEM_SHIMS_H
#define WORKBENCH_SYSTEM_SHIMS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/** Atomically stores `value` at `word` (sequentially consistent). */
static inline void wb_atomic_store_i32(volatile int32_t *word, int32_t value) {
    __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

/** Atomically loads the value at `word` (sequentially consistent). */
static inline int32_t wb_atomic_load_i32(const volatile int32_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

/** Atomically stores a 64-bit word (a progress fraction's bits, shared with a parent). */
static inline void wb_atomic_store_u64(volatile uint64_t *word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

/** Atomically loads a 64-bit word. */
static inline uint64_t wb_atomic_load_u64(const volatile uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

/** memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING); -1 with errno on failure. */
int wb_memfd_create(const char *name);

/** Seals the memfd against shrinking and growing (a peer can never make the other SIGBUS). */
int wb_memfd_seal_size(int fd);

/** pidfd_open(pid, 0); -1 with errno on failure (kernel < 5.3). */
int wb_pidfd_open(pid_t pid);

/**
 * Spawns `path` with `argv` and `envp` (NULL: this process's environment); the child gets /dev/null as stdin, stderr as stdout
 * and stderr, `channel` as fd 3, and no other descriptor. Returns the pid, or -1 with errno.
 */
pid_t wb_spawn_with_channel(const char *path, char *const argv[], char *const envp[], int channel);

/** Sends `length` bytes and, if `fd` >= 0, that descriptor (SCM_RIGHTS); as sendmsg. */
ssize_t wb_send_with_fd(int socket, const void *bytes, size_t length, int fd);

/**
 * Receives up to `capacity` bytes and at most one descriptor into `*fd` (-1 if none, made
 * close-on-exec); as recvmsg (with MSG_DONTWAIT if `nonblocking`). Extra descriptors are closed.
 */
ssize_t wb_receive_with_fd(int socket, void *bytes, size_t capacity, int *fd, int nonblocking);

/**
 * Keeps freed memory in the heap for reuse (large blocks are not given back to the kernel at
 * once), so that a layout prepared again does not fault its arrays in again.
 */
void wb_keep_heap(void);

/** socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds). */
int wb_seqpacket_pair(int fds[2]);

/* --- Portable (POSIX, macOS too) --- */

/** Names the calling thread (at most 15 bytes show on Linux); pthread_setname_np, whose form differs by system. */
void wb_name_this_thread(const char *name);

/**
 * socketpair(AF_UNIX, SOCK_STREAM, 0, fds), both ends close-on-exec (and, on Darwin, never
 * raising SIGPIPE); a byte stream, so messages on it need framing.
 */
int wb_stream_pair(int fds[2]);

/** Whether `socket` is a SOCK_STREAM socket (1), another type (0), or not a socket (-1). */
int wb_socket_is_stream(int socket);

/**
 * Shared memory of no name: shm_open of a fresh name, unlinked at once, close-on-exec. Not
 * sealable (only a memfd is). -1 with errno on failure.
 */
int wb_shared_memory_create(void);

/**
 * Sends `head` then `bytes` in one sendmsg, with `fd` (SCM_RIGHTS) if it is >= 0; returns how
 * many bytes went (a stream socket may take fewer), or -1 with errno.
 */
ssize_t wb_send_parts_with_fd(int socket, const void *head, size_t head_length, const void *bytes, size_t length, int fd);

#endif /* WORKBENCH_SYSTEM_SHIMS_H */
