import { IDENTITY_TYPES, type IdentityType } from '@uplus/shared';

/*
 * The AI assistant of the workbench (spec 001 sections 2.9, 2.15, 4 and 6) as pure rules: who gets it,
 * what it is called, and which teacher menu entries are open. The component only renders these.
 */

/** Organisation permission keys the assistant reads (GET base/organ/permissions answers key -> value). */
export const ASSISTANT_PERMISSION_KEYS = {
  /** the QA bot: 2 enables the assistant */
  qabot: 'qabot',
  /** batch AI questions: 2 opens 智能判题 */
  batchAiQuestion: 'batchAiQuestion',
  /** AI teaching analysis: truthy opens 课程分析 */
  aiTeachingAnalysis: 'aiTeachingAnalysis',
} as const;

/** The QA bot value that enables the assistant (spec 6: "equals 2"). */
export const QABOT_ENABLED = 2;
/** The batch AI question value that opens 智能判题 (spec 6: "equal to 2"). */
export const BATCH_AI_QUESTION_ENABLED = 2;

export type OrganPermissionMap = Readonly<Record<string, number>>;

/** The roles the assistant serves (spec 6: student or teacher). */
export type AssistantRole = Extract<IdentityType, 'Student' | 'Teacher'>;

/** A stored or reported role, or null when missing or unknown (no silent default to Student here). */
export const knownRole = (value: unknown): IdentityType | null =>
  (IDENTITY_TYPES as readonly unknown[]).includes(value) ? (value as IdentityType) : null;

/** Whether the role may have the assistant at all; false needs no permission call. */
export const isAssistantRole = (role: IdentityType | null): role is AssistantRole =>
  role === 'Student' || role === 'Teacher';

/**
 * Spec 6: the assistant is enabled only if the organisation's QA bot permission equals 2 and the user is
 * a student or a teacher; otherwise disabled. Unknown permissions (loading, failed) are not enabled.
 */
export const assistantEnabled = (input: {
  role: IdentityType | null;
  permissions: OrganPermissionMap | null | undefined;
}): boolean =>
  isAssistantRole(input.role) && input.permissions?.[ASSISTANT_PERMISSION_KEYS.qabot] === QABOT_ENABLED;

/** What the launcher shows (spec 4: the assistant is enabled or disabled). */
export type AssistantStatus = 'none' | 'loading' | 'enabled';

/**
 * The launcher's state: nothing for other roles or visitors (no call made), loading while the permissions
 * load, enabled when spec 6 allows; a failed or refusing call counts as disabled.
 */
export const assistantStatus = (input: {
  signedIn: boolean;
  role: IdentityType | null;
  permissions: { isPending: boolean; isError: boolean; data: OrganPermissionMap | undefined };
}): AssistantStatus => {
  if (!input.signedIn || !isAssistantRole(input.role)) return 'none';
  if (input.permissions.isError) return 'none';
  if (input.permissions.isPending) return 'loading';
  return assistantEnabled({ role: input.role, permissions: input.permissions.data }) ? 'enabled' : 'none';
};

/** The assistant's name by role (spec 9: study companion, teaching assistant). */
export const ASSISTANT_NAMES: Readonly<Record<AssistantRole, string>> = {
  Student: '学习伴侣',
  Teacher: '教学助手',
};

/** Said in the panel until the chat exists (its API bodies and screen are "not shown" in the spec). */
export const CHAT_COMING_SOON = '对话功能即将开放';
/** The tooltip of a menu entry whose feature is not built yet. */
export const ENTRY_COMING_SOON = '即将开放';

// Teacher feature menu (spec 2.15) -------------------------------------------------------------------

/** Where the product already has the feature: the toolkit hosts the AI question generator and judge. */
export const AI_TOOLKIT_PATH = '/ai/toolkit';

type TeacherEntryDef = {
  key: string;
  label: string;
  /** the page that hosts the feature, or null when it is not built yet */
  to: string | null;
  /** the spec 6 rule this entry needs, if any */
  needs?: (permissions: OrganPermissionMap) => boolean;
};

/** Spec 6: 'intelligent grading' needs the batch AI question permission equal to 2. */
const needsBatchAiQuestion = (p: OrganPermissionMap) =>
  p[ASSISTANT_PERMISSION_KEYS.batchAiQuestion] === BATCH_AI_QUESTION_ENABLED;
