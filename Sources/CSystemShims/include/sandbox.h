/*
 * sandbox.h — the plugin process's sandbox on Linux: Landlock (what files it may read), a
 * seccomp-bpf filter (no sockets, processes, ptrace, privilege changes or kernel surfaces),
 * PR_SET_NO_NEW_PRIVS and an address-space limit; and how a process the sandbox stopped says
 * what it refused. Applied by the plugin process itself before it loads a plugin library.
 * Elsewhere every call reports "unavailable" (ENOSYS).
 */
#ifndef WORKBENCH_SANDBOX_H
#define WORKBENCH_SANDBOX_H

#include <stdint.h>

/** The Landlock ABI version this kernel offers, or 0 when it offers none (or disabled it). */
int wb_sandbox_landlock_abi(void);

/** 1 when this kernel filters system calls with seccomp-bpf (and can trap), else 0. */
int wb_sandbox_seccomp_available(void);

/** `bytes`, or the hard address-space limit this process runs under (RLIMIT_AS) if lower. */
uint64_t wb_sandbox_memory_limit_below_hard_limit(uint64_t bytes);

/**
 * Limits this process's address space (RLIMIT_AS, soft and hard) to `bytes`, or to the hard
 * limit it already has if that is lower; a plugin cannot raise it again. Also arms the memory-limit report: a later crash (SIGSEGV, SIGBUS, SIGILL,
 * SIGTRAP, SIGABRT) in a thread whose last failure was ENOMEM is reported as the memory limit.
 * 0, or -1 with errno.
 */
int wb_sandbox_limit_memory(uint64_t bytes);

/**
 * Restricts this process with Landlock to reading the `count` paths in `readable` (a file, or
 * a folder and everything beneath), plus what loading a library needs (the loader's cache, the
 * system's library folders, the folders of every library already loaded, the CPU list); and to
 * reading and writing beneath the `count_writable` paths in `writable` (empty but for special
 * cases). Writes nowhere else, executes nothing, and (ABI ≥ 4, 6) binds or connects no TCP
 * port, signals no process and reaches no abstract socket outside itself. Must be called while
 * this process has one thread (Landlock restricts the calling thread): -1 with EBUSY otherwise.
 * Paths that do not exist are skipped. 0, or -1 with errno (ENOSYS: no Landlock).
 */
int wb_sandbox_restrict_files(const char *const *readable, int count, const char *const *writable, int count_writable);

/**
 * Sets PR_SET_NO_NEW_PRIVS and installs the system-call filter, for every thread: a refused
 * call stops the process with SIGSYS after recording which call it was (see
 * `wb_sandbox_report_to`); clone3 answers ENOSYS (so threads are made with clone, whose flags
 * the filter can see). 0, or -1 with errno (ENOSYS: no seccomp).
 */
int wb_sandbox_restrict_calls(void);

/**
 * Where a stop by the sandbox is recorded, from its signal handler: `word` (if not NULL, e.g.
 * in memory shared with the parent) gets `kind << 32 | number`; `fd` (if >= 0) gets one line,
 * `{"stopped":"system call NAME"}` or `{"stopped":"memory limit"}`.
 */
void wb_sandbox_report_to(volatile uint64_t *word, int fd);

/** What a report word's kind means. */
enum { WB_SANDBOX_STOP_NONE = 0, WB_SANDBOX_STOP_SYSTEM_CALL = 1, WB_SANDBOX_STOP_MEMORY = 2 };

/** The name of system call `number` if the filter refuses it ("socket"), else NULL. */
const char *wb_sandbox_system_call_name(uint32_t number);

#endif /* WORKBENCH_SANDBOX_H */
