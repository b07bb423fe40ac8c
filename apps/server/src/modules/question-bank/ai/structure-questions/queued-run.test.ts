import { generatedQuestion, normalizeQuestion } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { createJobQueue } from '../../../../jobs/queue';
import { useTestApp } from '../../../../test/app';
import { testDrivers } from '../../../../test/database';
import { buildMember, tokenFor } from '../../../../test/factories';
import { DEFAULT_CODE_EXECUTION } from '../../../program-execution/program-execution.config';
import { resolveSession } from '../../../sessions/sessions.service';
import { queuedReferenceRun } from './queued-run';
import { checkReference } from './reference';

describe.each(testDrivers())('reference runs through the queue on %s', (driver) => {
  const t = useTestApp(driver);

  it('with no code runner online the question is flagged as not run, without a re-ask', async () => {
    const { user } = await buildMember(t.db, { identityType: 'Teacher' });
    const { token } = await tokenFor(t.db, user.id);
    const actor = await resolveSession({ db: t.db, token, kind: 'access', now: new Date() });
    const jobs = createJobQueue({ db: t.db, log: { warn: () => {}, error: () => {} } });
    try {
      const run = queuedReferenceRun({ db: t.db, jobs, config: DEFAULT_CODE_EXECUTION, actor: actor! });
      const question = normalizeQuestion(
        generatedQuestion.parse({
          qsnType: 5,
          titleText: '两数之和',
          description: '求和',
          language: 'python3',
          answer: 'print(3)',
          testcases: [{ input: '1 2', output: '3', weight: 100 }],
        }),
      );
      const verdict = await checkReference(question, run);
      expect(verdict).toMatchObject({ ok: false, retry: false });
      expect(verdict.ok === false && verdict.failure).toMatch(/^参考答案未能运行：代码运行服务暂不可用/);
    } finally {
      await jobs.stop({ timeoutMs: 1000 });
    }
  });
});
