import { z } from 'zod';
import { SERVICE_BASES } from '../core/services';

/*
 * The three AI assistants (portal spec 1, 2.9, 2.15, 3, 6, 7; career spec section 6; issue 16): the study
 * companion (学习伴侣) for students inside a course, the teaching assistant (教学助手) for teachers, and the
 * career mentor (职业导师). Scenes, chat types, the permission context, conversations, messages, the chat
 * stream's events, uploads, the knowledge base and usage figures. The chat API lives under
 * `course/intelligent/courses` (spec 7) with the access token in X-Access-Token.
 */

/** Path prefix of every assistant call (spec 7: chat server API under course/intelligent/courses). */
export const ASSISTANT_BASE = `${SERVICE_BASES.course}/intelligent/courses`;

// Scenes (spec 2.15) -------------------------------------------------------------------------------

export const STUDENT_SCENES = [
  'CourseQA',
  'DoExperiment',
  'DoPractice',
  'ExerciseAnswer',
  'HomeworkAnswer',
  'PreviewCourseware',
] as const;
export const ASSISTANT_SCENES = [...STUDENT_SCENES, 'TeacherQA', 'CareerMentorQA'] as const;
export type AssistantScene = (typeof ASSISTANT_SCENES)[number];
export const assistantScene = z.enum(ASSISTANT_SCENES, { error: '场景不正确' });

/** Names of the scenes as the panel shows them. */
export const SCENE_LABELS: Record<AssistantScene, string> = {
  CourseQA: '课程答疑',
  DoExperiment: '做实验',
  DoPractice: '做实训',
  ExerciseAnswer: '练习作答',
  HomeworkAnswer: '作业作答',
  PreviewCourseware: '预习课件',
  TeacherQA: '教学助手',
  CareerMentorQA: '职业导师',
};

/** Scenes in which the companion guides instead of answering (issue 16 part 7) and hides the KB toggle. */
export const ANSWER_SCENES: readonly AssistantScene[] = ['ExerciseAnswer', 'HomeworkAnswer'];
/** Scenes that belong to a teaching course (a courseId is required). */
export const COURSE_SCENES: readonly AssistantScene[] = [
  'CourseQA',
  'ExerciseAnswer',
  'HomeworkAnswer',
  'TeacherQA',
];
/**
 * Scenes on a published catalogue item of the portal (a cloud experiment, an industry project, a course's
 * courseware preview): a contentId (portal_contents id) names it; its title is the context's courseName
 * and its text is given to the model.
 */
export const CONTENT_SCENES: readonly AssistantScene[] = ['DoExperiment', 'DoPractice', 'PreviewCourseware'];

/** Spec 2.15: the knowledge-base toggle is hidden for teachers and for exercise/homework answer scenes. */
export const knowledgeToggleVisible = (input: { scene: AssistantScene; isTeacher: boolean }) =>
  !input.isTeacher && input.scene !== 'CareerMentorQA' && !ANSWER_SCENES.includes(input.scene);

// Chat types (spec 2.15) ---------------------------------------------------------------------------

export const CHAT_TYPES = [
  'studentQa',
  'teacherQa',
  'aiCareerMentor',
  'resolveQa',
  'codeInspect',
  'codeOptimize',
  'knowledgeQa',
  'knowledgeExp',
  'conceptExplain',
  'reqAnalysisAssist',
  'reqAnalysisReview',
  'architectureDiagram',
  'processDiagram',
  'useCaseDiagram',
  'classDiagram',
  'sequenceDiagram',
  'designReview',
  'expRecommend',
] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
export const chatType = z.enum(CHAT_TYPES, { error: '对话类型不正确' });

/** The chat types whose answer is a Mermaid diagram (validated on the server, drawn in the browser). */
export const DIAGRAM_CHAT_TYPES = [
  'architectureDiagram',
  'processDiagram',
  'useCaseDiagram',
  'classDiagram',
  'sequenceDiagram',
] as const satisfies readonly ChatType[];
export const isDiagramChatType = (type: ChatType) =>
  (DIAGRAM_CHAT_TYPES as readonly ChatType[]).includes(type);

/** Who may use a chat type. */
export type ChatAudience = 'student' | 'teacher' | 'mentor';

