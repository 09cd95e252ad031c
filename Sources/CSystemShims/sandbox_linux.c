#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))

#include <dirent.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#ifndef CLONE_THREAD
#define CLONE_THREAD 0x00010000
#endif

/* Landlock, spelled out here: the installed header may predate the rights this kernel has. */
#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif
#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1
#define LL_FS_EXECUTE (1ULL << 0)
#define LL_FS_WRITE_FILE (1ULL << 1)
#define LL_FS_READ_FILE (1ULL << 2)
#define LL_FS_READ_DIR (1ULL << 3)
#define LL_FS_REMOVE_FILE (1ULL << 5)
#define LL_FS_MAKE_REG (1ULL << 8)
#define LL_FS_TRUNCATE (1ULL << 14)
#define LL_NET_BIND_TCP (1ULL << 0)
#define LL_NET_CONNECT_TCP (1ULL << 1)
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define LL_SCOPE_SIGNAL (1ULL << 1)

struct ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

/* ---- what the filter refuses, by name ---- */

#define REFUSED(name) { __NR_##name, #name },
static const struct { uint32_t number; const char *name; } refused_calls[] = {
    /* networking: a plugin has its one channel already */
    REFUSED(socket) REFUSED(socketpair) REFUSED(connect) REFUSED(bind) REFUSED(listen) REFUSED(accept)
    REFUSED(accept4)
    /* processes: threads only (clone with CLONE_THREAD) */
#ifdef __NR_fork
    REFUSED(fork)
#endif
#ifdef __NR_vfork
    REFUSED(vfork)
#endif
    REFUSED(clone) REFUSED(execve) REFUSED(execveat) REFUSED(ptrace) REFUSED(process_vm_readv)
    REFUSED(process_vm_writev) REFUSED(kcmp) REFUSED(pidfd_open) REFUSED(pidfd_getfd) REFUSED(pidfd_send_signal)
    /* signals to anything but itself, limits of another process */
    REFUSED(kill) REFUSED(tkill) REFUSED(tgkill) REFUSED(rt_sigqueueinfo) REFUSED(rt_tgsigqueueinfo)
    REFUSED(prlimit64)
    /* privileges, namespaces, mounts */
    REFUSED(setuid) REFUSED(setgid) REFUSED(setreuid) REFUSED(setregid) REFUSED(setresuid) REFUSED(setresgid)
    REFUSED(setfsuid) REFUSED(setfsgid) REFUSED(setgroups) REFUSED(capset) REFUSED(unshare) REFUSED(setns)
    REFUSED(chroot) REFUSED(pivot_root) REFUSED(mount) REFUSED(umount2) REFUSED(open_tree) REFUSED(move_mount)
    REFUSED(fsopen) REFUSED(fsconfig) REFUSED(fsmount) REFUSED(fspick) REFUSED(mount_setattr)
    /* kernel surfaces a layout has no use for; io_uring would bypass this filter */
    REFUSED(bpf) REFUSED(perf_event_open) REFUSED(userfaultfd) REFUSED(io_uring_setup) REFUSED(io_uring_enter)
    REFUSED(io_uring_register) REFUSED(keyctl) REFUSED(add_key) REFUSED(request_key) REFUSED(init_module)
    REFUSED(finit_module) REFUSED(delete_module) REFUSED(kexec_load) REFUSED(kexec_file_load) REFUSED(reboot)
    REFUSED(swapon) REFUSED(swapoff) REFUSED(acct) REFUSED(quotactl) REFUSED(syslog) REFUSED(open_by_handle_at)
    REFUSED(name_to_handle_at) REFUSED(fanotify_init)
#ifdef __NR_iopl
    REFUSED(iopl)
#endif
#ifdef __NR_ioperm
    REFUSED(ioperm)
#endif
    /* typing into a terminal (TIOCSTI, TIOCLINUX); other ioctls pass */
    REFUSED(ioctl)
};
#undef REFUSED
#define REFUSED_COUNT (sizeof refused_calls / sizeof refused_calls[0])

const char *wb_sandbox_system_call_name(uint32_t number) {
    for (size_t index = 0; index < REFUSED_COUNT; index++) {
        if (refused_calls[index].number == number) return refused_calls[index].name;
    }
    return NULL;
}

/* ---- reports from signal handlers (async-signal-safe only) ---- */

static volatile uint64_t *report_word;
static int report_fd = -1;
static volatile sig_atomic_t memory_limited;

void wb_sandbox_report_to(volatile uint64_t *word, int fd) {
    report_word = word;
    report_fd = fd;
}

