import { describe, expect, it } from 'vitest';
import { Sandbox } from '../src';
import { stagesOf } from './helpers';

describe('a host that cannot isolate code', () => {
  it('says why in sandboxStatus() and refuses every run with that reason, never running unsandboxed', async () => {
    const sandbox = new Sandbox({ bwrapPaths: ['/nonexistent/bwrap'], concurrency: 1 });
    const status = await sandbox.status();
    expect(status).toMatchObject({ ok: false, reason: '未安装 bubblewrap（bwrap）', mode: null });
    expect(status.languages.length).toBeGreaterThan(0);

    const results = await sandbox.evaluate({
      languageId: 'python3',
      // Would leave a trace on the host if it ever ran outside a sandbox.
      sourceCode: 'open("/tmp/uplus-refusal-trace", "w").write("ran")\nprint(1)',
      timeLimit: 1000,
      testcases: [{ stdin: '', stdout: '1' }],
    });
    expect(stagesOf(results)).toEqual(['VERIFY', 'PREPROCESS']);
    expect(results[1]).toMatchObject({
      success: false,
      message: '预处理失败：代码运行环境不可用（未安装 bubblewrap（bwrap））',
    });
    const { existsSync } = await import('node:fs');
    expect(existsSync('/tmp/uplus-refusal-trace')).toBe(false);
    await sandbox.close();
  });

  it('still reports VERIFY problems first', async () => {
    const sandbox = new Sandbox({ bwrapPaths: ['/nonexistent/bwrap'], concurrency: 1 });
    const results = await sandbox.evaluate({
      languageId: 'c',
      sourceCode: '',
      timeLimit: 1000,
      testcases: [],
    });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ stage: 'VERIFY', success: false, message: '验证失败：代码不能为空!' });
  });
});
