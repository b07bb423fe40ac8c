import {
  ASSISTANT_PERMISSION_KEYS,
  type AssistantMessage,
  type AssistantScene,
  CHAT_TYPE_INFO,
  type ChatType,
  IDENTITY_TYPES,
  type IdentityType,
  QABOT_ENABLED,
  STUDENT_SCENES,
  type TeacherTask,
} from '@uplus/shared';

/*
 * The AI assistants (portal spec 2.9, 2.15, 4 and 6; career spec 6; issue 16) as pure rules: who gets the
 * launcher, what it is called, which scene the panel asks in, when Enter sends, when the list follows the
 * answer, how a streamed piece joins the text, what a screen reader is told. The components only render
 * these. Scenes, chat types, menus and limits are the shared module's.
 */

export { ASSISTANT_PERMISSION_KEYS, QABOT_ENABLED };

export type OrganPermissionMap = Readonly<Record<string, number>>;

/** The roles the floating assistant serves (spec 6: student or teacher). */
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

/** The assistants' names (spec 9: study companion, teaching assistant, career mentor). */
export const ASSISTANT_NAMES: Readonly<Record<AssistantRole, string>> = {
  Student: '学习伴侣',
  Teacher: '教学助手',
};
export const MENTOR_NAME = '职业导师';

/** The name of the assistant answering in a scene. */
export const assistantNameOf = (scene: AssistantScene): string =>
  scene === 'CareerMentorQA'
    ? MENTOR_NAME
    : scene === 'TeacherQA'
      ? ASSISTANT_NAMES.Teacher
      : ASSISTANT_NAMES.Student;

// The scene the floating panel asks in -------------------------------------------------------------------

export type PanelTarget = {
  scene: AssistantScene;
  courseId?: number;
  contentId?: number;
  homeworkId?: number;
};

/**
 * The floating panel's scene: the page's own when it fits the role (a student scene for a student, the
 * teacher scene for a teacher), else the role's course scene (CourseQA / TeacherQA) on the course the user
 * picked — `picker: true` then, and no target until a course is picked. The career mentor has its own page.
 */
export const panelTarget = (input: {
  role: AssistantRole;
  pageScene: PanelTarget | null;
  pickedCourseId: number | null;
}): { target: PanelTarget | null; picker: boolean } => {
  const page = input.pageScene;
  const fits =
    !!page &&
    (input.role === 'Teacher'
      ? page.scene === 'TeacherQA' && !!page.courseId
      : (STUDENT_SCENES as readonly AssistantScene[]).includes(page.scene));
  if (page && fits) return { target: page, picker: false };
  const scene: AssistantScene = input.role === 'Teacher' ? 'TeacherQA' : 'CourseQA';
  return {
    target: input.pickedCourseId ? { scene, courseId: input.pickedCourseId } : null,
    picker: true,
  };
};

/** The key a target's remembered state is kept under (per tab). */
export const targetKey = (t: PanelTarget) => `${t.scene}:${t.courseId ?? ''}:${t.contentId ?? ''}`;

// Chat types ---------------------------------------------------------------------------------------------

/** The chat type a fresh conversation starts with in a scene. */
export const defaultChatType = (scene: AssistantScene): ChatType =>
  scene === 'CareerMentorQA' ? 'aiCareerMentor' : scene === 'TeacherQA' ? 'teacherQa' : 'studentQa';

/** The label of a chat type (teacher tasks go by their menu entry's label instead). */
export const chatTypeLabel = (type: ChatType) => CHAT_TYPE_INFO[type].label;

/** The chat type and teacher task a conversation goes on with: those of its last question. */
export const lastTurnOf = (
  messages: readonly Pick<AssistantMessage, 'role' | 'chatType' | 'teacherTask'>[],
): { chatType: ChatType; teacherTask: TeacherTask | null } | null => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'user') return { chatType: m.chatType, teacherTask: m.teacherTask };
  }
  return null;
};

// The sender ---------------------------------------------------------------------------------------------

/**
 * What a key press in the question box does: Enter sends, Shift+Enter is a new line, and nothing is sent
 * while an input method is composing (the Enter that picks a Chinese candidate: isComposing, or keyCode
 * 229 in browsers that report the composition only that way).
 */
