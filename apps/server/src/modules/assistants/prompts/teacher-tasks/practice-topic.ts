import { z } from 'zod';
import { clean, fieldOf, numberedSections } from '../markdown-shape';

/** practiceTopic（实践题目生成）: practice topics, read back by `readPracticeTopics` (checked with zod). */
export const practiceTopics = z.object({
  topics: z
    .array(
      z.object({
        name: z.string().min(1).describe('题目名称'),
        difficulty: z.enum(['初级', '中级', '高级']).describe('难度'),
        goal: z.string().min(1).describe('训练目标'),
        deliverable: z.string().min(1).describe('提交成果'),
      }),
    )
    .min(1)
    .max(10),
});
export type PracticeTopics = z.infer<typeof practiceTopics>;

export const instruction = `【教学助手功能：实践题目生成】
教师输入方向（课程、技术或行业），你生成 3—6 个实践题目，难度有梯度。每个题目严格按下面的格式：
### 题目1：<题目名称>
- **难度**：初级、中级或高级（三选一）
- **训练目标**：<对应的知识点与能力>
- **任务描述**：<学生要做什么，背景与具体要求>
- **提交成果**：<代码、报告、演示等>
- **评价要点**：<评分关注点>
题目要真实可做，规模与学时匹配；团队题目注明建议人数。`;

/** The topics of an answer in the shape above, or the zod error saying what is missing. */
export const readPracticeTopics = (answer: string) =>
  practiceTopics.safeParse({
    topics: numberedSections(answer, '题目').map((s) => ({
      name: clean(s.title),
      difficulty: fieldOf(s.lines, ['难度']).replace(/[。.]$/, ''),
      goal: fieldOf(s.lines, ['训练目标', '目标']),
      deliverable: fieldOf(s.lines, ['提交成果']),
    })),
  });
