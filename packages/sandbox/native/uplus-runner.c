/*
 * uplus-runner: the small native helper of @uplus/sandbox.
 *
 * Modes (argv[1]):
 *   launch [--cgroup FILE]... -- CMD ARGS...
 *       Outside the sandbox, started by Node. Dies with Node (PDEATHSIG), joins the slot's cgroups
 *       (so every process of the sandbox is accounted before it exists), becomes a child subreaper,
 *       runs CMD (setpriv -> bwrap -> runner run) in its own process group, prints that group's id on
 *       stdout, and reaps every orphan (bwrap leaves one per run) until none is left.
 *   run
 *       Inside the sandbox (bwrap pid namespace, pid 2, unprivileged). Reads jobs from fd 3, runs each
 *       one under rlimits and a seccomp filter with stdin/stdout/stderr on memfds, enforces the wall clock with a pidfd poll
 *       and SIGKILL of the process group, kills and reaps everything the job left behind, and writes
 *       the result back on fd 3. Non-dumpable, so the program it runs cannot ptrace it or open its fds.
 *   probe
 *       Executed as a job: prints what the sandboxed program sees (uid, capabilities, no_new_privs,
 *       seccomp mode, network, user namespaces) so Node can refuse to run code when isolation is not what it expects.
 *   bench N -- CMD ARGS...
 *       Bare fork/exec/wait of CMD N times (no sandbox), prints the median in microseconds.
 *
 * Protocol on fd 3 (run mode), all numbers decimal:
 *   runner -> node  "READY 1\n"
 *   node -> runner  "J wall_ms cpu_ms as_bytes data_bytes fsize_bytes nproc nofile stack_bytes out_cap
 *                    err_cap argv_bytes stdin_bytes\n" then argv (NUL-terminated strings) then stdin.
 *                   "Q\n" ends the session.
 *   runner -> node  "R exec_errno exited code signal timed_out wall_us cpu_us maxrss_kb out_size err_size
 *                    out_len err_len\n" then out_len bytes of stdout and err_len bytes of stderr.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHANNEL_FD 3
#define MAX_ARGV_BYTES (64 * 1024)
#define MAX_ARGS 64
#define MAX_STDIN_BYTES (64ULL * 1024 * 1024)
#define MAX_CAP_BYTES (64ULL * 1024 * 1024)
#define JOB_NICE 10

static char *const child_env[] = {"PATH=/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8", NULL};

static void die(const char *what) {
  fprintf(stderr, "uplus-runner: %s: %s\n", what, strerror(errno));
  _exit(125);
}

static uint64_t now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000ULL + (uint64_t)ts.tv_nsec / 1000ULL;
}

static int write_all(int fd, const void *buf, size_t len) {
  const char *p = buf;
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

/* ---------- launch mode ---------- */

static volatile sig_atomic_t stop_requested = 0;
static void on_stop(int sig) {
  (void)sig;
  stop_requested = 1;
}

