#define _GNU_SOURCE
#include "system_shims.h"

#include <errno.h>
#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <pthread.h>
#include <spawn.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

#if defined(__APPLE__)
extern char **environ;
#endif

#if defined(__linux__)
#include <sys/syscall.h>

int wb_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int wb_memfd_seal_size(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW);
}

int wb_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int wb_seqpacket_pair(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds);
}

#define WB_SEND_FLAGS MSG_NOSIGNAL
#define WB_RECEIVE_FLAGS MSG_CMSG_CLOEXEC
#else
int wb_memfd_create(const char *name) { (void)name; errno = ENOSYS; return -1; }
int wb_memfd_seal_size(int fd) { (void)fd; errno = ENOSYS; return -1; }
int wb_pidfd_open(pid_t pid) { (void)pid; errno = ENOSYS; return -1; }
int wb_seqpacket_pair(int fds[2]) { (void)fds; errno = ENOSYS; return -1; }
/* Darwin has no MSG_NOSIGNAL (the pair's ends carry SO_NOSIGPIPE) nor MSG_CMSG_CLOEXEC (set after). */
#define WB_SEND_FLAGS 0
#define WB_RECEIVE_FLAGS 0
#endif

static int wb_set_cloexec(int fd) {
    int flags = fcntl(fd, F_GETFD);
    return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

pid_t wb_spawn_with_channel(const char *path, char *const argv[], char *const envp[], int channel) {
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    int status = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, 2, 1);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, channel, 3);
    pid_t pid = -1;
#if defined(__APPLE__)
    /* Every descriptor not named by an action is closed in the child. */
    posix_spawnattr_t attributes;
    if (status == 0) status = posix_spawnattr_init(&attributes);
    if (status == 0) {
        status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_CLOEXEC_DEFAULT);
        if (status == 0) status = posix_spawn_file_actions_addinherit_np(&actions, 2);
        if (status == 0) status = posix_spawn(&pid, path, &actions, &attributes, argv, envp ? envp : environ);
        posix_spawnattr_destroy(&attributes);
    }
#else
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, 4);
    if (status == 0) status = posix_spawn(&pid, path, &actions, NULL, argv, envp ? envp : environ);
#endif
    posix_spawn_file_actions_destroy(&actions);
    if (status != 0) {
        errno = status;
        return -1;
    }
    return pid;
}

ssize_t wb_send_with_fd(int socket, const void *bytes, size_t length, int fd) {
    return wb_send_parts_with_fd(socket, NULL, 0, bytes, length, fd);
}

ssize_t wb_send_parts_with_fd(int socket, const void *head, size_t head_length, const void *bytes, size_t length, int fd) {
    struct iovec vectors[2] = {
        { .iov_base = (void *)head, .iov_len = head_length },
        { .iov_base = (void *)bytes, .iov_len = length },
    };
    struct msghdr message = { .msg_iov = head_length > 0 ? vectors : vectors + 1, .msg_iovlen = head_length > 0 ? 2 : 1 };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    if (fd >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.space;
        message.msg_controllen = sizeof control.space;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &fd, sizeof(int));
    }
    ssize_t sent;
    do { sent = sendmsg(socket, &message, WB_SEND_FLAGS); } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t wb_receive_with_fd(int socket, void *bytes, size_t capacity, int *fd, int nonblocking) {
    *fd = -1;
    struct iovec vector = { .iov_base = bytes, .iov_len = capacity };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 4)]; } control;
    struct msghdr message = { .msg_iov = &vector, .msg_iovlen = 1,
                              .msg_control = control.space, .msg_controllen = sizeof control.space };
    ssize_t received;
    do { received = recvmsg(socket, &message, WB_RECEIVE_FLAGS | (nonblocking ? MSG_DONTWAIT : 0)); } while (received < 0 && errno == EINTR);
    if (received < 0) return received;
    int truncated = (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < count; index++) {
            int received_fd;
            memcpy(&received_fd, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (*fd < 0) {
                *fd = received_fd;
                if (WB_RECEIVE_FLAGS == 0) wb_set_cloexec(received_fd);
            } else {
                close(received_fd);
            }
        }
    }
    if (truncated) {
        if (*fd >= 0) close(*fd);
        *fd = -1;
        errno = EMSGSIZE;
        return -1;
    }
    return received;
}

void wb_keep_heap(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
    /* Darwin's allocator keeps freed regions in its magazines already: nothing to set. */
}

void wb_name_this_thread(const char *name) {
#if defined(__APPLE__)
    pthread_setname_np(name);
#else
    pthread_setname_np(pthread_self(), name);
#endif
}

int wb_stream_pair(int fds[2]) {
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return -1;
    for (int end = 0; end < 2; end++) {
        int failed = wb_set_cloexec(fds[end]) != 0;
#if defined(SO_NOSIGPIPE)
        int on = 1;
        failed = failed || setsockopt(fds[end], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on) != 0;
#endif
        if (failed) {
            int error = errno;
            close(fds[0]);
            close(fds[1]);
            errno = error;
            return -1;
        }
    }
    return 0;
}

int wb_socket_is_stream(int socket) {
    int type = 0;
    socklen_t length = sizeof type;
    if (getsockopt(socket, SOL_SOCKET, SO_TYPE, &type, &length) != 0) return -1;
    return type == SOCK_STREAM;
}

int wb_shared_memory_create(void) {
    static atomic_uint counter;
    /* Short: macOS allows 31 characters. */
    char name[32];
    for (int attempt = 0; attempt < 64; attempt++) {
        snprintf(name, sizeof name, "/wb.%d.%u", (int)getpid(), atomic_fetch_add(&counter, 1));
        int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd < 0 && errno == EEXIST) continue;
        if (fd < 0) return -1;
        shm_unlink(name);
        if (wb_set_cloexec(fd) != 0) {
            int error = errno;
            close(fd);
            errno = error;
            return -1;
        }
        return fd;
    }
    errno = EEXIST;
    return -1;
}
