import { instruction as experimentShape } from '../chat-types/exp-recommend';

/** expRecommend（实验推荐）as a teacher menu entry: the chat type's shape, grounded in the course. */
export const instruction = `【教学助手功能：实验推荐】
结合资料中的课程名称与作业情况（如有），以及教师的描述推荐实验。
${experimentShape}`;
