/*
 * SEAM (issue 16 part 7): in HomeworkAnswer and ExerciseAnswer scenes the companion guides and does not
 * hand out the answers of the current homework. Owner: helper as-prompts. The runner calls `leaksAnswer`
 * on the growing answer; true stops the model and replaces the answer with GUARD_REPLY.
 */

/** A question of the current homework with what would give its answer away (never sent to the model). */
export type GuardQuestion = { title: string; answers: string[] };

export const GUARD_REPLY =
  '这个问题涉及当前作业的答案，我不能直接告诉你。我们换个方式：先说说你的思路，或者告诉我你卡在哪一步，我来一步步提示你。';

/** Baseline until as-prompts lands. */
export const leaksAnswer = (_text: string, _questions: readonly GuardQuestion[]): boolean => false;
