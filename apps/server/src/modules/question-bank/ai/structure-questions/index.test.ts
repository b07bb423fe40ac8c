import { MSG, QUESTION_MSG } from '@uplus/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedLlm, startScriptedLlm } from '../../../../../../../e2e/fixtures/scripted-llm';
import { hasUnstorableText } from '../../../../db/storable-text';
import { createLlmClient } from '../../../../llm/client';
import { scriptedLlmConfig } from '../../../../test/llm';
import { structureQuestions } from './index';
import type { ReferenceRun } from './reference';

const noRun: ReferenceRun = async () => {
  throw new Error('choice questions are not run');
};

describe('structureQuestions', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm();
  });
  afterAll(async () => {
    await llm.close();
  });
  beforeEach(() => llm.clearRequests());

  const structure = (signal?: AbortSignal) =>
    structureQuestions({
      signal,
      llm: createLlmClient(scriptedLlmConfig(llm.baseUrl)),
      body: { question: '第1题……', questionType: 1, source: 'library' } as never,
      runReference: noRun,
    });

  it('removes NUL and lone surrogates from the model answer before the rules see it', async () => {
    // JSON.stringify writes the characters as \u0000 and \ud800 escapes, as a model or proxy may.
    const answer = JSON.stringify({
      questions: [
        {
          titleText: '栈的\u0000特点是？',
          options: [
            { id: 'A', optionContent: '先进\u0000先出' },
            { id: 'B', optionContent: '后进先出\uD800' },
          ],
          answer: 'B\u0000',
          knowledges: ['栈\u0000'],
          tip: '栈是后进先出的\uDC00线性表',
        },
        // Nothing but a NUL: empty once cleaned, so the title rule flags it (after the one re-ask).
        {
          titleText: '\u0000',
          options: [
            { id: 'A', optionContent: '是' },
            { id: 'B', optionContent: '否' },
          ],
          answer: 'A',
        },
      ],
    });
    llm.setScript([{ reply: answer }]);
    const questions = await structure();
    expect(questions).toHaveLength(2);
    const [first, second] = questions;
    expect(first).toMatchObject({
      titleText: '栈的特点是？',
      options: [
        { id: 'A', optionContent: '先进先出' },
        { id: 'B', optionContent: '后进先出' },
      ],
      answer: 'B',
      knowledges: '栈',
      tip: '栈是后进先出的线性表',
      failureMsg: null,
    });
    expect(second?.titleText).toBe('');
    expect(second?.failureMsg).toBe(QUESTION_MSG.titleRequired);
    expect(hasUnstorableText(JSON.stringify(questions))).toBe(false);
    expect(JSON.stringify(questions)).not.toMatch(/\\u0000|\\ud[89a-f]/i);
  });

  it('a caller that goes away gets 400 请求已取消 (not a server error), and the model request is closed', async () => {
    llm.setScript([{ reply: '{"questions": []}', delayMs: 3000 }]);
    const controller = new AbortController();
    const pending = structure(controller.signal).catch((e) => e);
    const request = await llm.waitForRequest(0);
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ code: 400, message: MSG.requestCancelled });
    await request.done;
    expect(request.closedEarly).toBe(true);
  });
});