static size_t append_text(char *line, size_t at, size_t capacity, const char *text) {
    while (*text && at + 1 < capacity) line[at++] = *text++;
    return at;
}

static void report(uint32_t kind, uint32_t number) {
    if (report_word) __atomic_store_n(report_word, ((uint64_t)kind << 32) | number, __ATOMIC_SEQ_CST);
    if (report_fd < 0) return;
    char line[96];
    size_t at = append_text(line, 0, sizeof line, "{\"stopped\":\"");
    if (kind == WB_SANDBOX_STOP_MEMORY) {
        at = append_text(line, at, sizeof line, "memory limit");
    } else {
        at = append_text(line, at, sizeof line, "system call ");
        const char *name = wb_sandbox_system_call_name(number);
        if (name) {
            at = append_text(line, at, sizeof line, name);
        } else {
            char digits[12];
            size_t count = 0;
            do { digits[count++] = (char)('0' + number % 10); number /= 10; } while (number && count < sizeof digits);
            while (count) line[at++] = digits[--count];
        }
    }
    at = append_text(line, at, sizeof line, "\"}\n");
    ssize_t written;
    do { written = write(report_fd, line, at); } while (written < 0 && errno == EINTR);
}

/* SIGSYS from the filter: record the call, then die of SIGSYS (the handler resets itself). */
static void refused(int signal, siginfo_t *info, void *context) {
    (void)context;
    report(WB_SANDBOX_STOP_SYSTEM_CALL, (uint32_t)info->si_syscall);
    raise(signal);
}

/* A crash after an allocation failed under the limit: record the memory limit, die as before. */
static void crashed(int signal, siginfo_t *info, void *context) {
    (void)info, (void)context;
    int failure = errno;
    if (memory_limited && failure == ENOMEM) report(WB_SANDBOX_STOP_MEMORY, 0);
    raise(signal);
}

static int handle(int signal, void (*handler)(int, siginfo_t *, void *)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handler;
    action.sa_flags = SA_SIGINFO | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    return sigaction(signal, &action, NULL);
}

/* ---- the memory limit ---- */

uint64_t wb_sandbox_memory_limit_below_hard_limit(uint64_t bytes) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_max == RLIM_INFINITY) return bytes;
    return limit.rlim_max < bytes ? (uint64_t)limit.rlim_max : bytes;
}

int wb_sandbox_limit_memory(uint64_t bytes) {
    /* A lower limit the workbench itself runs under (ulimit -v) stays: it cannot be raised. */
    bytes = wb_sandbox_memory_limit_below_hard_limit(bytes);
    struct rlimit limit = { .rlim_cur = bytes, .rlim_max = bytes };
    if (setrlimit(RLIMIT_AS, &limit) != 0) return -1;
    const int crashes[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT };
    for (size_t index = 0; index < sizeof crashes / sizeof crashes[0]; index++) {
        if (handle(crashes[index], crashed) != 0) return -1;
    }
    memory_limited = 1;
    return 0;
}

/* ---- Landlock ---- */

int wb_sandbox_landlock_abi(void) {
    long abi = syscall(__NR_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
    return abi > 0 ? (int)abi : 0;
}

static int thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int count = 0;
    for (struct dirent *entry; (entry = readdir(tasks));) {
        if (entry->d_name[0] != '.') count++;
    }
    closedir(tasks);
    return count;
}

/* Allows `access` (trimmed to a file's rights for a file) beneath `path`; a missing path is skipped. */
static int allow(int ruleset, const char *path, uint64_t access, uint64_t handled) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT || errno == ENOTDIR || errno == EACCES ? 0 : -1;
    struct stat status;
    if (fstat(fd, &status) != 0) {
        close(fd);
        return -1;
    }
    if (!S_ISDIR(status.st_mode)) access &= LL_FS_READ_FILE | LL_FS_WRITE_FILE | LL_FS_TRUNCATE | LL_FS_EXECUTE;
    struct ll_path_beneath_attr rule = { .allowed_access = access & handled, .parent_fd = fd };
    long result = syscall(__NR_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &rule, 0);
    int failure = errno;
    close(fd);
    errno = failure;
    return result == 0 ? 0 : -1;
}

struct loaded_folders {
    int ruleset;
    uint64_t access, handled;
    int failed;
    /* The folders allowed so far (as prefixes of the libraries' names, which stay valid). */
    struct { const char *name; size_t length; } seen[128];
    size_t seen_count;
};