export const enterAction = (event: {
  key: string;
  shiftKey: boolean;
  keyCode?: number;
  isComposing?: boolean;
}): 'send' | 'newline' | 'none' => {
  if (event.key !== 'Enter') return 'none';
  if (event.isComposing || event.keyCode === 229) return 'none';
  return event.shiftKey ? 'newline' : 'send';
};

// The message list ---------------------------------------------------------------------------------------

/** How close to the end (px) still counts as "at the bottom" (a wheel notch or rounding is not a choice). */
export const BOTTOM_SLACK = 40;

/**
 * Whether the list is scrolled to its end: the list follows the answer while this holds, and stops when
 * the reader scrolls up to read (until they come back down).
 */
export const isAtBottom = (
  el: { scrollTop: number; scrollHeight: number; clientHeight: number },
  slack = BOTTOM_SLACK,
) => el.scrollHeight - el.scrollTop - el.clientHeight <= slack;

/**
 * Joins a streamed piece to the text shown: `offset` is the answer's length after the piece, so the piece
 * starts at `offset - piece.length`. A piece that overlaps what is shown (a rejoin from an older offset)
 * replaces the overlap instead of repeating it; a piece without an offset is appended.
 */
export const applyDelta = (content: string, piece: string, offset: number): string => {
  if (offset < 0) return content + piece;
  const start = offset - piece.length;
  if (start < 0) return piece.slice(-offset);
  if (start <= content.length) return content.slice(0, start) + piece;
  return content + piece;
};

/** How many characters of a finished answer are read out with 回答完成. */
export const ANNOUNCE_CHARS = 40;

/** What the polite live region says once an answer finished: 回答完成 and its first words (not each delta). */
export const announcementOf = (text: string, status: 'Done' | 'Stopped' | 'Failed' = 'Done') => {
  const plain = text
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/[#*_`>[\]|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const head = plain.length > ANNOUNCE_CHARS ? `${plain.slice(0, ANNOUNCE_CHARS)}…` : plain;
  const prefix = status === 'Done' ? '回答完成' : status === 'Stopped' ? '已停止回答' : '回答失败';
  return head ? `${prefix}：${head}` : prefix;
};

/**
 * Splits a text into plain parts and citation marks [n] for the numbers the answer cited; other brackets
 * stay text.
 */
export const citationParts = (text: string, cited: ReadonlySet<number>): (string | { n: number })[] => {
  const parts: (string | { n: number })[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(match[1]);
    if (!cited.has(n)) continue;
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push({ n });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
};

/**
 * The passages an answer refers to by [n] first, then the others that were retrieved but not used: a source
 * list shows the first and folds the second, so a question the material does not cover (a diagram, say)
 * does not show five unrelated passages as its sources.
 */
export const splitCitations = <C extends { n: number }>(
  citations: readonly C[],
  content: string,
): { used: C[]; unused: C[] } => {
  const marked = new Set<number>();
  for (const match of content.matchAll(/\[(\d{1,3})\]/g)) marked.add(Number(match[1]));
  return {
    used: citations.filter((c) => marked.has(c.n)),
    unused: citations.filter((c) => !marked.has(c.n)),
  };
};

/** Whether an answer's markdown holds a Mermaid fence (then the diagram is drawn where the fence is). */
export const hasMermaidFence = (content: string) => /```\s*mermaid\b/i.test(content);

/** Bytes as people read them. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} B`;

// Remembered per tab -------------------------------------------------------------------------------------

type Store = Pick<Storage, 'getItem' | 'setItem'>;
type ReadStore = Pick<Storage, 'getItem'>;

/** sessionStorage key of the panel's visible state: per tab, so it survives navigation and reloads. */
export const ASSISTANT_VISIBLE_KEY = 'uplus.assistant.visible';

/** The remembered state: '1' visible; anything else (or no storage) hidden. */
export const readAssistantVisible = (store: ReadStore | null): boolean => {
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

/** sessionStorage keys of the open conversation per target and of the course picked in the panel. */
export const CONVERSATION_KEY = 'uplus.assistant.conversation.';
export const PICKED_COURSE_KEY = 'uplus.assistant.course.';

/** A remembered positive id, or null. */
export const readRememberedId = (store: ReadStore | null, key: string): number | null => {
  try {
    const n = Number(store?.getItem(key) ?? '');
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
};

export const writeRememberedId = (store: Store | null, key: string, id: number | null): void => {
  try {
    store?.setItem(key, id ? String(id) : '');
  } catch {
    // storage refused: the choice lasts while the panel is mounted
  }
};
