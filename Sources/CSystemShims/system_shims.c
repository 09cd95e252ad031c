#define _GNU_SOURCE
#include "system_shims.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

int wb_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int wb_memfd_seal_size(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW);
}

int wb_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

pid_t wb_spawn_with_channel(const char *path, char *const argv[], char *const envp[], int channel) {
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    int status = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, 2, 1);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, channel, 3);
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, 4);
    pid_t pid = -1;
    if (status == 0) status = posix_spawn(&pid, path, &actions, NULL, argv, envp ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    if (status != 0) {
        errno = status;
        return -1;
    }
    return pid;
}

ssize_t wb_send_with_fd(int socket, const void *bytes, size_t length, int fd) {
    struct iovec vector = { .iov_base = (void *)bytes, .iov_len = length };
    struct msghdr message = { .msg_iov = &vector, .msg_iovlen = 1 };
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
    do { sent = sendmsg(socket, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t wb_receive_with_fd(int socket, void *bytes, size_t capacity, int *fd, int nonblocking) {
    *fd = -1;
    struct iovec vector = { .iov_base = bytes, .iov_len = capacity };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 4)]; } control;
    struct msghdr message = { .msg_iov = &vector, .msg_iovlen = 1,
                              .msg_control = control.space, .msg_controllen = sizeof control.space };
    ssize_t received;
    do { received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC | (nonblocking ? MSG_DONTWAIT : 0)); } while (received < 0 && errno == EINTR);
    if (received < 0) return received;
    int truncated = (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < count; index++) {
            int received_fd;
            memcpy(&received_fd, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (*fd < 0) *fd = received_fd; else close(received_fd);
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
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
}

int wb_seqpacket_pair(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds);
}
