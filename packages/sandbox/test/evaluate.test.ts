import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLanguages, SANDBOX_MSG, type Sandbox, type StageResult } from '../src';
import { last, runRows, stagesOf, startSandbox, timed } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox(2);
});

afterAll(async () => {
  await sandbox?.close();
});

const HELLO: Record<string, string> = {
  c: '#include <stdio.h>\nint main(){char s[100];if(scanf("%99s",s)!=1)return 1;printf("Hello, %s!\\n",s);return 0;}',
  cpp: '#include <iostream>\n#include <string>\nint main(){std::string s;std::cin>>s;std::cout<<"Hello, "<<s<<"!"<<std::endl;}',
  java: [
    'import java.util.Scanner;',
    'public class Main {',
    '  public static void main(String[] args) {',
    '    Scanner in = new Scanner(System.in);',
    '    System.out.println("Hello, " + in.next() + "!");',
    '  }',
    '}',
  ].join('\n'),
  python3: 'name = input().strip()\nprint(f"Hello, {name}!")',
  javascript:
    'const name = require("fs").readFileSync(0, "utf8").trim();\nconsole.log("Hello, " + name + "!");',
};

describe('hello world with stdin in every language', () => {
  it('offers the five required languages on this host', async () => {
    const ids = (await listLanguages()).map((l) => l.id);
    for (const id of Object.keys(HELLO)) {
      expect(ids, `toolchain for ${id} is missing (see scripts/setup-system.sh)`).toContain(id);
    }
  });

  for (const [languageId, sourceCode] of Object.entries(HELLO)) {
    it(`${languageId}: compiles once and answers two cases, Chinese included`, async () => {
      const { results } = await timed(sandbox, {
        languageId,
        sourceCode,
        timeLimit: 5000,
        testcases: [
          { stdin: 'Uplus\n', stdout: 'Hello, Uplus!' },
          { stdin: '世界', stdout: 'Hello, 世界!\n' },
        ],
      });
      expect(stagesOf(results), JSON.stringify(results)).toEqual([
        'VERIFY',
        'PREPROCESS',
        'COMPILE',
        'RUN',
        'RUN',
        'COMPLETE',
      ]);
      expect(
        results.every((r) => r.success),
        JSON.stringify(results),
      ).toBe(true);
      const [a, b] = runRows(results);
      expect(a).toMatchObject({ outputQualified: true, testcaseId: '1', output: 'Hello, Uplus!\n' });
      expect(b).toMatchObject({ outputQualified: true, testcaseId: '2', output: 'Hello, 世界!\n' });
      expect(a!.timeUsed).toBeGreaterThanOrEqual(0);
      expect(last(results).message).toBe('运行完成，通过 2/2 个测试用例');
    });
  }
});

const SUM_C = [
  '#include <stdio.h>',
  'int main(){long long x,s=0;while(scanf("%lld",&x)==1)s+=x;printf("%lld\\n",s);return 0;}',
].join('\n');