/** Label, audience and placeholder of each chat type (labels are ours: the spec names only the keys). */
export const CHAT_TYPE_INFO: Record<ChatType, { label: string; audience: ChatAudience; hint: string }> = {
  studentQa: { label: '自由提问', audience: 'student', hint: '有什么课程上的问题都可以问我' },
  teacherQa: { label: '教学问答', audience: 'teacher', hint: '说说你的教学问题' },
  aiCareerMentor: { label: '职业咨询', audience: 'mentor', hint: '问问职业规划、简历或面试' },
  resolveQa: { label: '解题思路', audience: 'student', hint: '贴出题目，我来讲思路' },
  codeInspect: { label: '代码检查', audience: 'student', hint: '贴出代码，我来找问题' },
  codeOptimize: { label: '代码优化', audience: 'student', hint: '贴出代码，我来给优化建议' },
  knowledgeQa: { label: '知识问答', audience: 'student', hint: '问一个课程知识点' },
  knowledgeExp: { label: '知识拓展', audience: 'student', hint: '想深入了解哪个知识点' },
  conceptExplain: { label: '概念解释', audience: 'student', hint: '输入一个概念' },
  reqAnalysisAssist: { label: '需求分析', audience: 'student', hint: '描述你的项目想法' },
  reqAnalysisReview: { label: '需求评审', audience: 'student', hint: '贴出你的需求说明' },
  architectureDiagram: { label: '架构图', audience: 'student', hint: '描述系统，我来画架构图' },
  processDiagram: { label: '流程图', audience: 'student', hint: '描述业务流程，我来画流程图' },
  useCaseDiagram: { label: '用例图', audience: 'student', hint: '描述角色与功能，我来画用例图' },
  classDiagram: { label: '类图', audience: 'student', hint: '描述领域对象，我来画类图' },
  sequenceDiagram: { label: '时序图', audience: 'student', hint: '描述一次交互，我来画时序图' },
  designReview: { label: '设计评审', audience: 'student', hint: '贴出你的设计' },
  expRecommend: { label: '实验推荐', audience: 'teacher', hint: '说说课程与学生情况，我来推荐实验' },
};

/** The student prompt groups of spec 2.15 with the chat types each offers. */
export const STUDENT_PROMPT_GROUPS = [
  {
    key: 'knowledge',
    title: '知识答疑',
    description: '课程知识点、概念的讲解与答疑',
    chatTypes: ['knowledgeQa', 'conceptExplain', 'knowledgeExp', 'resolveQa'],
  },
  {
    key: 'projectDesign',
    title: '项目设计',
    description: '需求分析、架构与各类设计图',
    chatTypes: [
      'reqAnalysisAssist',
      'reqAnalysisReview',
      'architectureDiagram',
      'processDiagram',
      'useCaseDiagram',
      'classDiagram',
      'sequenceDiagram',
      'designReview',
    ],
  },
  {
    key: 'programming',
    title: '编程助手',
    description: '代码检查与优化建议',
    chatTypes: ['codeInspect', 'codeOptimize'],
  },
] as const satisfies readonly {
  key: string;
  title: string;
  description: string;
  chatTypes: readonly ChatType[];
}[];

// Teacher feature menu (spec 2.15 and 6) -----------------------------------------------------------

/** The teacher's tasks: each menu entry that is a chat runs one (its own prompt file on the server). */
export const TEACHER_TASKS = [
  'knowledgeGraph',
  'teachingCase',
  'politicalCase',
  'teachingPlan',
  'expRecommend',
  'expCase',
  'practiceTopic',
  'commonInsight',
  'courseAnalysis',
] as const;
export type TeacherTask = (typeof TEACHER_TASKS)[number];
export const teacherTask = z.enum(TEACHER_TASKS, { error: '教学助手功能不正确' });

/** An entry of the teacher menu: a chat task, or one of the existing AI panels opened in place. */
export type TeacherMenuEntryDef =
  | { key: TeacherTask; label: string; kind: 'chat'; chatType: ChatType; hint: string; needs?: TeacherPerm }
  | { key: 'smartQuestion' | 'smartGrading'; label: string; kind: 'panel'; needs?: TeacherPerm };
