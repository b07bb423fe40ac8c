import { AI_MSG, type JudgeBody, type JudgeResult, MSG, readModelScore } from '@uplus/shared';
import { AppError } from '../../../../core/errors';
import { LlmAbortedError, type LlmClient, LlmOutputError, LlmUpstreamError } from '../../../../llm/client';
import { judgeMessages } from './prompt';
import { type JudgeModelAnswer, judgeModelAnswer } from './schema';

/** Re-asks after a broken model answer. */
export const JUDGE_REPAIRS = 2;

/** The basis shown to the teacher: the reference points met and missed. */
export const judgeBasis = (answer: Pick<JudgeModelAnswer, 'pointsMet' | 'pointsMissed'>) => {
  const list = (points: string[]) =>
    points
      .map((p) => p.trim())
      .filter(Boolean)
      .join('；') || '无';
  return `已答到的要点：${list(answer.pointsMet)}。未答到的要点：${list(answer.pointsMissed)}。`;
};

/** A whitespace-only (or empty) student answer: scored 0 without the model. */
export const isBlankAnswer = (answer: string) => answer.trim() === '';

/** Where a held score is reported (a warning: the teacher is told too). */
export type JudgeLog = { warn: (obj: object, msg: string) => void };

/**
 * Scores a student's answer against the reference. A blank (whitespace-only) answer scores 0 without the
 * model. The model's score is rounded to one decimal and held to 0..questionScore here, whatever it said;
 * a score out of range or not a number is held, marked needsReview (with what the model gave) and logged
 * (the kind and the number, never the texts). Throws 503 AI服务未配置, or 502 AI判题失败：<reason>.
 */
export const judgeAnswer = async (opts: {
  llm: LlmClient;
  body: JudgeBody;
  signal?: AbortSignal;
  log?: JudgeLog;
}): Promise<JudgeResult> => {
  const { body } = opts;
  if (isBlankAnswer(body.studentAnswer)) {
    return {
      basis: AI_MSG.blankAnswerBasis,
      comment: AI_MSG.blankAnswerComment,
      score: 0,
      questionScore: body.questionScore,
      needsReview: false,
      rawScore: null,
      reviewReason: null,
    };
  }
  let answer: JudgeModelAnswer;
  try {
    answer = await opts.llm.completeJson({
      task: 'judge',
      messages: judgeMessages(body),
      schema: judgeModelAnswer,
      schemaName: 'judge_result',
      temperature: 0,
      repairs: JUDGE_REPAIRS,
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof LlmUpstreamError || error instanceof LlmOutputError) {
      throw new AppError(502, `${AI_MSG.judgeFailed}：${error.reason}`);
    }
    // The client went away: nobody reads the answer.
    if (error instanceof LlmAbortedError) throw AppError.badRequest(MSG.requestCancelled);
    throw error;
  }
  const reading = readModelScore(answer.score, body.questionScore);
  if (reading.problem) {
    opts.log?.warn(
      {
        problem: reading.problem,
        questionScore: body.questionScore,
        // The number only: text the model put there could quote the student.
        modelScore: typeof answer.score === 'number' ? answer.score : null,
        modelScoreType: answer.score === null ? 'null' : typeof answer.score,
        heldScore: reading.score,
      },
      'AI judge score held for review',
    );
  }
  return {
    basis: judgeBasis(answer),
    comment: answer.comment.trim(),
    score: reading.score,
    questionScore: body.questionScore,
    needsReview: reading.needsReview,
    rawScore: reading.rawScore,
    reviewReason: reading.reviewReason,
  };
};
