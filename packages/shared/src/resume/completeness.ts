/*
 * Resume completeness (issue 13; career spec 3, 6, 7 `GET /resume_onlines/percentages`). The rule, the same
 * on the server (which answers it) and in the browser (which says what is missing):
 *
 * | part                                                    | points |
 * | ------------------------------------------------------- | ------ |
 * | personal information (name, birthday, sex, mobile)      | 15     |
 * | avatar                                                  | 5      |
 * | strength (个人优势) not empty                            | 10     |
 * | education (the first, highest one, is set)              | 20     |
 * | at least one internship/practice                        | 15     |
 * | at least one society/project                            | 10     |
 * | at least one award                                      | 5      |
 * | at least one language/skill                             | 5      |
 * | self-evaluation (自我评价) not empty                     | 10     |
 * | job intention (positions and cities)                    | 5      |
 *
 * onlinePercentages is the sum (0-100); onlineCompleted is onlinePercentages >= 80 (the delivery gate);
 * attachedCount counts the attached resumes; perfected is the member profile's completion (the workbench's
 * 完善个人信息 dialog fields all set).
 */

export type ResumeFacts = {
  personal: boolean;
  avatar: boolean;
  strength: boolean;
  education: boolean;
  internship: boolean;
  society: boolean;
  award: boolean;
  language: boolean;
  evaluation: boolean;
  intention: boolean;
};
export type ResumePart = keyof ResumeFacts;

/** Each part with its points and the text the completeness line uses when it is missing. */
export const COMPLETENESS_PARTS: readonly { part: ResumePart; points: number; title: string }[] = [
  { part: 'personal', points: 15, title: '个人信息' },
  { part: 'avatar', points: 5, title: '头像' },
  { part: 'strength', points: 10, title: '个人优势' },
  { part: 'education', points: 20, title: '教育经历' },
  { part: 'internship', points: 15, title: '实习/实践经历' },
  { part: 'society', points: 10, title: '社团/项目经历' },
  { part: 'award', points: 5, title: '获奖经历' },
  { part: 'language', points: 5, title: '语言/技能' },
  { part: 'evaluation', points: 10, title: '自我评价' },
  { part: 'intention', points: 5, title: '求职意向' },
];

/** The online resume's completeness, 0-100. */
export const onlinePercentOf = (facts: ResumeFacts) =>
  COMPLETENESS_PARTS.reduce((sum, p) => sum + (facts[p.part] ? p.points : 0), 0);

/** The titles of the parts still missing, in page order. */
export const missingPartsOf = (facts: ResumeFacts) =>
  COMPLETENESS_PARTS.filter((p) => !facts[p.part]).map((p) => p.title);

/** The completeness line: 简历完整度 85%，还可完善：获奖经历、语言/技能 (or 简历已完善). */
export const completenessLine = (percent: number, missing: readonly string[]) =>
  missing.length === 0
    ? `简历完整度 ${percent}%，简历已完善`
    : `简历完整度 ${percent}%，还可完善：${missing.join('、')}`;
