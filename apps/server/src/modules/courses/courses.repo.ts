import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseMembers, courses, memberships, organisations, teachingClasses, users } from '../../db/schema';

/**
 * A course with the asking user's place in it: its teacher (creator), a member (with the member type and
 * the member's own archive), or neither. Null when the course does not exist.
 */
export const findCourseWithMember = async (db: Db, courseId: number, userId: number) => {
  const [row] = await db
    .select({
      id: courses.id,
      name: courses.name,
      teacherId: courses.teacherId,
      archivedAt: courses.archivedAt,
      memberType: courseMembers.memberType,
      memberArchivedAt: courseMembers.archivedAt,
    })
    .from(courses)
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, userId)))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? null;
};

/** Case-insensitive "contains" (no LIKE wildcards to escape). */
const contains = (column: SQLWrapper, text: string) => sql`strpos(lower(${column}), lower(${text})) > 0`;

// ---------------------------------------------------------------------------------------------------------
// Courses

export type CourseValues = {
  teacherId: number;
  name: string;
  type: 'Theory' | 'Train';
  startTime: Date | null;
  endTime: Date | null;
  coverStyle: number | null;
  schoolId: number | null;
};

export const insertCourse = async (db: Db, values: CourseValues) => {
  const [row] = await db.insert(courses).values(values).returning();
  if (!row) throw new Error('course insert returned no row');
  return row;
};

export const updateCourse = async (
  db: Db,
  id: number,
  values: Partial<Omit<CourseValues, 'teacherId'>> & { archivedAt?: Date | null; updatedAt: Date },
) => {
  const [row] = await db.update(courses).set(values).where(eq(courses.id, id)).returning();
  return row ?? null;
};

/** A course with its teacher's name. */
export const findCourse = async (db: Db, id: number) => {
  const [row] = await db
    .select({
      id: courses.id,
      teacherId: courses.teacherId,
      name: courses.name,
      type: courses.type,
      startTime: courses.startTime,
      endTime: courses.endTime,
      coverStyle: courses.coverStyle,
      schoolId: courses.schoolId,
      archivedAt: courses.archivedAt,
      createdAt: courses.createdAt,
      creator: users.name,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.teacherId))
    .where(eq(courses.id, id))
    .limit(1);
  return row ?? null;
};
export type CourseRow = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

/*
 * Counts in correlated subqueries name their tables in full: drizzle leaves columns unqualified in a
 * one-table query, where `course_id = id` would compare two columns of the inner table.
 */
const studentCountOfCourse = sql<number>`(select count(*)::int from course_members cm where cm.course_id = ${courses}.id and cm.member_type = 'Student')`;
const classCountOfCourse = sql<number>`(select count(*)::int from teaching_classes tc where tc.course_id = ${courses}.id)`;

/** A page of a teacher's courses, newest first (courses_teacher_idx: teacher_id, id). */
export const pageCoursesOfTeacher = async (
  db: Db,
  opts: { teacherId: number; archived: boolean; search: string; offset: number; limit: number },
) => {
  const where = and(
    eq(courses.teacherId, opts.teacherId),
    opts.archived ? isNotNull(courses.archivedAt) : isNull(courses.archivedAt),
    opts.search ? contains(courses.name, opts.search) : undefined,
  );
  const rows = await db
    .select({
      id: courses.id,
      name: courses.name,
      type: courses.type,
      startTime: courses.startTime,
      endTime: courses.endTime,
      coverStyle: courses.coverStyle,
      archivedAt: courses.archivedAt,
      createdAt: courses.createdAt,
      classCount: classCountOfCourse,
      studentCount: studentCountOfCourse,
    })
    .from(courses)
    .where(where)
    .orderBy(desc(courses.id))
    .offset(opts.offset)
    .limit(opts.limit);
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  return { rows, total: total?.n ?? 0 };
};

// ---------------------------------------------------------------------------------------------------------
// The student's list

/**
 * A page of a student's courses: the active ones (neither the member nor the teacher archived it) or the
 * archived ones (either did). Pinned first (latest pin first), then the latest joined.
 * The rows are found through course_members_user_idx (user_id, archived_at): the active list reads the
 * index range user_id = ? and archived_at is null; the archived list the range user_id = ?.
 */