/** The permission an entry needs (spec 6). */
export type TeacherPerm = 'aiJudge' | 'teachingAnalysis';

export const TEACHER_MENU: readonly {
  key: string;
  title: string;
  entries: readonly TeacherMenuEntryDef[];
}[] = [
  {
    key: 'construction',
    title: '课程建设',
    entries: [
      {
        key: 'knowledgeGraph',
        label: '知识图谱',
        kind: 'chat',
        chatType: 'teacherQa',
        hint: '输入课程或章节名称，生成知识点图谱',
      },
      {
        key: 'teachingCase',
        label: '教学案例',
        kind: 'chat',
        chatType: 'teacherQa',
        hint: '输入知识点，生成教学案例',
      },
      {
        key: 'politicalCase',
        label: '思政案例',
        kind: 'chat',
        chatType: 'teacherQa',
        hint: '输入知识点，生成课程思政案例',
      },
      {
        key: 'teachingPlan',
        label: '教学计划',
        kind: 'chat',
        chatType: 'teacherQa',
        hint: '输入学时与目标，生成教学计划',
      },
    ],
  },
  {
    key: 'practice',
    title: '实践教学',
    entries: [
      {
        key: 'expRecommend',
        label: '实验推荐',
        kind: 'chat',
        chatType: 'expRecommend',
        hint: '说说课程与学生情况，推荐实验',
      },
      {
        key: 'expCase',
        label: '实验案例',
        kind: 'chat',
        chatType: 'teacherQa',
        hint: '输入实验主题，生成实验案例',
      },
      {
        key: 'practiceTopic',
        label: '实践题目生成',
        kind: 'chat',
        chatType: 'teacherQa',
        hint: '输入方向，生成实践题目',
      },
    ],
  },
  {
    key: 'assessment',
    title: '智能评估',
    entries: [
      { key: 'smartQuestion', label: '智能出题', kind: 'panel' },
      { key: 'smartGrading', label: '智能判题', kind: 'panel', needs: 'aiJudge' },
      {
        key: 'commonInsight',
        label: '共性洞察',
        kind: 'chat',
        chatType: 'teacherQa',
        hint: '分析本课程作业中的共性问题',
      },
    ],
  },
  {
    key: 'management',
    title: '教学管理',
    entries: [
      {
        key: 'courseAnalysis',
        label: '课程分析',
        kind: 'chat',
        chatType: 'teacherQa',
        hint: '分析本课程的学习与作业情况',
        needs: 'teachingAnalysis',
      },
    ],
  },
];

// Permission context (spec 3 and 6) ----------------------------------------------------------------

/** Organisation permission keys the assistants read (GET base/organ/permissions answers key -> value). */
export const ASSISTANT_PERMISSION_KEYS = {
  qabot: 'qabot',
  batchAiQuestion: 'batchAiQuestion',
  aiTeachingAnalysis: 'aiTeachingAnalysis',
} as const;
export const QABOT_ENABLED = 2;
export const BATCH_AI_QUESTION_ENABLED = 2;

/** `GET {ASSISTANT_BASE}/context?scene=&courseId=`: the assistant permission context of spec 3. */
export const assistantContextQuery = z.object({
  scene: assistantScene,
  courseId: z.coerce
    .number({ error: '课程ID格式不正确' })
    .int('课程ID格式不正确')
    .positive('课程ID格式不正确')
    .optional(),
  contentId: z.coerce
    .number({ error: '内容ID格式不正确' })
    .int('内容ID格式不正确')
    .positive('内容ID格式不正确')
    .optional(),
});
export type AssistantContextQuery = z.infer<typeof assistantContextQuery>;
export const assistantContext = z.object({
  scene: assistantScene,
  courseId: z.number().int().nullable(),
  contentId: z.number().int().nullable(),
  courseName: z.string().nullable(),
  /** spec 6: organisation qabot = 2 and a student or teacher (the mentor: a student) */
  hasAiPerm: z.boolean(),
  /** spec 6: batch AI question permission = 2 (智能判题) */
  hasAiJudgePerm: z.boolean(),
  /** spec 6: AI teaching analysis permission truthy (课程分析) */
  hasTeachingAnalysisPerm: z.boolean(),
  isStudent: z.boolean(),
  isTeacher: z.boolean(),
  /** the course has indexed knowledge-base passages */
  hasKnowledge: z.boolean(),
  /** today's questions left for this user (and course), the smaller of the two quotas */
  remaining: z.number().int(),
});
export type AssistantContext = z.infer<typeof assistantContext>;