/* Each loaded library's folder (the Swift runtime's, the C library's…) may be read. */
static int allow_folder_of_library(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct loaded_folders *folders = data;
    const char *name = info->dlpi_name;
    if (!name || name[0] != '/') return 0;
    const char *slash = strrchr(name, '/');
    size_t length = (size_t)(slash - name);
    char folder[4096];
    if (length == 0 || length >= sizeof folder) return 0;
    for (size_t index = 0; index < folders->seen_count; index++) {
        if (folders->seen[index].length == length && memcmp(folders->seen[index].name, name, length) == 0) return 0;
    }
    if (folders->seen_count < sizeof folders->seen / sizeof folders->seen[0]) {
        folders->seen[folders->seen_count].name = name;
        folders->seen[folders->seen_count++].length = length;
    }
    memcpy(folder, name, length);
    folder[length] = 0;
    if (allow(folders->ruleset, folder, folders->access, folders->handled) != 0) folders->failed = 1;
    return 0;
}

int wb_sandbox_restrict_files(const char *const *readable, int count, const char *const *writable, int count_writable) {
    int abi = wb_sandbox_landlock_abi();
    if (abi <= 0) {
        errno = ENOSYS;
        return -1;
    }
    if (thread_count() != 1) {
        errno = EBUSY;
        return -1;
    }
    /* Every file-system right this ABI knows is handled (refused unless a rule allows it). */
    uint64_t handled = (1ULL << 13) - 1; /* ABI 1: EXECUTE … MAKE_SYM */
    if (abi >= 2) handled |= 1ULL << 13; /* REFER */
    if (abi >= 3) handled |= LL_FS_TRUNCATE;
    if (abi >= 5) handled |= 1ULL << 15; /* IOCTL_DEV */
    struct ll_ruleset_attr attributes = { .handled_access_fs = handled };
    size_t size = sizeof attributes.handled_access_fs;
    if (abi >= 4) {
        attributes.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
        size = offsetof(struct ll_ruleset_attr, scoped);
    }
    if (abi >= 6) {
        attributes.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;
        size = sizeof attributes;
    }
    int ruleset = (int)syscall(__NR_landlock_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) return -1;
    const uint64_t read = LL_FS_READ_FILE | LL_FS_READ_DIR;
    const uint64_t write = read | LL_FS_WRITE_FILE | LL_FS_MAKE_REG | LL_FS_REMOVE_FILE | LL_FS_TRUNCATE;
    static const char *const loading[] = {
        "/etc/ld.so.cache", "/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib",
        "/sys/devices/system/cpu",
    };
    int failed = 0;
    for (size_t index = 0; index < sizeof loading / sizeof loading[0]; index++) {
        failed |= allow(ruleset, loading[index], read, handled) != 0;
    }
    for (int index = 0; index < count; index++) failed |= allow(ruleset, readable[index], read, handled) != 0;
    for (int index = 0; index < count_writable; index++) {
        failed |= allow(ruleset, writable[index], write, handled) != 0;
    }
    struct loaded_folders folders = { .ruleset = ruleset, .access = read, .handled = handled };
    dl_iterate_phdr(allow_folder_of_library, &folders);
    failed |= folders.failed;
    int failure = errno;
    if (!failed && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) failed = 1, failure = errno;
    if (!failed && syscall(__NR_landlock_restrict_self, ruleset, 0) != 0) failed = 1, failure = errno;
    close(ruleset);
    errno = failure;
    return failed ? -1 : 0;
}

/* ---- seccomp-bpf ---- */

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#else
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#endif

int wb_sandbox_seccomp_available(void) {
    uint32_t action = SECCOMP_RET_TRAP;
    return syscall(__NR_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action) == 0;
}

#define ARG_LOW(n) (offsetof(struct seccomp_data, args) + 8 * (n))
#define STATEMENT(code, k) ((struct sock_filter)BPF_STMT(code, k))
#define JUMP(code, k, yes, no) ((struct sock_filter)BPF_JUMP(code, k, yes, no))