export const pageStudyCourses = async (
  db: Db,
  opts: {
    userId: number;
    archived: boolean;
    types: readonly string[];
    search: string;
    offset: number;
    limit: number;
  },
) => {
  const where = and(
    eq(courseMembers.userId, opts.userId),
    eq(courseMembers.memberType, 'Student'),
    opts.archived
      ? or(isNotNull(courseMembers.archivedAt), isNotNull(courses.archivedAt))
      : and(isNull(courseMembers.archivedAt), isNull(courses.archivedAt)),
    inArray(courses.type, [...opts.types]),
    opts.search
      ? or(
          contains(courses.name, opts.search),
          sql`strpos(${teachingClasses.code}, upper(${opts.search})) > 0`,
        )
      : undefined,
  );
  const rows = await db
    .select({
      id: courses.id,
      name: courses.name,
      type: courses.type,
      startTime: courses.startTime,
      endTime: courses.endTime,
      coverStyle: courses.coverStyle,
      courseArchivedAt: courses.archivedAt,
      creator: users.name,
      focus: courseMembers.focus,
      memberArchivedAt: courseMembers.archivedAt,
      joinedAt: courseMembers.joinedAt,
      classId: courseMembers.classId,
      className: teachingClasses.name,
    })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .innerJoin(users, eq(users.id, courses.teacherId))
    .leftJoin(teachingClasses, eq(teachingClasses.id, courseMembers.classId))
    .where(where)
    .orderBy(
      desc(courseMembers.focus),
      sql`${courseMembers.focusedAt} desc nulls last`,
      desc(courseMembers.joinedAt),
      desc(courses.id),
    )
    .offset(opts.offset)
    .limit(opts.limit);
  const [total] = await db
    .select({ n: count() })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .leftJoin(teachingClasses, eq(teachingClasses.id, courseMembers.classId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
};

/** The member row of a user in a course. */
export const findMember = async (db: Db, courseId: number, userId: number) => {
  const [row] = await db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)))
    .limit(1);
  return row ?? null;
};

export const updateMember = async (
  db: Db,
  courseId: number,
  userId: number,
  values: { focus?: boolean; focusedAt?: Date | null; archivedAt?: Date | null },
) => {
  const [row] = await db
    .update(courseMembers)
    .set(values)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)))
    .returning();
  return row ?? null;
};