static int launch_main(int argc, char **argv) {
  int i = 2;
  pid_t parent = getppid();
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) die("PR_SET_PDEATHSIG");
  if (getppid() != parent) _exit(125); /* Node is already gone */
  struct rlimit core = {0, 0};
  setrlimit(RLIMIT_CORE, &core);
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    if (strcmp(argv[i], "--cgroup") == 0 && i + 1 < argc) {
      int fd = open(argv[++i], O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
      if (fd < 0 || write(fd, "0\n", 2) != 2) die("joining cgroup");
      close(fd);
    } else {
      fprintf(stderr, "uplus-runner: unknown launch option %s\n", argv[i]);
      return 125;
    }
  }
  if (i + 1 >= argc) {
    fprintf(stderr, "uplus-runner: launch needs -- CMD\n");
    return 125;
  }
  char **cmd = &argv[i + 1];
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) die("PR_SET_CHILD_SUBREAPER");

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);

  pid_t child = fork();
  if (child < 0) die("fork");
  if (child == 0) {
    setpgid(0, 0);
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    execv(cmd[0], cmd);
    fprintf(stderr, "uplus-runner: exec %s: %s\n", cmd[0], strerror(errno));
    _exit(127);
  }
  setpgid(child, child);
  char line[64];
  int n = snprintf(line, sizeof line, "uplus-launch %d\n", (int)child);
  write_all(STDOUT_FILENO, line, (size_t)n);

  int child_status = 0, have_status = 0, killed = 0;
  for (;;) {
    if (stop_requested && !killed) {
      kill(-child, SIGKILL);
      kill(child, SIGKILL);
      killed = 1;
    }
    int st;
    pid_t w = waitpid(-1, &st, __WALL);
    if (w < 0) {
      if (errno == EINTR) continue;
      break; /* ECHILD: nothing left to reap */
    }
    if (w == child) {
      child_status = st;
      have_status = 1;
    }
  }
  if (!have_status) return 125;
  if (WIFEXITED(child_status)) return WEXITSTATUS(child_status);
  return 128 + WTERMSIG(child_status);
}

/* ---------- run mode ---------- */

typedef struct {
  char buf[65536];
  size_t start, end;
} reader_t;

static reader_t rd;

static ssize_t fill(void) {
  if (rd.start == rd.end) rd.start = rd.end = 0;
  if (rd.end == sizeof rd.buf) return -1;
  for (;;) {
    ssize_t n = read(CHANNEL_FD, rd.buf + rd.end, sizeof rd.buf - rd.end);
    if (n < 0 && errno == EINTR) continue;
    if (n > 0) rd.end += (size_t)n;
    return n;
  }
}

/* Reads one line (without the newline) into out; returns 0 on success, -1 on EOF/error. */
static int read_line(char *out, size_t cap) {
  for (;;) {
    char *nl = memchr(rd.buf + rd.start, '\n', rd.end - rd.start);
    if (nl) {
      size_t len = (size_t)(nl - (rd.buf + rd.start));
      if (len >= cap) return -1;
      memcpy(out, rd.buf + rd.start, len);
      out[len] = 0;
      rd.start += len + 1;
      return 0;
    }
    if (rd.end - rd.start >= cap) return -1;
    if (rd.start > 0) {
      memmove(rd.buf, rd.buf + rd.start, rd.end - rd.start);
      rd.end -= rd.start;
      rd.start = 0;
    }
    if (fill() <= 0) return -1;
  }
}

/* Copies exactly len bytes from the channel into fd (or into mem when fd < 0). */
static int read_exact(int fd, char *mem, uint64_t len) {
  while (len > 0) {
    if (rd.start == rd.end && fill() <= 0) return -1;
    size_t take = rd.end - rd.start;
    if (take > len) take = (size_t)len;
    if (fd >= 0) {
      if (write_all(fd, rd.buf + rd.start, take) != 0) return -1;
    } else {
      memcpy(mem, rd.buf + rd.start, take);
      mem += take;
    }
    rd.start += take;
    len -= take;
  }
  return 0;
}

static int remove_entry(int dirfd, const char *name);

/* Empties a directory without following symlinks (the job may have planted some). */
static void empty_dir_fd(int dfd) {
  fchmod(dfd, 0700);
  DIR *d = fdopendir(dfd);
  if (!d) {
    close(dfd);
    return;
  }
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    remove_entry(dirfd(d), e->d_name);
  }
  closedir(d);
}

static int remove_entry(int dirfd, const char *name) {
  if (unlinkat(dirfd, name, 0) == 0) return 0;
  if (errno != EISDIR && errno != EPERM) return -1;
  struct stat st;
  if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode)) return -1;
  /* Every process of the previous job is dead by now, so nothing can swap the directory for a link. */
  fchmodat(dirfd, name, 0700, 0);
  int sub = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (sub < 0) return -1;
  empty_dir_fd(sub);
  return unlinkat(dirfd, name, AT_REMOVEDIR);
}

