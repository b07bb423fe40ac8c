/*
 * The question type codes on their own, so that what only checks a type code (teaching's course item schema,
 * and through it every course page) does not load the question bank's schemas and rules (questions.ts).
 */

/** Question type codes (spec 3.3). */
export const QSN_TYPE = {
  singleChoice: 1,
  multipleChoice: 2,
  judgment: 3,
  acmProgramming: 4,
  programming: 5,
  fillBlank: 6,
  shortAnswer: 7,
  function: 8,
  comprehensive: 9,
  calculation: 10,
} as const;
export type QsnType = (typeof QSN_TYPE)[keyof typeof QSN_TYPE];
export const QSN_TYPES = Object.values(QSN_TYPE) as QsnType[];