// Conversations ------------------------------------------------------------------------------------

export const CONVERSATION_TITLE_MAX = 40;

export const ASSISTANT_MSG = {
  noPermission: '暂无权限',
  notEnabled: '当前机构未开通AI助手',
  courseRequired: '请在课程中使用AI助手',
  contentRequired: '请在实验、实训或课件页面中使用AI助手',
  contentNotFound: '内容不存在或未发布',
  notCourseMember: '你不是该课程的成员',
  conversationNotFound: '会话不存在或已删除',
  messageNotFound: '消息不存在',
  titleRequired: '请输入会话名称',
  titleTooLong: `会话名称最多${CONVERSATION_TITLE_MAX}个字`,
  queryRequired: '请输入问题',
  queryTooLong: '问题最多4000字',
  chatTypeNotAllowed: '当前身份不能使用该功能',
  sceneMismatch: '会话与当前场景不一致',
  tooManyFiles: '最多上传3个文件',
  fileTypeNotAllowed: '仅支持ppt、pptx、doc、docx、pdf、csv、xls、xlsx、png、jpeg、jpg、webp格式的文件',
  documentTooLarge: '文档大小不能超过50MB',
  imageTooLarge: '图片大小不能超过10MB',
  fileUnreadable: (name: string) => `文件「${name}」无法读取内容`,
  fileNotReady: '文件还在解析中，请稍后再发送',
  /** an image given with a question while the model reads text only (LLM vision is not wired) */
  imageTextOnly: '图片已上传，当前模型只读取文字内容',
  userQuotaExceeded: '今日提问次数已用完，请明天再来',
  courseQuotaExceeded: '本课程今日的AI提问次数已用完，请明天再来',
  answering: '上一个问题还在回答中，请稍候',
  stopped: '已停止回答',
  interrupted: '回答中断，请重新提问',
  teachingAnalysisRequired: '当前机构未开通课程分析',
  aiJudgeRequired: '当前机构未开通智能判题',
  consentRequired: '请先同意职业导师读取你的简历与求职信息',
  materialTitleRequired: '请输入资料名称',
  materialTitleTooLong: '资料名称最多60个字',
  materialBodyRequired: '请输入资料内容',
  materialTooLong: '资料内容最多200000字',
  materialNotFound: '资料不存在或已删除',
  passageNotFound: '引用的内容不存在或已删除',
  notCourseTeacher: '只有本课程的教师可以管理知识库',
} as const;

export const conversationTitle = z
  .string({ error: ASSISTANT_MSG.titleRequired })
  .trim()
  .min(1, ASSISTANT_MSG.titleRequired)
  .max(CONVERSATION_TITLE_MAX, ASSISTANT_MSG.titleTooLong);