static void empty_dir(const char *path) {
  chmod(path, 0755);
  int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0) empty_dir_fd(fd);
}

static void set_limit(int resource, uint64_t soft, uint64_t hard) {
  struct rlimit rl = {(rlim_t)soft, (rlim_t)hard};
  setrlimit(resource, &rl);
}

typedef struct {
  uint64_t wall_ms, cpu_ms, as, data, fsize, nproc, nofile, stack, out_cap, err_cap, argv_bytes, stdin_bytes;
} job_t;

static int read_capped(int fd, uint64_t size, uint64_t cap, char **out, uint64_t *len) {
  uint64_t n = size < cap ? size : cap;
  *out = NULL;
  *len = 0;
  if (n == 0) return 0;
  char *buf = malloc((size_t)n);
  if (!buf) return -1;
  uint64_t got = 0;
  while (got < n) {
    ssize_t r = pread(fd, buf + got, (size_t)(n - got), (off_t)got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (uint64_t)r;
  }
  *out = buf;
  *len = got;
  return 0;
}

static void kill_everything_else(void) {
  /* In our own pid namespace (checked at start) -1 means every process of the sandbox except pid 1
     (bwrap's init) and ourselves: whatever the job left running, in any process group or session. */
  kill(-1, SIGKILL);
  for (;;) {
    pid_t w = waitpid(-1, NULL, __WALL);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) break;
  }
}

/* ---------- seccomp ---------- */

#if defined(__x86_64__)
#define UPLUS_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define UPLUS_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

/*
 * System calls no exercise program, compiler or language runtime needs: kernel attack surface (bpf,
 * io_uring, userfaultfd, perf, keyrings), other processes (ptrace, process_vm_*, pidfd_getfd, kcmp),
 * mounts and namespaces, modules, clocks, swap, reboot and the like. They fail with EPERM (a runtime that
 * probes io_uring falls back). Most of them are refused already to an unprivileged uid without
 * capabilities; the filter keeps the kernel code behind them out of reach as well.
 */