/** Flips a member's pin in one statement (two quick clicks cannot both pin). */
export const toggleFocus = async (db: Db, courseId: number, userId: number, now: Date) => {
  const [row] = await db
    .update(courseMembers)
    .set({
      focus: sql`not ${courseMembers.focus}`,
      focusedAt: sql`case when ${courseMembers.focus} then null else ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)))
    .returning({ focus: courseMembers.focus });
  return row ?? null;
};

/** Adds a member; false when the user already was one (nothing changes then). */
export const insertMember = async (
  db: Db,
  values: {
    courseId: number;
    userId: number;
    classId: number;
    memberType: 'Student' | 'Teacher';
    joinedAt: Date;
  },
) => {
  const rows = await db.insert(courseMembers).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
};

export const deleteMember = async (db: Db, courseId: number, userId: number) => {
  const rows = await db
    .delete(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)))
    .returning({ userId: courseMembers.userId });
  return rows.length > 0;
};

// ---------------------------------------------------------------------------------------------------------
// Teaching classes

const classColumns = {
  id: teachingClasses.id,
  courseId: teachingClasses.courseId,
  name: teachingClasses.name,
  code: teachingClasses.code,
  organisationId: teachingClasses.organisationId,
  organisationName: organisations.name,
  closedAt: teachingClasses.closedAt,
  createdAt: teachingClasses.createdAt,
  studentCount: sql<number>`(select count(*)::int from course_members cm where cm.class_id = ${teachingClasses}.id and cm.member_type = 'Student')`,
};

/** A page of a course's classes, oldest first (teaching_classes_course_idx: course_id, id). */
export const pageClassesOfCourse = async (
  db: Db,
  opts: { courseId: number; offset: number; limit: number },
) => {
  const rows = await db
    .select(classColumns)
    .from(teachingClasses)
    .innerJoin(organisations, eq(organisations.id, teachingClasses.organisationId))
    .where(eq(teachingClasses.courseId, opts.courseId))
    .orderBy(asc(teachingClasses.id))
    .offset(opts.offset)
    .limit(opts.limit);
  const [total] = await db
    .select({ n: count() })
    .from(teachingClasses)
    .where(eq(teachingClasses.courseId, opts.courseId));
  return { rows, total: total?.n ?? 0 };
};
export type ClassRow = Awaited<ReturnType<typeof pageClassesOfCourse>>['rows'][number];

/** A class with its organisation and student count; null when none. */
export const findClass = async (db: Db, id: number): Promise<ClassRow | null> => {
  const [row] = await db
    .select(classColumns)
    .from(teachingClasses)
    .innerJoin(organisations, eq(organisations.id, teachingClasses.organisationId))
    .where(eq(teachingClasses.id, id))
    .limit(1);
  return row ?? null;
};

/** A class by its (normalized) code (teaching_classes_code_idx). */
export const findClassByCode = async (db: Db, code: string) => {
  const [row] = await db
    .select({ id: teachingClasses.id })
    .from(teachingClasses)
    .where(eq(teachingClasses.code, code))
    .limit(1);
  return row ?? null;
};

/** Inserts a class; null when its code is taken (the caller draws another). */
export const insertClass = async (
  db: Db,
  values: { courseId: number; name: string; code: string; organisationId: number },
) => {
  const [row] = await db
    .insert(teachingClasses)
    .values(values)
    .onConflictDoNothing({ target: teachingClasses.code })
    .returning({ id: teachingClasses.id });
  return row ?? null;
};

/** Updates a class; for a new code, null when the code is taken (the caller draws another). */
export const updateClass = async (
  db: Db,
  id: number,
  values: { name?: string; closedAt?: Date | null; code?: string },
) => {
  if (values.code !== undefined) {
    const taken = await findClassByCode(db, values.code);
    if (taken) return null;
  }
  const [row] = await db
    .update(teachingClasses)
    .set(values)
    .where(eq(teachingClasses.id, id))
    .returning({ id: teachingClasses.id });
  return row ?? null;
};

// ---------------------------------------------------------------------------------------------------------
// Rosters

/** A page of a course's students, latest joined first (course_members_course_joined_idx). */
export const pageStudentsOfCourse = async (
  db: Db,
  opts: { courseId: number; classId?: number; search: string; offset: number; limit: number },
) => {
  const where = and(
    eq(courseMembers.courseId, opts.courseId),
    eq(courseMembers.memberType, 'Student'),
    opts.classId === undefined ? undefined : eq(courseMembers.classId, opts.classId),
    opts.search ? or(contains(users.name, opts.search), contains(users.username, opts.search)) : undefined,
  );
  const rows = await db
    .select({
      userId: courseMembers.userId,
      name: users.name,
      username: users.username,
      classId: courseMembers.classId,
      className: teachingClasses.name,
      joinedAt: courseMembers.joinedAt,
    })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(teachingClasses, eq(teachingClasses.id, courseMembers.classId))
    .where(where)
    .orderBy(desc(courseMembers.joinedAt), desc(courseMembers.userId))
    .offset(opts.offset)
    .limit(opts.limit);
  // The user row is needed only to search: every member has one (user_id references users).
  const counted = db.select({ n: count() }).from(courseMembers);
  const [total] = await (opts.search
    ? counted.innerJoin(users, eq(users.id, courseMembers.userId)).where(where)
    : counted.where(where));
  return { rows, total: total?.n ?? 0 };
};

// ---------------------------------------------------------------------------------------------------------
// Organisations (read only: whom a class is open to, and whom a user belongs to)

/**
 * A page of an organisation and the organisations under it (a school, its colleges and their classes), the
 * school first, then by depth and id; through organisations_parent_idx.
 */
export const pageSubtree = async (
  db: Db,
  opts: { rootId: number; search: string; offset: number; limit: number },
) => {
  const tree = sql`
    with recursive tree as (
      select id, parent_id, name, type, 0 as depth from ${organisations} where id = ${opts.rootId}
      union all
      select o.id, o.parent_id, o.name, o.type, tree.depth + 1
      from ${organisations} o join tree on o.parent_id = tree.id
      where tree.depth < 16
    )`;
  const filter = opts.search ? sql`where strpos(lower(t.name), lower(${opts.search})) > 0` : sql``;
  const rows = (await db.execute(sql`
    ${tree}
    select t.id::text as id, t.name, t.type, p.id::text as parent_id, p.name as parent_name
    from tree t left join ${organisations} p on p.id = t.parent_id
    ${filter}
    order by t.depth, t.id
    offset ${opts.offset} limit ${opts.limit}
  `)) as unknown as {
    rows: { id: string; name: string; type: string; parent_id: string | null; parent_name: string | null }[];
  };
  const totals = (await db.execute(
    sql`${tree} select count(*)::int as n from tree t ${filter}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return { rows: rows.rows, total: Number(totals.rows[0]?.n ?? 0) };
};

/** A user's memberships: the organisation (school or area) and the leaf (college or class) inside it. */
export const listMembershipsOf = (db: Db, userId: number) =>
  db
    .select({
      organisationId: memberships.organisationId,
      leafOrganisationId: memberships.leafOrganisationId,
      identityType: memberships.identityType,
    })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.id));
