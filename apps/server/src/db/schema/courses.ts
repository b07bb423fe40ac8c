import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { organisations } from './organisations';
import { users } from './users';

/*
 * Courses (spec 001 sections 2.10, 3, 4, 7, 8; issue 11): a teacher's course, its teaching classes with
 * class codes students join by, and the course's members with each student's own pin and archive.
 */

/** A course taught by a teacher (its creator). */
export const courses = pgTable(
  'courses',
  {
    id: identityId(),
    teacherId: ownerRef('teacher_id', () => users.id),
    name: text('name').notNull(),
    /** Theory (理论) or Train (实践) */
    type: text('type').notNull().default('Theory'),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** One of the five cover styles (0 to 4); null: chosen from the last digit of the id (spec 2.10). */
    coverStyle: integer('cover_style'),
    /** The school (organisation) the course belongs to; null for a course made before schools were kept. */
    schoolId: bigint('school_id', { mode: 'number' }).references(() => organisations.id, {
      onDelete: 'set null',
    }),
    /** When the teacher archived the whole course (students keep seeing it in their archive). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_teacher_idx').on(t.teacherId, t.id),
    check('courses_type_check', sql`${t.type} in ('Theory', 'Train')`),
    check('courses_cover_style_check', sql`${t.coverStyle} is null or ${t.coverStyle} between 0 and 4`),
  ],
);

/**
 * A teaching class of a course (course_teach_class): the class code students join by, and the organisation
 * whose members may join (a school, a college or a class organisation). A closed class takes nobody new.
 */
export const teachingClasses = pgTable(
  'teaching_classes',
  {
    id: identityId(),
    courseId: ownerRef('course_id', () => courses.id),
    name: text('name').notNull(),
    /** The class code: unambiguous upper-case letters and digits, unique over all classes. */
    code: text('code').notNull(),
    organisationId: ownerRef('organisation_id', () => organisations.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teaching_classes_code_idx').on(t.code),
    index('teaching_classes_course_idx').on(t.courseId, t.id),
  ],
);

/**
 * A member of a course: a student who joined through a teaching class (or a co-teacher). Each member pins
 * (focus) and archives the course for themselves.
 */
export const courseMembers = pgTable(
  'course_members',
  {
    courseId: ownerRef('course_id', () => courses.id),
    userId: ownerRef('user_id', () => users.id),
    /** The teaching class joined through; null once the class is gone (the member stays). */
    classId: bigint('class_id', { mode: 'number' }).references(() => teachingClasses.id, {
      onDelete: 'set null',
    }),
    /** Student or Teacher (spec 001 section 6: the course member type) */
    memberType: text('member_type').notNull().default('Student'),
    focus: boolean('focus').notNull().default(false),
    /** When the member pinned the course (pinned courses come first, the latest pin first). */
    focusedAt: timestamp('focused_at', { withTimezone: true }),
    /** When the member archived the course for themselves; null: active. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_members_user_idx').on(t.userId, t.archivedAt),
    index('course_members_class_idx').on(t.classId),
    // the roster's order (latest joined first): a page is read off the index, not sorted from the whole
    // course (issue 17, scripts/load/lists-at-scale.ts)
    index('course_members_course_joined_idx').on(t.courseId, t.joinedAt, t.userId),
    check('course_members_type_check', sql`${t.memberType} in ('Student', 'Teacher')`),
  ],
);