static const int denied_syscalls[] = {
#ifdef SYS_ptrace
    SYS_ptrace,
#endif
#ifdef SYS_process_vm_readv
    SYS_process_vm_readv,
#endif
#ifdef SYS_process_vm_writev
    SYS_process_vm_writev,
#endif
#ifdef SYS_pidfd_getfd
    SYS_pidfd_getfd,
#endif
#ifdef SYS_kcmp
    SYS_kcmp,
#endif
#ifdef SYS_bpf
    SYS_bpf,
#endif
#ifdef SYS_perf_event_open
    SYS_perf_event_open,
#endif
#ifdef SYS_userfaultfd
    SYS_userfaultfd,
#endif
#ifdef SYS_io_uring_setup
    SYS_io_uring_setup,
#endif
#ifdef SYS_io_uring_enter
    SYS_io_uring_enter,
#endif
#ifdef SYS_io_uring_register
    SYS_io_uring_register,
#endif
#ifdef SYS_keyctl
    SYS_keyctl,
#endif
#ifdef SYS_add_key
    SYS_add_key,
#endif
#ifdef SYS_request_key
    SYS_request_key,
#endif
#ifdef SYS_mount
    SYS_mount,
#endif
#ifdef SYS_umount2
    SYS_umount2,
#endif
#ifdef SYS_pivot_root
    SYS_pivot_root,
#endif
#ifdef SYS_chroot
    SYS_chroot,
#endif
#ifdef SYS_unshare
    SYS_unshare,
#endif
#ifdef SYS_setns
    SYS_setns,
#endif
#ifdef SYS_open_tree
    SYS_open_tree,
#endif
#ifdef SYS_move_mount
    SYS_move_mount,
#endif
#ifdef SYS_fsopen
    SYS_fsopen,
#endif
#ifdef SYS_fsconfig
    SYS_fsconfig,
#endif
#ifdef SYS_fsmount
    SYS_fsmount,
#endif
#ifdef SYS_fspick
    SYS_fspick,
#endif
#ifdef SYS_mount_setattr
    SYS_mount_setattr,
#endif
#ifdef SYS_open_by_handle_at
    SYS_open_by_handle_at,
#endif
#ifdef SYS_name_to_handle_at
    SYS_name_to_handle_at,
#endif
#ifdef SYS_fanotify_init
    SYS_fanotify_init,
#endif
#ifdef SYS_init_module
    SYS_init_module,
#endif
#ifdef SYS_finit_module
    SYS_finit_module,
#endif
#ifdef SYS_delete_module
    SYS_delete_module,
#endif
#ifdef SYS_kexec_load
    SYS_kexec_load,
#endif
#ifdef SYS_kexec_file_load
    SYS_kexec_file_load,
#endif
#ifdef SYS_reboot
    SYS_reboot,
#endif
#ifdef SYS_swapon
    SYS_swapon,
#endif
#ifdef SYS_swapoff
    SYS_swapoff,
#endif
#ifdef SYS_syslog
    SYS_syslog,
#endif
#ifdef SYS_acct
    SYS_acct,
#endif
#ifdef SYS_quotactl
    SYS_quotactl,
#endif
#ifdef SYS_settimeofday
    SYS_settimeofday,
#endif
#ifdef SYS_clock_settime
    SYS_clock_settime,
#endif
#ifdef SYS_clock_adjtime
    SYS_clock_adjtime,
#endif
#ifdef SYS_adjtimex
    SYS_adjtimex,
#endif
#ifdef SYS_sethostname
    SYS_sethostname,
#endif
#ifdef SYS_setdomainname
    SYS_setdomainname,
#endif
#ifdef SYS_iopl
    SYS_iopl,
#endif
#ifdef SYS_ioperm
    SYS_ioperm,
#endif
#ifdef SYS_lookup_dcookie
    SYS_lookup_dcookie,
#endif
#ifdef SYS_vhangup
    SYS_vhangup,
#endif
#ifdef SYS_move_pages
    SYS_move_pages,
#endif
#ifdef SYS_migrate_pages
    SYS_migrate_pages,
#endif
};

#define DENIED_COUNT ((int)(sizeof denied_syscalls / sizeof denied_syscalls[0]))

/*
 * Installs the filter on the calling process (inherited by everything it starts, kept across execve):
 * another architecture's calling convention (int 0x80 on x86-64, the x32 ABI) kills the process, a denied
 * call fails with EPERM, the rest is allowed. Returns -1 with errno set when it cannot be installed.
 */
static int install_seccomp(void) {
#ifndef UPLUS_AUDIT_ARCH
  errno = ENOSYS;
  return -1;
#else
  struct sock_filter f[DENIED_COUNT + 8];
  int n = 0;
  f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
  f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, UPLUS_AUDIT_ARCH, 1, 0);
  f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
  f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
  /* x32 system calls carry bit 30 in their number */
  f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
  f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
#endif
  int first_check = n;
  /* each check jumps to the EPERM return after the ALLOW return */
  int deny_at = first_check + DENIED_COUNT + 1;
  for (int i = 0; i < DENIED_COUNT; i++, n++) {
    f[n] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)denied_syscalls[i],
                                        (unsigned char)(deny_at - n - 1), 0);
  }
  f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
  struct sock_fprog prog = {.len = (unsigned short)n, .filter = f};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
#endif
}

