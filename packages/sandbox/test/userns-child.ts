/**
 * Run by userns.test.ts as an unprivileged user (setpriv to nobody when the tests run as root): starts a
 * sandbox in user-namespace mode (no root, no setpriv, no cgroups), evaluates a few programs and attacks,
 * and prints what came back as one JSON line. Not a test file itself.
 */
import { Sandbox } from '../src';
import type { EvaluationRequest } from '../src/verify';

const c = (sourceCode: string, stdin = '', stdout = 'unreachable', timeLimit = 1000): EvaluationRequest => ({
  languageId: 'c',
  sourceCode,
  timeLimit,
  testcases: [{ stdin, stdout }],
});

const SPY = `#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
extern char **environ;
int main(){
  char buf[8192] = {0};
  int fd = open("/proc/1/environ", O_RDONLY);
  ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
  for (ssize_t i = 0; i < n; i++) if (!buf[i]) buf[i] = ' ';
  printf("pid1env=%s\\n", n > 0 ? buf : "none");
  for (char **e = environ; *e; e++) printf("env=%s\\n", *e);
  printf("uid=%d\\n", (int)getuid());
  printf("setuid0=%s\\n", setuid(0) == 0 ? "DONE" : strerror(errno));
  printf("userns=%s\\n", unshare(CLONE_NEWUSER) == 0 ? "DONE" : strerror(errno));
  printf("shadow=%s\\n", access("/etc/shadow", F_OK) == 0 ? "visible" : "absent");
  printf("write_usr=%s\\n", open("/usr/uplus-evil", O_CREAT | O_WRONLY, 0644) >= 0 ? "DONE" : strerror(errno));
  int s = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(5432), .sin_addr.s_addr = htonl(0x7f000001) };
  printf("net=%s\\n", connect(s, (struct sockaddr *)&a, sizeof a) == 0 ? "DONE" : strerror(errno));
  FILE *f = fopen("/proc/self/status", "r");
  while (f && fgets(buf, sizeof buf, f)) if (!strncmp(buf, "Seccomp:", 8) || !strncmp(buf, "NoNewPrivs:", 11)) printf("%s", buf);
  return 0;
}`;

const sandbox = new Sandbox({ concurrency: 1, workDir: process.env.UPLUS_USERNS_WORKDIR });
try {
  const status = await sandbox.status();
  const sum = await sandbox.evaluate({
    languageId: 'c',
    sourceCode: '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);}',
    timeLimit: 1000,
    testcases: [
      { stdin: '1 2', stdout: '3' },
      { stdin: '2 2', stdout: '5' },
    ],
  });
  const python = await sandbox.evaluate({
    languageId: 'python3',
    sourceCode: 'print(input()[::-1])',
    timeLimit: 1000,
    testcases: [{ stdin: 'abc', stdout: 'cba' }],
  });
  const spy = await sandbox.evaluate(c(SPY, '', 'unreachable', 5000));
  const forkBomb = await sandbox.evaluate(
    c('#include <unistd.h>\nint main(){for(;;)fork();}', '', 'x', 1000),
  );
  const memoryBomb = await sandbox.evaluate(
    c(
      '#include <stdlib.h>\nint main(){for(;;){volatile char *p=malloc(1<<20); if(!p) return 3; for(int i=0;i<(1<<20);i+=4096)p[i]=1;}}',
      '',
      'x',
      5000,
    ),
  );
  const sleeper = await sandbox.evaluate(c('#include <unistd.h>\nint main(){sleep(30);}', '', 'x', 500));
  console.log(JSON.stringify({ status, sum, python, spy, forkBomb, memoryBomb, sleeper }));
} finally {
  await sandbox.close();
}
