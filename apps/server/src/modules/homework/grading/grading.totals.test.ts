import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { testDrivers } from '../../../test/database';
import { buildSignedInMember } from '../../../test/factories';
import { recomputeSubmissionTotals } from './grading.service';
import { buildHomework, buildSubmission, readSubmission } from './grading.test-support';

const q = (qsnType: number, score: number) => ({ qsnType, score, question: { titleText: '题目' } });

describe.each(testDrivers())('submission totals on %s', (driver) => {
  const t = useTestApp(driver);

  it('total = sum of the graded answers (one decimal); pending = answers pending or failed; drafts untouched', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [q(1, 5), q(6, 5), q(7, 5), q(5, 5), q(7, 5)]);
    const [a, b, c, d, e] = hw.questionIds as [number, number, number, number, number];
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [
        { questionId: a, answer: 'A', maxScore: 5, grade: { score: 0.1, source: 'auto' } },
        { questionId: b, answer: '[]', maxScore: 5, grade: { score: 0.2, source: 'auto' } },
        { questionId: c, answer: '文字', maxScore: 5, grade: { score: 4.5, source: 'ai' } },
        { questionId: d, answer: 'code', maxScore: 5, failed: true },
        { questionId: e, answer: '文字', maxScore: 5 },
      ],
    });
    expect(await recomputeSubmissionTotals(t.db, sub.submissionId)).toEqual({
      totalScore: 4.8,
      pendingCount: 2,
    });
    expect(await readSubmission(t.db, sub.submissionId)).toMatchObject({ totalScore: 4.8, pendingCount: 2 });

    const other = await buildSignedInMember(t.db, { identityType: 'Student' });
    const draft = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: other.user.id,
      draft: true,
      answers: [{ questionId: a, answer: 'A', maxScore: 5, grade: { score: 5, source: 'auto' } }],
    });
    expect(await recomputeSubmissionTotals(t.db, draft.submissionId)).toBeNull();
    expect(await readSubmission(t.db, draft.submissionId)).toMatchObject({
      totalScore: null,
      pendingCount: 0,
    });
  });
});
