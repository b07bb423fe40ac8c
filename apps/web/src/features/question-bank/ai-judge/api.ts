import { useMutation } from '@tanstack/react-query';
import { AI_TIMEOUT_MS, type JudgeBody, judgeResult } from '@uplus/shared';
import { http, serviceUrl } from '../../../api/http';

/** `POST /api/course/ai/judge_questions` (10 min): score, comment and basis (spec 3.4). */
export const judgeAnswer = (body: JudgeBody, signal?: AbortSignal) =>
  http.post(serviceUrl('course', '/ai/judge_questions'), body, {
    schema: judgeResult,
    timeoutMs: AI_TIMEOUT_MS,
    signal,
    silent: true,
  });

/** The judge call as a mutation (one per open panel). */
export const useJudge = () => useMutation({ mutationFn: (body: JudgeBody) => judgeAnswer(body) });