/** `GET {ASSISTANT_BASE}/conversations?scene=&courseId=&pageNumber=&pageSize=`, newest first. */
export const conversationListQuery = z.object({
  scene: assistantScene,
  courseId: z.coerce.number().int().positive().optional(),
  contentId: z.coerce.number().int().positive().optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type ConversationListQuery = z.infer<typeof conversationListQuery>;

export const conversation = z.object({
  id: z.number().int(),
  scene: assistantScene,
  courseId: z.number().int().nullable(),
  contentId: z.number().int().nullable(),
  title: z.string(),
  /** epoch ms */
  createAt: z.number().int(),
  updateAt: z.number().int(),
  /** an answer of this conversation is being written now */
  answering: z.boolean(),
});
export type Conversation = z.infer<typeof conversation>;

/**
 * The list's query with `userId`: a course's teacher lists a student's conversations of the course (the
 * study companion's course scenes) when the school allows it (ASSISTANT_TEACHER_READS_CONVERSATIONS).
 */
export const conversationListQueryWithUser = conversationListQuery.extend({
  userId: z.coerce
    .number({ error: '用户ID格式不正确' })
    .int('用户ID格式不正确')
    .positive('用户ID格式不正确')
    .optional(),
});

/** A numeric id in a path. */
const pathId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
/** `…/conversations/{id}` (a malformed id: 400 会话不存在或已删除). */
export const conversationIdParams = z.object({ id: pathId(ASSISTANT_MSG.conversationNotFound) });
/** `…/messages/{id}/…` (a malformed id: 400 消息不存在). */
export const messageIdParams = z.object({ id: pathId(ASSISTANT_MSG.messageNotFound) });
/** `…/{courseId}/usage` (and the knowledge base's `…/{courseId}/materials`). */
export const assistantCourseParams = z.object({ courseId: pathId('课程ID格式不正确') });

/** `PATCH {ASSISTANT_BASE}/conversations/{id}`. */
export const renameConversationBody = z.object({ title: conversationTitle });

// Messages ------------------------------------------------------------------------------------------

export const MESSAGE_STATUSES = ['Streaming', 'Done', 'Stopped', 'Failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A passage an answer used (knowledge base on). `n` is the number the answer cites as [n]. */
export const citation = z.object({
  n: z.number().int(),
  passageId: z.number().int(),
  materialId: z.number().int(),
  materialTitle: z.string(),
  /** the heading the passage sits under, if any */
  heading: z.string().nullable(),
  /** the first characters of the passage */
  excerpt: z.string(),
});
export type Citation = z.infer<typeof citation>;

/** A file given with a question: its text went to the model, or it could not be read (and says so). */
export const messageFile = z.object({
  fileId: z.number().int(),
  name: z.string(),
  kind: z.enum(['document', 'image']),
  /** Ready: text extracted; Failed: unreadable (message says why) */
  status: z.enum(['Ready', 'Failed']),
  message: z.string().nullable(),
  chars: z.number().int(),
});
export type MessageFile = z.infer<typeof messageFile>;

export const assistantMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  role: z.enum(['user', 'assistant']),
  chatType: chatType,
  teacherTask: teacherTask.nullable(),
  content: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** why an answer failed or stopped, in words fit to show */
  error: z.string().nullable(),
  citations: z.array(citation),
  files: z.array(messageFile),
  /** the diagram chat types: the Mermaid source checked on the server, or null when none passed */
  diagram: z.string().nullable(),
  createAt: z.number().int(),
});
export type AssistantMessage = z.infer<typeof assistantMessage>;

/** `GET {ASSISTANT_BASE}/conversations/{id}/messages?pageNumber=&pageSize=`: oldest first within a page of the newest. */
export const messageListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

// The chat call -------------------------------------------------------------------------------------

export const ASSISTANT_LIMITS = {
  maxQueryLength: 4000,
  maxFiles: 3,
  documentMaxBytes: 50 * 1024 * 1024,
  imageMaxBytes: 10 * 1024 * 1024,
  /** history turns sent to the model with a question */
  historyTurns: 10,
  /** passages given to the model with the knowledge base on */
  citedPassages: 5,
  /** characters of one file's text given to the model */
  fileChars: 20_000,
  /** default quotas (ASSISTANT_USER_DAILY / ASSISTANT_COURSE_DAILY override them) */
  userDaily: 100,
  courseDaily: 2000,
} as const;

/** The upload types of spec 2.15 (by file name ending) and their kind. */
export const ASSISTANT_UPLOAD_EXTENSIONS = {
  ppt: 'document',
  pptx: 'document',
  doc: 'document',
  docx: 'document',
  pdf: 'document',
  csv: 'document',
  xls: 'document',
  xlsx: 'document',
  png: 'image',
  jpeg: 'image',
  jpg: 'image',
  webp: 'image',
} as const;
export const ASSISTANT_UPLOAD_ACCEPT = Object.keys(ASSISTANT_UPLOAD_EXTENSIONS)
  .map((e) => `.${e}`)
  .join(',');

/** The browser's check before an upload (the server checks again from the bytes): a message, or null. */
export const checkAssistantUpload = (
  file: { name: string; size: number },
  alreadyChosen: number,
): string | null => {
  if (alreadyChosen >= ASSISTANT_LIMITS.maxFiles) return ASSISTANT_MSG.tooManyFiles;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const kind = (ASSISTANT_UPLOAD_EXTENSIONS as Record<string, 'document' | 'image'>)[ext];
  if (!kind) return ASSISTANT_MSG.fileTypeNotAllowed;
  if (kind === 'image' && file.size > ASSISTANT_LIMITS.imageMaxBytes) return ASSISTANT_MSG.imageTooLarge;
  if (kind === 'document' && file.size > ASSISTANT_LIMITS.documentMaxBytes)
    return ASSISTANT_MSG.documentTooLarge;
  return null;
};

/**
 * `POST {ASSISTANT_BASE}/chat`: asks a question; the answer streams back as server-sent events (each
 * `data:` line one `ChatEvent`). The answer is written by a server-side task that goes on when the page
 * closes; `GET {ASSISTANT_BASE}/messages/{id}/stream?offset=` rejoins it.
 */
export const chatBody = z.object({
  /** continue this conversation; without it a new one is made (titled from the question) */
  conversationId: z.number().int().positive().optional(),
  scene: assistantScene,
  courseId: z.number().int().positive().optional(),
  /** the CONTENT_SCENES' catalogue item */
  contentId: z.number().int().positive().optional(),
  /** HomeworkAnswer / ExerciseAnswer: the homework (or exercise set) being answered, for the guard */
  homeworkId: z.number().int().positive().optional(),
  chatType: chatType,
  teacherTask: teacherTask.optional(),
  query: z
    .string({ error: ASSISTANT_MSG.queryRequired })
    .trim()
    .min(1, ASSISTANT_MSG.queryRequired)
    .max(ASSISTANT_LIMITS.maxQueryLength, ASSISTANT_MSG.queryTooLong),
  /** files uploaded with `POST {ASSISTANT_BASE}/files` */
  fileIds: z
    .array(z.number().int().positive())
    .max(ASSISTANT_LIMITS.maxFiles, ASSISTANT_MSG.tooManyFiles)
    .default([]),
  /** answer from the course's knowledge base and cite it */
  knowledge: z.boolean().default(false),
});
export type ChatBody = z.infer<typeof chatBody>;

/** One event of the chat stream. `offset` is the answer's length in characters after this event. */
export type ChatEvent =
  | {
      event: 'meta';
      conversationId: number;
      messageId: number;
      userMessageId: number;
      taskId: string;
      title: string;
    }
  | {
      event: 'message';
      answer: string;
      offset: number;
      /**
       * The answer's whole text replaces what was shown (the homework guard replaced an answer that gave
       * the homework away): `answer` is then the full text, not a delta.
       */
      replace?: true;
    }
  | { event: 'citations'; citations: Citation[] }
  | {
      event: 'done';
      status: Exclude<MessageStatus, 'Streaming'>;
      diagram: string | null;
      error: string | null;
    }
  | { event: 'error'; answer: string };

/** `GET {ASSISTANT_BASE}/messages/{id}/stream?offset=`: the text from `offset` on, then live deltas. */
export const rejoinQuery = z.object({ offset: z.coerce.number().int().min(0).default(0) });

// Uploads -------------------------------------------------------------------------------------------

/** `POST {ASSISTANT_BASE}/files` (multipart, one file): stored, checked, its text extracted. */
export const assistantFile = messageFile.extend({ size: z.number().int() });
export type AssistantFile = z.infer<typeof assistantFile>;

// Knowledge base ------------------------------------------------------------------------------------

export const MATERIAL_STATUSES = ['Indexing', 'Indexed', 'Failed'] as const;
export const courseMaterial = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  kind: z.enum(['File', 'Note']),
  title: z.string(),
  fileName: z.string().nullable(),
  status: z.enum(MATERIAL_STATUSES),
  error: z.string().nullable(),
  passages: z.number().int(),
  chars: z.number().int(),
  createAt: z.number().int(),
});
export type CourseMaterial = z.infer<typeof courseMaterial>;

