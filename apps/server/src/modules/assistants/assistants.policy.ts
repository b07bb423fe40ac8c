import {
  ASSISTANT_MSG,
  type AssistantScene,
  BATCH_AI_QUESTION_ENABLED,
  CHAT_TYPE_INFO,
  type ChatAudience,
  type ChatType,
  CONTENT_SCENES,
  COURSE_SCENES,
  MSG,
  QABOT_ENABLED,
  TEACHER_MENU,
  type TeacherPerm,
  type TeacherTask,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/*
 * Who may use which assistant (portal spec 3 and 6, career spec 6): the organisation's qabot = 2 and a
 * student or teacher; course scenes need a member of the course (the study companion a student, the
 * teaching assistant the course's teacher); the career mentor is for students only. Chat types follow the
 * scene's audience, teacher tasks their menu entry's permission.
 */

/** The organisation permissions the assistants read (GET base/organ/permissions: key -> value). */
export type AssistantPerms = { hasQabot: boolean; hasAiJudgePerm: boolean; hasTeachingAnalysisPerm: boolean };

export const permsOf = (values: Record<string, number>): AssistantPerms => ({
  hasQabot: values.qabot === QABOT_ENABLED,
  hasAiJudgePerm: values.batchAiQuestion === BATCH_AI_QUESTION_ENABLED,
  hasTeachingAnalysisPerm: Boolean(values.aiTeachingAnalysis),
});

/** Whose the scene is: the audience of the chat types it offers. */
export const audienceOf = (scene: AssistantScene): ChatAudience =>
  scene === 'TeacherQA' ? 'teacher' : scene === 'CareerMentorQA' ? 'mentor' : 'student';

export const isCourseScene = (scene: AssistantScene) => COURSE_SCENES.includes(scene);
export const isContentScene = (scene: AssistantScene) => CONTENT_SCENES.includes(scene);

/** The role the asking user has in the scene, or a 403 (the order a person meets the problems). */
export const assertSceneAccess = (input: {
  scene: AssistantScene;
  actor: Pick<Actor, 'membership'>;
  perms: AssistantPerms;
  /** course scenes: the actor's role in the course (null: not a member) */
  courseRole: 'Teacher' | 'Student' | null;
}): { isStudent: boolean; isTeacher: boolean } => {
  const { scene, perms } = input;
  const identity = input.actor.membership?.role ?? null;
  if (scene === 'CareerMentorQA') {
    // career spec 6: students only, and the college's qabot; otherwise 暂无权限
    if (identity !== 'Student' || !perms.hasQabot) throw AppError.forbidden(MSG.noPermission);
    return { isStudent: true, isTeacher: false };
  }
  if (!perms.hasQabot) throw AppError.forbidden(ASSISTANT_MSG.notEnabled);
  if (isCourseScene(scene)) {
    if (!input.courseRole) throw AppError.forbidden(ASSISTANT_MSG.notCourseMember);
    const wanted = scene === 'TeacherQA' ? 'Teacher' : 'Student';
    if (input.courseRole !== wanted) throw AppError.forbidden(MSG.noPermission);
    return { isStudent: wanted === 'Student', isTeacher: wanted === 'Teacher' };
  }
  // a catalogue item's scene: a student or teacher of the organisation (spec 6)
  if (identity !== 'Student' && identity !== 'Teacher') throw AppError.forbidden(MSG.noPermission);
  return { isStudent: identity === 'Student', isTeacher: identity === 'Teacher' };
};

/** The chat task of the teacher menu, by key. */
const TEACHER_TASK_ENTRIES = new Map(
  TEACHER_MENU.flatMap((group) => group.entries).flatMap((entry) =>
    entry.kind === 'chat' ? [[entry.key, entry] as const] : [],
  ),
);

const PERM_MSG: Record<TeacherPerm, string> = {
  aiJudge: ASSISTANT_MSG.aiJudgeRequired,
  teachingAnalysis: ASSISTANT_MSG.teachingAnalysisRequired,
};

/**
 * The chat type must be one of the scene's audience (403 当前身份不能使用该功能); a teacher task only in the
 * teaching assistant, with its menu entry's chat type and permission (403 当前机构未开通课程分析 …).
 */
export const assertChatAllowed = (input: {
  scene: AssistantScene;
  chatType: ChatType;
  teacherTask: TeacherTask | undefined;
  perms: AssistantPerms;
}) => {
  if (CHAT_TYPE_INFO[input.chatType].audience !== audienceOf(input.scene)) {
    throw AppError.forbidden(ASSISTANT_MSG.chatTypeNotAllowed);
  }
  if (input.teacherTask === undefined) return;
  const entry = TEACHER_TASK_ENTRIES.get(input.teacherTask);
  if (input.scene !== 'TeacherQA' || !entry || entry.chatType !== input.chatType) {
    throw AppError.forbidden(ASSISTANT_MSG.chatTypeNotAllowed);
  }
  if (entry.needs === 'aiJudge' && !input.perms.hasAiJudgePerm) throw AppError.forbidden(PERM_MSG.aiJudge);
  if (entry.needs === 'teachingAnalysis' && !input.perms.hasTeachingAnalysisPerm) {
    throw AppError.forbidden(PERM_MSG.teachingAnalysis);
  }
};

/** The course's usage figures and its students' conversations: the course's teachers only. */
export const assertCourseTeacher = (courseRole: 'Teacher' | 'Student' | null) => {
  if (courseRole !== 'Teacher') throw AppError.forbidden(MSG.noPermission);
};

/** The career mentor's consent: students only. */
export const assertStudent = (actor: Pick<Actor, 'membership'>) => {
  if (actor.membership?.role !== 'Student') throw AppError.forbidden(MSG.noPermission);
};
