import { z } from 'zod';
import { clean, fieldOf, numberedAfter, numberedSections, numberIn } from '../markdown-shape';

/**
 * expRecommend（实验推荐）: experiments for a course, each with its goal, steps and hours. The answer is
 * markdown in the shape below; `readExperiments` reads it back into `experimentList` (checked with zod).
 */
export const experimentList = z.object({
  experiments: z
    .array(
      z.object({
        name: z.string().min(1).describe('实验名称'),
        goal: z.string().min(1).describe('实验目标'),
        hours: z.number().positive().max(40).describe('建议学时'),
        steps: z.array(z.string().min(1)).min(2).describe('实验步骤'),
      }),
    )
    .min(1)
    .max(8),
});
export type ExperimentList = z.infer<typeof experimentList>;

export const instruction = `【任务：实验推荐】
根据课程内容与教师描述的学生情况，推荐 3—5 个实验，由易到难排列。每个实验严格按下面的 markdown 格式输出：
### 实验1：<实验名称>
- **实验目标**：<学生完成后能掌握什么，一两句话>
- **建议学时**：<数字>学时
- **实验环境**：<软件、硬件或平台>
- **实验步骤**：
  1. <步骤一>
  2. <步骤二>
  3. <……>
- **考查要点**：<评价学生完成质量的要点>

所有实验之后，用“### 实施建议”写两三条组织实施的建议（分组、前置知识、评价方式）。
实验要与课程知识点对应，难度与学时符合学生水平；不要编造不存在的平台或工具。`;

/** The experiments of an answer in the shape above, or the zod error saying what is missing. */
export const readExperiments = (answer: string) =>
  experimentList.safeParse({
    experiments: numberedSections(answer, '实验').map((s) => ({
      name: clean(s.title),
      goal: fieldOf(s.lines, ['实验目标', '目标']),
      hours: numberIn(fieldOf(s.lines, ['建议学时', '学时'])),
      steps: numberedAfter(s.lines, '实验步骤'),
    })),
  });
