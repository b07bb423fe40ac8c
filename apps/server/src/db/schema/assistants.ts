import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { courses } from './courses';
import { files } from './files';
import { users } from './users';

/** A PostgreSQL `tsvector` column (written with to_tsvector('simple', …) from segmented words). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * The AI assistants (issue 16, portal spec 2.15, 3, 6, 7; career spec 6): conversations per user and
 * scene, their messages (an answer is written by a server-side task: `status` Streaming while it runs,
 * `content` flushed as it grows, `heartbeat_at` renewed so an answer whose instance died is seen as
 * interrupted), the files given with questions (their extracted text), a course's knowledge base
 * (materials cut into passages with a full-text column of segmented words), daily usage counters for the
 * quotas and the teachers' figures, and the career mentor's consent.
 */

export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    /** CourseQA … CareerMentorQA (shared ASSISTANT_SCENES) */
    scene: text('scene').notNull(),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'cascade' }),
    /** the CONTENT_SCENES' catalogue item (portal_contents id; no reference: content may be deleted) */
    contentId: bigint('content_id', { mode: 'number' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the panel's list: a user's conversations of a scene (and course), newest first
    index('assistant_conversations_list_idx').on(
      t.userId,
      t.scene,
      t.courseId,
      t.contentId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('assistant_conversations_course_idx').on(t.courseId),
  ],
);

export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: identityId(),
    conversationId: ownerRef('conversation_id', () => assistantConversations.id),
    /** user | assistant */
    role: text('role').notNull(),
    chatType: text('chat_type').notNull(),
    teacherTask: text('teacher_task'),
    content: text('content').notNull().default(''),
    /** Streaming | Done | Stopped | Failed (user messages are Done) */
    status: text('status').notNull().default('Done'),
    error: text('error'),
    /** the stop signal's task id of a streaming answer */
    taskId: text('task_id'),
    citations: jsonb('citations').notNull().default([]),
    /** files given with a user message (shared messageFile rows) */
    files: jsonb('files').notNull().default([]),
    /** the checked Mermaid source of a diagram answer */
    diagram: text('diagram'),
    /** renewed while the answer streams */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** when the first answer text arrived (time to first token) */
    firstTokenAt: timestamp('first_token_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('assistant_messages_conversation_idx').on(t.conversationId, t.id),
    index('assistant_messages_streaming_idx').on(t.status).where(sql`${t.status} = 'Streaming'`),
    check('assistant_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
    check('assistant_messages_status_check', sql`${t.status} in ('Streaming', 'Done', 'Stopped', 'Failed')`),
  ],
);

/** A file uploaded to give to the assistant, with its extracted text (or why it could not be read). */
export const assistantFiles = pgTable(
  'assistant_files',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: ownerRef('user_id', () => users.id),
    name: text('name').notNull(),
    /** document | image */
    kind: text('kind').notNull(),
    /** Ready | Failed */
    status: text('status').notNull(),
    message: text('message'),
    text: text('text').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assistant_files_user_idx').on(t.userId, t.createdAt),
    check('assistant_files_status_check', sql`${t.status} in ('Ready', 'Failed')`),
  ],
);

/** A course's knowledge-base material: a teacher's uploaded file or a note written in the product. */
export const courseMaterials = pgTable(
  'course_materials',
  {
    id: identityId(),
    courseId: ownerRef('course_id', () => courses.id),
    /** File | Note */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    /** a note's text (markdown); a file's extracted text */
    body: text('body').notNull().default(''),
    /** Indexing | Indexed | Failed */
    status: text('status').notNull().default('Indexing'),
    error: text('error'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_materials_course_idx').on(t.courseId, t.id.desc().nullsFirst()),
    check('course_materials_kind_check', sql`${t.kind} in ('File', 'Note')`),
    check('course_materials_status_check', sql`${t.status} in ('Indexing', 'Indexed', 'Failed')`),
  ],
);

/** A passage of a material: what retrieval finds and a citation opens. */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: identityId(),
    materialId: ownerRef('material_id', () => courseMaterials.id),
    courseId: ownerRef('course_id', () => courses.id),
    /** 1-based order within the material */
    position: integer('position').notNull(),
    heading: text('heading'),
    text: text('text').notNull(),
    /** segmented words of heading and text (to_tsvector('simple', …)) */
    search: tsvector('search').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    index('knowledge_passages_material_idx').on(t.materialId, t.position),
    index('knowledge_passages_course_idx').on(t.courseId),
    index('knowledge_passages_search_idx').using('gin', t.search),
  ],
);

/** Questions asked per user, course (0: none) and day: the quotas and the teachers' usage figures. */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    userId: ownerRef('user_id', () => users.id),
    /** 0 when the question belongs to no course (the career mentor) */
    courseId: bigint('course_id', { mode: 'number' }).notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    chatType: text('chat_type').notNull(),
    questions: integer('questions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId, t.day, t.chatType] }),
    index('assistant_usage_course_day_idx').on(t.courseId, t.day),
  ],
);

/** The career mentor's consent to read the student's resume, intention and deliveries. */
export const mentorConsents = pgTable('mentor_consents', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  granted: boolean('granted').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
