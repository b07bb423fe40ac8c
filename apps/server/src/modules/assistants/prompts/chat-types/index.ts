import type { ChatType } from '@uplus/shared';
import { instruction as aiCareerMentor } from './ai-career-mentor';
import { instruction as architectureDiagram } from './architecture-diagram';
import { instruction as classDiagram } from './class-diagram';
import { instruction as codeInspect } from './code-inspect';
import { instruction as codeOptimize } from './code-optimize';
import { instruction as conceptExplain } from './concept-explain';
import { instruction as designReview } from './design-review';
import { instruction as expRecommend } from './exp-recommend';
import { instruction as knowledgeExp } from './knowledge-exp';
import { instruction as knowledgeQa } from './knowledge-qa';
import { instruction as processDiagram } from './process-diagram';
import { instruction as reqAnalysisAssist } from './req-analysis-assist';
import { instruction as reqAnalysisReview } from './req-analysis-review';
import { instruction as resolveQa } from './resolve-qa';
import { instruction as sequenceDiagram } from './sequence-diagram';
import { instruction as studentQa } from './student-qa';
import { instruction as teacherQa } from './teacher-qa';
import { instruction as useCaseDiagram } from './use-case-diagram';

/** The system instruction of each chat type (one file each). */
export const CHAT_TYPE_INSTRUCTIONS: Record<ChatType, string> = {
  studentQa,
  teacherQa,
  aiCareerMentor,
  resolveQa,
  codeInspect,
  codeOptimize,
  knowledgeQa,
  knowledgeExp,
  conceptExplain,
  reqAnalysisAssist,
  reqAnalysisReview,
  architectureDiagram,
  processDiagram,
  useCaseDiagram,
  classDiagram,
  sequenceDiagram,
  designReview,
  expRecommend,
};