describe('C program against test cases', () => {
  it('qualifies a correct program on all three cases, keeping the given case ids', async () => {
    const seen: StageResult[] = [];
    const results = await sandbox.evaluate(
      {
        languageId: 'c',
        sourceCode: SUM_C,
        timeLimit: 1000,
        testcases: [
          { id: 'a1', stdin: '1 2', stdout: '3' },
          { id: 'a2', stdin: '10\n20\n30\n', stdout: '60\n' },
          { id: 'a3', stdin: '', stdout: '0' },
        ],
      },
      { onStage: (r) => void seen.push(r) },
    );
    expect(seen).toEqual(results);
    const run = runRows(results);
    expect(run.map((r) => [r.testcaseId, r.success, r.outputQualified, r.message])).toEqual([
      ['a1', true, true, SANDBOX_MSG.runSucceeded],
      ['a2', true, true, SANDBOX_MSG.runSucceeded],
      ['a3', true, true, SANDBOX_MSG.runSucceeded],
    ]);
    for (const r of run) {
      expect(r.verdict).toBe('ACCEPTED');
      expect(r.timeUsed).toBeLessThan(1000);
      expect(r.memoryUsed).toBeGreaterThan(0);
    }
    expect(last(results)).toMatchObject({
      stage: 'COMPLETE',
      success: true,
      message: '运行完成，通过 3/3 个测试用例',
    });
  });

  it('reports a wrong answer with the actual output', async () => {
    const { results } = await timed(sandbox, {
      languageId: 'c',
      sourceCode: SUM_C,
      timeLimit: 1000,
      testcases: [
        { stdin: '1 2', stdout: '3' },
        { stdin: '2 2', stdout: '5' },
      ],
    });
    const [ok, wrong] = runRows(results);
    expect(ok).toMatchObject({ success: true, outputQualified: true });
    expect(wrong).toMatchObject({
      success: false,
      outputQualified: false,
      message: '运行结果与预期输出不一致',
      output: '4\n',
      verdict: 'WRONG_ANSWER',
    });
    expect(last(results).message).toBe('运行完成，通过 1/2 个测试用例');
  });

  it('ignores trailing spaces and trailing blank lines but not leading spaces', async () => {
    const { results } = await timed(sandbox, {
      languageId: 'python3',
      sourceCode: 'print(input() + "   ")\nprint()\nprint("\\t")',
      timeLimit: 2000,
      testcases: [
        { stdin: '42', stdout: '42' },
        { stdin: ' 42', stdout: '42' },
      ],
    });
    expect(runRows(results).map((r) => r.outputQualified)).toEqual([true, false]);
  });

  it('stops at COMPILE with the compiler output on a compile error', async () => {
    const { results } = await timed(sandbox, {
      languageId: 'c',
      sourceCode: 'int main(){ return undefined_name; }',
      timeLimit: 1000,
      testcases: [{ stdin: '', stdout: '0' }],
    });
    expect(stagesOf(results)).toEqual(['VERIFY', 'PREPROCESS', 'COMPILE']);
    const compile = last(results);
    expect(compile).toMatchObject({ success: false, message: '编译失败' });
    expect(compile.output).toContain('main.c:1:20: error: ‘undefined_name’ undeclared');
    expect(compile.output).not.toContain('/box/');
  });

  it('reports syntax errors of interpreted languages and Java compile errors as compile failures', async () => {
    const cases: [string, string, string][] = [
      ['python3', 'print("unclosed"', 'SyntaxError'],
      ['javascript', 'console.log(1;', 'SyntaxError'],
      ['java', 'public class Main { void f() { int x = "s"; } }', 'incompatible types'],
    ];
    for (const [languageId, sourceCode, expected] of cases) {
      const { results } = await timed(sandbox, {
        languageId,
        sourceCode,
        timeLimit: 1000,
        testcases: [{ stdin: '', stdout: '0' }],
      });
      expect(last(results), languageId).toMatchObject({
        stage: 'COMPILE',
        success: false,
        message: '编译失败',
      });
      expect(last(results).output, languageId).toContain(expected);
      // Only the program's error: no wrapper frame (the Python check once crashed with an AttributeError
      // under the SyntaxError), no sandbox path, no runtime internals.
      expect(last(results).output, languageId).not.toMatch(
        /Traceback|<string>|AttributeError|\/box\/|node:internal|Node\.js v/,
      );
    }
  });

  it('takes a turn before the compile and before each case, and gives it back at the end', async () => {
    const log: string[] = [];
    let turn = 0;
    const started = Date.now();
    const results = await sandbox.evaluate(
      {
        languageId: 'c',
        sourceCode: HELLO.c!,
        timeLimit: 1000,
        testcases: [
          { stdin: 'a', stdout: 'Hello, a!' },
          { stdin: 'b', stdout: 'Hello, b!' },
        ],
      },
      {
        turns: {
          next: async () => {
            turn++;
            log.push(`next ${turn}`);
            // The second case's turn comes late: the case must not start (nor its clock run) before it.
            if (turn === 3) await new Promise((r) => setTimeout(r, 1500));
          },
          end: () => log.push('end'),
        },
        onStage: (row) => {
          log.push(row.stage);
        },
      },
    );
    expect(log.slice(0, 10)).toEqual([
      'VERIFY',
      'PREPROCESS',
      'next 1',
      'COMPILE',
      'next 2',
      'RUN',
      'next 3',
      'RUN',
      'end',
      'COMPLETE',
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    const runs = runRows(results);
    expect(runs.map((r) => r.verdict)).toEqual(['ACCEPTED', 'ACCEPTED']);
    expect(runs[1]!.timeUsed!).toBeLessThan(1000);
  });

  it('names a Java file after its public class', async () => {
    const { results } = await timed(sandbox, {
      languageId: 'java',
      sourceCode:
        'public class Solution { public static void main(String[] a) { System.out.println(6 * 7); } }',
      timeLimit: 5000,
      testcases: [{ stdin: '', stdout: '42' }],
    });
    expect(runRows(results)[0], JSON.stringify(results)).toMatchObject({
      success: true,
      outputQualified: true,
    });
  });

  it('reports runtime errors: a signal, an exit code, an exception with its traceback', async () => {
    const fpe = await timed(sandbox, {
      languageId: 'c',
      sourceCode: '#include <stdio.h>\nint main(){int z; scanf("%d",&z); printf("%d\\n", 10 / z); return 0;}',
      timeLimit: 1000,
      testcases: [{ stdin: '0', stdout: '1' }],
    });
    expect(runRows(fpe.results)[0]).toMatchObject({
      success: false,
      outputQualified: false,
      verdict: 'RUNTIME_ERROR',
      message: '运行失败：程序被信号终止（SIGFPE，算术错误（如除以零））',
    });
    const exit = await timed(sandbox, {
      languageId: 'c',
      sourceCode: 'int main(){return 3;}',
      timeLimit: 1000,
      testcases: [{ stdin: '', stdout: '1' }],
    });
    expect(runRows(exit.results)[0]!.message).toBe('运行失败：程序异常退出（退出码 3）');
    const py = await timed(sandbox, {
      languageId: 'python3',
      sourceCode: 'print("before")\nprint(1 / 0)',
      timeLimit: 2000,
      testcases: [{ stdin: '', stdout: 'before' }],
    });
    const row = runRows(py.results)[0]!;
    expect(row).toMatchObject({ success: false, verdict: 'RUNTIME_ERROR', output: 'before\n' });
    expect(row.message.startsWith('运行失败')).toBe(true);
    expect(row.errorOutput).toContain('ZeroDivisionError');
  });

  it('decides a time limit within the limit plus 100 ms', async () => {
    for (const sourceCode of [
      'int main(){volatile long x=0;for(;;)x++;}',
      '#include <unistd.h>\nint main(){pause();}',
    ]) {
      const { results } = await timed(sandbox, {
        languageId: 'c',
        sourceCode,
        timeLimit: 500,
        testcases: [{ stdin: '', stdout: '0' }],
      });
      const row = runRows(results)[0]!;
      expect(row).toMatchObject({
        success: false,
        verdict: 'TIME_LIMIT_EXCEEDED',
        message: '运行超时：运行时间超过 500 毫秒',
      });
      expect(row.timeUsed).toBeGreaterThanOrEqual(500);
      expect(row.timeUsed).toBeLessThanOrEqual(600);
    }
  });

  it('reports a memory limit', async () => {
    const { results } = await timed(sandbox, {
      languageId: 'python3',
      sourceCode: 'blocks = []\nwhile True:\n    blocks.append(bytearray(16 * 1024 * 1024))',
      timeLimit: 8000,
      memoryLimit: 64,
      testcases: [{ stdin: '', stdout: '0' }],
    });
    expect(runRows(results)[0]).toMatchObject({
      success: false,
      verdict: 'MEMORY_LIMIT_EXCEEDED',
      message: '内存超限：内存使用超过 64 MB',
    });
  });

  it('reports an output limit', async () => {
    const { results } = await timed(sandbox, {
      languageId: 'javascript',
      sourceCode: 'const line = "x".repeat(1023) + "\\n"; for (;;) process.stdout.write(line);',
      timeLimit: 5000,
      testcases: [{ stdin: '', stdout: '0' }],
    });
    const row = runRows(results)[0]!;
    expect(row).toMatchObject({
      success: false,
      verdict: 'OUTPUT_LIMIT_EXCEEDED',
      message: '输出超限：输出超过 1 MB',
    });
    expect(row.output!.length).toBeLessThan(70 * 1024);
  });

  it('runs every case in a clean /tmp even inside one sandbox', async () => {
    const { results } = await timed(sandbox, {
      languageId: 'python3',
      sourceCode: 'import os\nprint(os.listdir("/tmp"))\nopen("/tmp/state", "w").write("x")',
      timeLimit: 2000,
      testcases: [
        { stdin: '', stdout: '[]' },
        { stdin: '', stdout: '[]' },
      ],
    });
    expect(runRows(results).map((r) => r.outputQualified)).toEqual([true, true]);
  });
});

describe('VERIFY through evaluate', () => {
  it('fails VERIFY with the spec messages and stops there', async () => {
    const base = {
      languageId: 'c',
      sourceCode: SUM_C,
      timeLimit: 1000,
      testcases: [{ stdin: '', stdout: '0' }],
    };
    const expectations: [object, string][] = [
      [{ sourceCode: '   ' }, '验证失败：代码不能为空!'],
      [{ testcases: [{ stdin: '1', stdout: '' }] }, '验证失败：请完善测试用例的输出项!'],
      [{ timeLimit: null }, '验证失败：最长时间不能为空!'],
      [{ timeLimit: 20_000 }, `验证失败：${SANDBOX_MSG.timeLimitRange}`],
      [{ languageId: 'cobol' }, '验证失败：不支持该编程语言!'],
    ];
    for (const [change, message] of expectations) {
      const results = await sandbox.evaluate({ ...base, ...change });
      expect(results).toEqual([
        {
          stage: 'VERIFY',
          success: false,
          message,
          output: null,
          outputQualified: null,
          testcaseId: null,
          timeUsed: null,
        },
      ]);
    }
  });
});

describe('raising the concurrency of a running sandbox', () => {
  it('lets an evaluation waiting for a slot start at once', async () => {
    const small = await startSandbox(1);
    try {
      const sleeper = {
        languageId: 'python3',
        sourceCode: 'import time\ntime.sleep(1.5)\nprint(1)\n',
        timeLimit: 5000,
        testcases: [{ stdin: '', stdout: '1' }],
      };
      const started = Date.now();
      const first = small.evaluate(sleeper);
      const second = small.evaluate(sleeper); // waits: the only slot is the first's
      await new Promise((r) => setTimeout(r, 200));
      small.ensureConcurrency(2);
      expect(small.concurrency).toBe(2);
      const results = await Promise.all([first, second]);
      for (const r of results) expect(runRows(r)[0]).toMatchObject({ verdict: 'ACCEPTED' });
      // one after the other would take two sleeps (3 s)
      expect(Date.now() - started).toBeLessThan(2800);
      expect((await small.claimedSlots()).length).toBe(2);
      small.ensureConcurrency(1); // never fewer
      expect(small.concurrency).toBe(2);
    } finally {
      await small.close();
    }
  });
});
