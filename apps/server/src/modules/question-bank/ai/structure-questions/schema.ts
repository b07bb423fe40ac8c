import { z } from 'zod';

/*
 * What the model answers when it structures a draft (spec 000 section 3.3). Deliberately close to how a
 * model writes questions; the server turns it into the generated-question shape (ids, codes, defaults,
 * weights) in `index.ts`, so the model cannot get those wrong.
 */

/** One test case as the model writes it. */
export const modelTestcase = z.object({
  input: z.string().describe('the complete standard input of the case (may be empty)'),
  output: z.string().describe('the exact standard output the reference solution prints for this input'),
});

/** One structured question. */
export const modelQuestion = z.object({
  titleText: z.string().describe('题干: the question text only, without options, answer or analysis'),
  options: z
    .array(
      z.object({
        id: z.string().describe('option letter as in the draft: A, B, C ...'),
        optionContent: z.string().describe('option text without its letter'),
      }),
    )
    .max(8)
    .default([])
    .describe('choices of a single- or multiple-choice question; empty for other types'),
  answer: z
    .string()
    .default('')
    .describe(
      'choice: the correct option letters joined, e.g. "B" or "AC"; judgment: "true" or "false"; short answer: ' +
        'the reference answer text; coding questions: leave empty and use referenceSolution',
    ),
  // Lenient where the server can repair (rounding, clamping, cutting): a whole answer is not re-asked for it.
  difficulty: z.number().default(3).describe('difficulty in stars, an integer from 1 (easy) to 5 (hard)'),
  knowledges: z
    .array(z.string())
    .default([])
    .describe('knowledge points, at most 10, each at most 20 characters'),
  tip: z.string().default('').describe('解析: why the answer is right'),
  description: z
    .string()
    .default('')
    .describe('coding questions: the task, input format, output format and a sample, as shown to students'),
  codeModel: z
    .string()
    .default('')
    .describe(
      'function questions: the starter code given to students (the whole program, function body empty)',
    ),
  referenceSolution: z
    .string()
    .default('')
    .describe(
      'coding questions: a complete program in the requested language that reads standard input and writes ' +
        'standard output and solves the task; it is run against the test cases and never shown to students',
    ),
  testcases: z
    .array(modelTestcase)
    .default([])
    .describe('coding questions: 3 to 5 test cases whose outputs are exactly what referenceSolution prints'),
});
export type ModelQuestion = z.infer<typeof modelQuestion>;

/** The whole answer. */
export const structuredQuestions = z.object({
  questions: z.array(modelQuestion).min(1).max(5).describe('the questions of the draft, in order'),
});
export type StructuredQuestions = z.infer<typeof structuredQuestions>;