static int run_job(const job_t *job, char **args) {
  empty_dir("/tmp");
  empty_dir("/dev/shm");

  int in_fd = (int)syscall(SYS_memfd_create, "stdin", MFD_CLOEXEC);
  int out_fd = (int)syscall(SYS_memfd_create, "stdout", MFD_CLOEXEC);
  int err_fd = (int)syscall(SYS_memfd_create, "stderr", MFD_CLOEXEC);
  if (in_fd < 0 || out_fd < 0 || err_fd < 0) die("memfd_create");
  if (read_exact(in_fd, NULL, job->stdin_bytes) != 0) return -1;
  lseek(in_fd, 0, SEEK_SET);

  int exec_pipe[2];
  if (pipe2(exec_pipe, O_CLOEXEC) != 0) die("pipe2");

  uint64_t t0 = now_us();
  pid_t pid = fork();
  if (pid < 0) die("fork");
  if (pid == 0) {
    setpgid(0, 0);
    sigset_t all;
    sigemptyset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
    for (int s = 1; s < NSIG; s++) signal(s, SIG_DFL);
    /* Prefer the job over the runner when the cgroup runs out of memory. */
    int adj = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (adj >= 0) {
      if (write(adj, "1000", 4) < 0) { /* best effort */
      }
      close(adj);
    }
    /* Below the runner's priority, so the runner's timer and kill win the CPU even against a fork bomb
       spinning on every core. */
    setpriority(PRIO_PROCESS, 0, JOB_NICE);
    uint64_t cpu_s = (job->cpu_ms + 999) / 1000;
    if (cpu_s == 0) cpu_s = 1;
    set_limit(RLIMIT_CPU, cpu_s, cpu_s + 1);
    if (job->as) set_limit(RLIMIT_AS, job->as, job->as);
    if (job->data) set_limit(RLIMIT_DATA, job->data, job->data);
    set_limit(RLIMIT_FSIZE, job->fsize, job->fsize);
    set_limit(RLIMIT_NPROC, job->nproc, job->nproc);
    set_limit(RLIMIT_NOFILE, job->nofile, job->nofile);
    set_limit(RLIMIT_STACK, job->stack, job->stack);
    set_limit(RLIMIT_CORE, 0, 0);
    set_limit(RLIMIT_MEMLOCK, 0, 0);
    set_limit(RLIMIT_MSGQUEUE, 0, 0);
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(126);
    /* Last, so the set-up above is not filtered; a filter that cannot be installed fails the job. */
    if (install_seccomp() == 0) execve(args[0], args, child_env);
    int e = errno;
    if (write(exec_pipe[1], &e, sizeof e) < 0) { /* nothing else to do */
    }
    _exit(127);
  }
  setpgid(pid, pid);
  close(exec_pipe[1]);
  close(in_fd);

  int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
  int timed_out = 0;
  uint64_t deadline = t0 + job->wall_ms * 1000ULL;
  if (pidfd >= 0) {
    for (;;) {
      uint64_t now = now_us();
      if (now >= deadline) {
        timed_out = 1;
        break;
      }
      struct pollfd p = {pidfd, POLLIN, 0};
      int left_ms = (int)((deadline - now + 999) / 1000);
      int r = poll(&p, 1, left_ms);
      if (r > 0) break;
      if (r < 0 && errno != EINTR) break;
    }
  } else {
    /* No pidfd (kernel < 5.3): sleep in small steps and check. */
    for (;;) {
      siginfo_t si;
      memset(&si, 0, sizeof si);
      if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid) break;
      if (now_us() >= deadline) {
        timed_out = 1;
        break;
      }
      usleep(1000);
    }
  }
  if (timed_out) {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
  }
  int status = 0;
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR) {
  }
  uint64_t wall = now_us() - t0;
  if (pidfd >= 0) close(pidfd);
  kill_everything_else();

  int exec_errno = 0;
  if (read(exec_pipe[0], &exec_errno, sizeof exec_errno) != (ssize_t)sizeof exec_errno) exec_errno = 0;
  close(exec_pipe[0]);

  struct stat so, se;
  if (fstat(out_fd, &so) != 0) so.st_size = 0;
  if (fstat(err_fd, &se) != 0) se.st_size = 0;
  char *out = NULL, *err = NULL;
  uint64_t out_len = 0, err_len = 0;
  read_capped(out_fd, (uint64_t)so.st_size, job->out_cap, &out, &out_len);
  read_capped(err_fd, (uint64_t)se.st_size, job->err_cap, &err, &err_len);
  close(out_fd);
  close(err_fd);

  uint64_t cpu = (uint64_t)ru.ru_utime.tv_sec * 1000000ULL + (uint64_t)ru.ru_utime.tv_usec +
                 (uint64_t)ru.ru_stime.tv_sec * 1000000ULL + (uint64_t)ru.ru_stime.tv_usec;
  char head[256];
  int n = snprintf(head, sizeof head, "R %d %d %d %d %d %llu %llu %ld %llu %llu %llu %llu\n", exec_errno,
                   WIFEXITED(status) ? 1 : 0, WIFEXITED(status) ? WEXITSTATUS(status) : 0,
                   WIFSIGNALED(status) ? WTERMSIG(status) : 0, timed_out, (unsigned long long)wall,
                   (unsigned long long)cpu, ru.ru_maxrss, (unsigned long long)so.st_size,
                   (unsigned long long)se.st_size, (unsigned long long)out_len, (unsigned long long)err_len);
  int ok = write_all(CHANNEL_FD, head, (size_t)n) == 0 && write_all(CHANNEL_FD, out, (size_t)out_len) == 0 &&
           write_all(CHANNEL_FD, err, (size_t)err_len) == 0;
  free(out);
  free(err);
  return ok ? 0 : -1;
}