int wb_sandbox_restrict_calls(void) {
    if (!wb_sandbox_seccomp_available()) {
        errno = ENOSYS;
        return -1;
    }
    const uint32_t self = (uint32_t)getpid();
    struct sock_filter program[320];
    size_t at = 0;
    /* Only this architecture's calling convention; x32 numbers too are someone else's. */
    program[at++] = STATEMENT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
    program[at++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0);
    program[at++] = STATEMENT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    program[at++] = STATEMENT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
    program[at++] = JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
    program[at++] = STATEMENT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
#endif
    /* The calls a plugin process makes on every request come first, so they cost a few
       instructions, not a walk through the whole list. */
    static const uint32_t frequent[] = {
        __NR_futex, __NR_recvmsg, __NR_sendmsg, __NR_ppoll, __NR_read, __NR_write, __NR_mmap, __NR_munmap,
        __NR_madvise, __NR_mprotect, __NR_clock_nanosleep, __NR_getppid, __NR_close, __NR_sched_yield,
        __NR_recvfrom, __NR_sendto,
#ifdef __NR_poll
        __NR_poll,
#endif
    };
    for (size_t index = 0; index < sizeof frequent / sizeof frequent[0]; index++) {
        program[at++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, frequent[index], 0, 1);
        program[at++] = STATEMENT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    }
    /* clone3's flags are behind a pointer the filter cannot read: glibc falls back to clone. */
    program[at++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 0, 1);
    program[at++] = STATEMENT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
    /* Calls allowed with some arguments: each block loads an argument, and falls through to
       the trap when it does not qualify; the number is reloaded after each. */
    struct { uint32_t number, argument, operation, value; } conditional[] = {
        { __NR_clone, 0, BPF_JSET, CLONE_THREAD },
        { __NR_kill, 0, BPF_JEQ, self },
        { __NR_tgkill, 0, BPF_JEQ, self },
        { __NR_rt_sigqueueinfo, 0, BPF_JEQ, self },
        { __NR_rt_tgsigqueueinfo, 0, BPF_JEQ, self },
        { __NR_prlimit64, 0, BPF_JEQ, 0 },
        { __NR_prlimit64, 0, BPF_JEQ, self },
        { __NR_ioctl, 1, BPF_JEQ, TIOCSTI },
        { __NR_ioctl, 1, BPF_JEQ, TIOCLINUX },
    };
    const size_t conditional_count = sizeof conditional / sizeof conditional[0];
    for (size_t index = 0; index < conditional_count; index++) {
        /* ioctl's entries refuse what matches; the others allow what matches. */
        int refuses = conditional[index].number == __NR_ioctl;
        program[at++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, conditional[index].number, 0, 4);
        program[at++] = STATEMENT(BPF_LD | BPF_W | BPF_ABS, ARG_LOW(conditional[index].argument));
        program[at++] = JUMP(BPF_JMP | conditional[index].operation | BPF_K, conditional[index].value, 0, 1);
        program[at++] = STATEMENT(BPF_RET | BPF_K, refuses ? SECCOMP_RET_TRAP : SECCOMP_RET_ALLOW);
        program[at++] = STATEMENT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
    }
    /* ioctl, past its two refused requests, is allowed. */
    program[at++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 0, 1);
    program[at++] = STATEMENT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    for (size_t index = 0; index < REFUSED_COUNT; index++) {
        if (refused_calls[index].number == __NR_ioctl) continue;
        program[at++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, refused_calls[index].number, 0, 1);
        program[at++] = STATEMENT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    }
    program[at++] = STATEMENT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    if (at > sizeof program / sizeof program[0]) abort();

    if (handle(SIGSYS, refused) != 0) return -1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    struct sock_fprog filter = { .len = (unsigned short)at, .filter = program };
    return syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &filter) == 0 ? 0 : -1;
}

#else /* not Linux on x86_64 or arm64: only the memory limit (Darwin's sandbox is in PluginSandbox+Darwin.swift) */

#include <sys/resource.h>

int wb_sandbox_landlock_abi(void) { return 0; }
int wb_sandbox_seccomp_available(void) { return 0; }
uint64_t wb_sandbox_memory_limit_below_hard_limit(uint64_t bytes) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_max == RLIM_INFINITY) return bytes;
    return limit.rlim_max < bytes ? (uint64_t)limit.rlim_max : bytes;
}
int wb_sandbox_limit_memory(uint64_t bytes) {
    bytes = wb_sandbox_memory_limit_below_hard_limit(bytes);
    struct rlimit limit = { .rlim_cur = bytes, .rlim_max = bytes };
    return setrlimit(RLIMIT_AS, &limit);
}
int wb_sandbox_restrict_files(const char *const *readable, int count, const char *const *writable, int count_writable) {
    (void)readable, (void)count, (void)writable, (void)count_writable;
    errno = ENOSYS;
    return -1;
}
int wb_sandbox_restrict_calls(void) { errno = ENOSYS; return -1; }
void wb_sandbox_report_to(volatile uint64_t *word, int fd) { (void)word, (void)fd; }
const char *wb_sandbox_system_call_name(uint32_t number) { (void)number; return NULL; }

#endif