/** Spec 6: 'course analysis' needs the AI teaching analysis permission truthy. */
const needsTeachingAnalysis = (p: OrganPermissionMap) => !!p[ASSISTANT_PERMISSION_KEYS.aiTeachingAnalysis];

/** The teacher menu of spec 2.15, in its order. */
export const TEACHER_MENU: readonly { key: string; title: string; entries: readonly TeacherEntryDef[] }[] = [
  {
    key: 'construction',
    title: '课程建设',
    entries: [
      { key: 'knowledgeGraph', label: '知识图谱', to: null },
      { key: 'teachingCase', label: '教学案例', to: null },
      { key: 'politicalCase', label: '思政案例', to: null },
      { key: 'teachingPlan', label: '教学计划', to: null },
    ],
  },
  {
    key: 'practice',
    title: '实践教学',
    entries: [
      { key: 'expRecommend', label: '实验推荐', to: null },
      { key: 'expCase', label: '实验案例', to: null },
      { key: 'practiceTopic', label: '实践题目生成', to: null },
    ],
  },
  {
    key: 'assessment',
    title: '智能评估',
    entries: [
      { key: 'smartQuestion', label: '智能出题', to: AI_TOOLKIT_PATH },
      { key: 'smartGrading', label: '智能判题', to: AI_TOOLKIT_PATH, needs: needsBatchAiQuestion },
      { key: 'commonInsight', label: '共性洞察', to: null },
    ],
  },
  {
    key: 'management',
    title: '教学管理',
    entries: [{ key: 'courseAnalysis', label: '课程分析', to: null, needs: needsTeachingAnalysis }],
  },
];

export type TeacherMenuEntry =
  | { key: string; label: string; kind: 'link'; to: string }
  | { key: string; label: string; kind: 'soon' };
export type TeacherMenuGroup = { key: string; title: string; entries: TeacherMenuEntry[] };

/**
 * The teacher menu for an organisation's permissions: an entry whose permission rule fails is left out
 * (the organisation has not bought it); an allowed entry leads to its page when the product has one,
 * otherwise it is shown as not yet open. Groups left empty are dropped.
 */
export const teacherMenu = (permissions: OrganPermissionMap): TeacherMenuGroup[] =>
  TEACHER_MENU.map((group) => ({
    key: group.key,
    title: group.title,
    entries: group.entries
      .filter((entry) => !entry.needs || entry.needs(permissions))
      .map(
        (entry): TeacherMenuEntry =>
          entry.to
            ? { key: entry.key, label: entry.label, kind: 'link', to: entry.to }
            : { key: entry.key, label: entry.label, kind: 'soon' },
      ),
  })).filter((group) => group.entries.length > 0);

// Student prompt groups (spec 2.15) ------------------------------------------------------------------

/** The student prompt groups of spec 2.15; the descriptions are ours (the spec gives none). */
export const STUDENT_PROMPT_GROUPS = [
  { key: 'knowledgeQa', title: '知识问答', description: '课程知识点、概念的讲解与答疑' },
  { key: 'projectDesign', title: '项目设计', description: '需求分析、架构与各类设计图的思路' },
  { key: 'programming', title: '编程助手', description: '代码解读、排错与优化建议' },
] as const;

// Visible / hidden (spec 4), remembered per tab ------------------------------------------------------

/** sessionStorage key of the panel's visible state: per tab, so it survives navigation and reloads. */
export const ASSISTANT_VISIBLE_KEY = 'uplus.assistant.visible';

/** The remembered state: '1' visible; anything else (or no storage) hidden. */
export const readAssistantVisible = (store: Pick<Storage, 'getItem'> | null): boolean => {
  try {
    return store?.getItem(ASSISTANT_VISIBLE_KEY) === '1';
  } catch {
    return false;
  }
};

export const writeAssistantVisible = (store: Pick<Storage, 'setItem'> | null, visible: boolean): void => {
  try {
    store?.setItem(ASSISTANT_VISIBLE_KEY, visible ? '1' : '0');
  } catch {
    // storage refused (private mode, quota): the state then lasts only while the shell is mounted
  }
};