static int parse_job(const char *line, job_t *j) {
  unsigned long long v[12];
  char extra;
  int n = sscanf(line, "J %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %c", &v[0], &v[1], &v[2],
                 &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10], &v[11], &extra);
  if (n != 12) return -1;
  j->wall_ms = v[0];
  j->cpu_ms = v[1];
  j->as = v[2];
  j->data = v[3];
  j->fsize = v[4];
  j->nproc = v[5];
  j->nofile = v[6];
  j->stack = v[7];
  j->out_cap = v[8];
  j->err_cap = v[9];
  j->argv_bytes = v[10];
  j->stdin_bytes = v[11];
  if (j->wall_ms == 0 || j->wall_ms > 600000 || j->argv_bytes == 0 || j->argv_bytes > MAX_ARGV_BYTES ||
      j->stdin_bytes > MAX_STDIN_BYTES || j->out_cap > MAX_CAP_BYTES || j->err_cap > MAX_CAP_BYTES || j->fsize == 0 ||
      j->nproc == 0 || j->nofile < 4)
    return -1;
  return 0;
}

static int in_own_pid_namespace(void) {
  /* bwrap without --as-pid-1 runs us as pid 2 under its init (pid 1). On a host or in a container
     pid 2 is never a process that launched this binary with `run`. */
  if (getpid() != 2 || getppid() != 1 || geteuid() == 0) return 0;
  char buf[64] = {0};
  int fd = open("/proc/1/comm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  return n > 0 && strncmp(buf, "bwrap", 5) == 0;
}

static int run_main(void) {
  if (!in_own_pid_namespace()) {
    fprintf(stderr, "uplus-runner: run mode only works inside its bwrap sandbox\n");
    return 125;
  }
  if (prctl(PR_SET_DUMPABLE, 0) != 0) die("PR_SET_DUMPABLE");
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) die("PR_SET_CHILD_SUBREAPER");
  signal(SIGPIPE, SIG_IGN);
  if (fcntl(CHANNEL_FD, F_SETFD, FD_CLOEXEC) != 0) die("channel fd");
  /* Close anything else inherited; the jobs get only their three memfds. */
  for (int fd = 4; fd < 1024; fd++) close(fd);
  if (write_all(CHANNEL_FD, "READY 1\n", 8) != 0) return 125;

  static char line[512];
  static char argbuf[MAX_ARGV_BYTES + 1];
  for (;;) {
    if (read_line(line, sizeof line) != 0) return 0;
    if (strcmp(line, "Q") == 0) return 0;
    job_t job;
    if (parse_job(line, &job) != 0) {
      fprintf(stderr, "uplus-runner: bad job header\n");
      return 125;
    }
    if (read_exact(-1, argbuf, job.argv_bytes) != 0) return 125;
    argbuf[job.argv_bytes] = 0;
    if (argbuf[job.argv_bytes - 1] != 0) return 125;
    char *args[MAX_ARGS + 1];
    int argc = 0;
    for (uint64_t off = 0; off < job.argv_bytes; off += strlen(argbuf + off) + 1) {
      if (argc >= MAX_ARGS) return 125;
      args[argc++] = argbuf + off;
    }
    args[argc] = NULL;
    if (args[0][0] != '/') return 125;
    if (run_job(&job, args) != 0) return 125;
  }
}

