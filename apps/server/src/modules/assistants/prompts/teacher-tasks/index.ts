import type { TeacherTask } from '@uplus/shared';
import { instruction as commonInsight } from './common-insight';
import { instruction as courseAnalysis } from './course-analysis';
import { instruction as expCase } from './exp-case';
import { instruction as expRecommend } from './exp-recommend';
import { instruction as knowledgeGraph } from './knowledge-graph';
import { instruction as politicalCase } from './political-case';
import { instruction as practiceTopic } from './practice-topic';
import { instruction as teachingCase } from './teaching-case';
import { instruction as teachingPlan } from './teaching-plan';

/** The system instruction of each teacher menu task (one file each). */
export const TEACHER_TASK_INSTRUCTIONS: Record<TeacherTask, string> = {
  knowledgeGraph,
  teachingCase,
  politicalCase,
  teachingPlan,
  expRecommend,
  expCase,
  practiceTopic,
  commonInsight,
  courseAnalysis,
};
