// epoll, eventfd and accept4 from glibc, which Swift's Glibc module leaves out.
#ifndef GOTTAGO_CEPOLL_SHIM_H
#define GOTTAGO_CEPOLL_SHIM_H
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

// glibc declares accept4 only under _GNU_SOURCE, which would change `struct sockaddr`
// arguments for every module that shares these headers.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

#endif