/* ---------- probe mode ---------- */

static void status_field(const char *key) {
  FILE *f = fopen("/proc/self/status", "r");
  char l[256];
  if (!f) return;
  while (fgets(l, sizeof l, f)) {
    if (strncmp(l, key, strlen(key)) == 0 && l[strlen(key)] == ':') {
      char *v = l + strlen(key) + 1;
      while (*v == ' ' || *v == '\t') v++;
      v[strcspn(v, "\n")] = 0;
      printf("%s=%s\n", key, v);
    }
  }
  fclose(f);
}

static int probe_main(void) {
  printf("uid=%d\neuid=%d\ngid=%d\n", (int)getuid(), (int)geteuid(), (int)getgid());
  status_field("CapEff");
  status_field("CapBnd");
  status_field("NoNewPrivs");
  status_field("Seccomp");
  int s = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons(5432);
  a.sin_addr.s_addr = htonl(0x7f000001);
  int r = s >= 0 ? connect(s, (struct sockaddr *)&a, sizeof a) : -1;
  printf("net_loopback=%s\n", r == 0 ? "connected" : strerror(errno));
  if (s >= 0) close(s);
  printf("userns=%s\n", unshare(CLONE_NEWUSER) == 0 ? "allowed" : "blocked");
  printf("shadow=%s\n", access("/etc/shadow", F_OK) == 0 ? "visible" : "absent");
  printf("root_writable=%s\n", access("/", W_OK) == 0 ? "yes" : "no");
  printf("usr_writable=%s\n", access("/usr", W_OK) == 0 ? "yes" : "no");
  fflush(stdout);
  return 0;
}

/* ---------- bench mode ---------- */

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static int bench_main(int argc, char **argv) {
  if (argc < 5 || strcmp(argv[3], "--") != 0) return 125;
  int n = atoi(argv[2]);
  if (n <= 0 || n > 100000) return 125;
  uint64_t *t = calloc((size_t)n, sizeof *t);
  int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int i = 0; i < n; i++) {
    uint64_t t0 = now_us();
    pid_t p = fork();
    if (p == 0) {
      dup2(devnull, 0);
      dup2(devnull, 1);
      execv(argv[4], &argv[4]);
      _exit(127);
    }
    int st;
    waitpid(p, &st, 0);
    t[i] = now_us() - t0;
  }
  qsort(t, (size_t)n, sizeof *t, cmp_u64);
  printf("%llu\n", (unsigned long long)t[n / 2]);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "launch") == 0) return launch_main(argc, argv);
  if (argc == 2 && strcmp(argv[1], "run") == 0) return run_main();
  if (argc == 2 && strcmp(argv[1], "probe") == 0) return probe_main();
  if (argc >= 2 && strcmp(argv[1], "bench") == 0) return bench_main(argc, argv);
  fprintf(stderr, "usage: uplus-runner launch|run|probe|bench\n");
  return 125;
}
