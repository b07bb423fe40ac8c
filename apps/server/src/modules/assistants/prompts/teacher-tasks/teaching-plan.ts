import { z } from 'zod';
import { numberIn, tableRows } from '../markdown-shape';

/**
 * teachingPlan（教学计划）: a plan by week, as a markdown table read back by `readTeachingPlan` into
 * `teachingPlan` (checked with zod).
 */
export const teachingPlan = z.object({
  weeks: z
    .array(
      z.object({
        week: z.string().min(1).describe('周次'),
        content: z.string().min(1).describe('教学内容'),
        hours: z.number().positive().max(40).describe('学时'),
        method: z.string().describe('教学方法'),
      }),
    )
    .min(1)
    .max(30),
});
export type TeachingPlan = z.infer<typeof teachingPlan>;

export const instruction = `【教学助手功能：教学计划】
教师输入总学时、周数与教学目标，你制定教学计划：
## 课程目标
知识、能力、素养三方面，各一到三条。
## 教学进度表
必须是一个 markdown 表格，表头严格为：
| 周次 | 教学内容 | 学时 | 教学方法 | 课后任务 |
每一周一行，“学时”列只写数字，各周学时之和等于教师给出的总学时（教师没给出时按每周2学时、16周安排，并说明这一假设）。
## 考核方式
平时、实验、期末等的占比与考核内容。
## 教学建议
重难点的处理与教学资源建议。`;

/** The weeks of an answer's 教学进度表, or the zod error saying what is missing. */
export const readTeachingPlan = (answer: string) =>
  teachingPlan.safeParse({
    weeks: tableRows(answer, ['周次', '教学内容', '学时', '教学方法']).map((r) => ({
      week: r.周次 ?? '',
      content: r.教学内容 ?? '',
      hours: numberIn(r.学时 ?? ''),
      method: r.教学方法 ?? '',
    })),
  });