/** `POST {ASSISTANT_BASE}/{courseId}/materials`: a note written in the product (a file goes by multipart). */
export const createNoteMaterialBody = z.object({
  title: z
    .string({ error: ASSISTANT_MSG.materialTitleRequired })
    .trim()
    .min(1, ASSISTANT_MSG.materialTitleRequired)
    .max(60, ASSISTANT_MSG.materialTitleTooLong),
  body: z
    .string({ error: ASSISTANT_MSG.materialBodyRequired })
    .trim()
    .min(1, ASSISTANT_MSG.materialBodyRequired)
    .max(200_000, ASSISTANT_MSG.materialTooLong),
});

/** Materials of a course's knowledge base per page (the teacher's 知识库 tab). */
export const MATERIAL_PAGE_SIZE = 10;
/** The files a teacher may upload to the knowledge base (by file name ending; the server checks the bytes). */
export const MATERIAL_UPLOAD_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'csv',
  'txt',
  'md',
] as const;
export const MATERIAL_UPLOAD_ACCEPT = MATERIAL_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');
export const MATERIAL_MSG = {
  typeNotAllowed: `仅支持${MATERIAL_UPLOAD_EXTENSIONS.join('、')}格式的资料文件`,
  tooLarge: ASSISTANT_MSG.documentTooLarge,
  empty: '文件内容为空',
} as const;

