import { z } from 'zod';

/** What the model answers when judging (its score is clamped and rounded in code afterwards). */
export const judgeModelAnswer = z.object({
  pointsMet: z
    .array(z.string())
    .describe('参考答案中学生答到了的要点，每条用简短的中文概括（没有则为空数组）'),
  pointsMissed: z
    .array(z.string())
    .describe('参考答案中学生没有答到或答错的要点，每条用简短的中文概括（没有则为空数组）'),
  comment: z.string().min(1).describe('给学生的中文评语：指出答得好的地方和需要改进的地方，不超过200字'),
  // Taken as the model gives it: a number out of range or not a number at all is held in code and the
  // result marked for review (never silently shown as a valid score). The model is still asked for a number.
  score: z.unknown().meta({
    type: 'number',
    description: '得分：0到满分之间的数，最多一位小数，按答到的要点给分',
  }),
});
export type JudgeModelAnswer = z.infer<typeof judgeModelAnswer>;