/** The browser's check before a material upload (the server checks again): a message, or null. */
export const checkMaterialUpload = (file: { name: string; size: number }): string | null => {
  const dot = file.name.lastIndexOf('.');
  const ext = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(MATERIAL_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return MATERIAL_MSG.typeNotAllowed;
  if (file.size > ASSISTANT_LIMITS.documentMaxBytes) return MATERIAL_MSG.tooLarge;
  if (file.size === 0) return MATERIAL_MSG.empty;
  return null;
};

/** `GET {ASSISTANT_BASE}/passages/{id}`: the passage a citation opens, with its neighbours' headings. */
export const knowledgePassage = z.object({
  id: z.number().int(),
  materialId: z.number().int(),
  materialTitle: z.string(),
  courseId: z.number().int(),
  heading: z.string().nullable(),
  text: z.string(),
  /** 1-based position among the material's passages, and how many there are */
  position: z.number().int(),
  count: z.number().int(),
});
export type KnowledgePassage = z.infer<typeof knowledgePassage>;

/** `GET {ASSISTANT_BASE}/{courseId}/materials?pageNumber=&pageSize=`, newest first (added by as-kb). */
export const materialListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MaterialListQuery = z.infer<typeof materialListQuery>;
export const materialPage = z.object({ rows: z.array(courseMaterial), total: z.number().int() });
export type MaterialPage = z.infer<typeof materialPage>;

/** The most characters of text a material file may give (a longer one is Failed: split it). */
export const MATERIAL_FILE_MAX_CHARS = 1_000_000;

/** Knowledge-base messages besides ASSISTANT_MSG's (added by as-kb). */
export const KNOWLEDGE_MSG = {
  courseIdInvalid: '课程ID格式不正确',
  fileRequired: '请选择要上传的资料文件',
  fileTypeNotAllowed: MATERIAL_MSG.typeNotAllowed,
  fileTooLong: '资料文字超过100万字，请拆分后上传',
  fileEmpty: '文件中没有文字内容',
} as const;

// Usage (issue 16 part 7) ---------------------------------------------------------------------------

/** `GET {ASSISTANT_BASE}/{courseId}/usage?days=`: figures for the course's teachers (no conversation text). */
export const usageQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(14) });
export const courseUsage = z.object({
  courseId: z.number().int(),
  days: z.array(z.object({ day: z.string(), questions: z.number().int(), users: z.number().int() })),
  totalQuestions: z.number().int(),
  activeStudents: z.number().int(),
  byChatType: z.array(z.object({ chatType, questions: z.number().int() })),
  /** the school allows teachers to read students' conversations (ASSISTANT_TEACHER_READS_CONVERSATIONS) */
  conversationsVisible: z.boolean(),
});
export type CourseUsage = z.infer<typeof courseUsage>;

// Career mentor consent (issue 16 part 8) ----------------------------------------------------------

/** `GET/PUT {ASSISTANT_BASE}/mentor/consent`: whether the mentor may read the resume, intention, deliveries. */
export const mentorConsent = z.object({ granted: z.boolean() });
export type MentorConsent = z.infer<typeof mentorConsent>;
