import { randomInt } from 'node:crypto';
import {
  type ArchiveResult,
  type ArchiveStatusQuery,
  CLASS_CODE_ALPHABET,
  type ClassIdParams,
  type ClassOrganPage,
  type ClassOrgansQuery,
  COURSE_LIMITS,
  COURSES_MSG,
  type CourseBody,
  type CourseDetail,
  type CourseIdParams,
  type CourseInfoQuery,
  type CourseStudentParams,
  type CourseType,
  type CreateClassBody,
  coverStyleOf,
  type FocusResult,
  isClassCode,
  type JoinCourseBody,
  type JoinCourseInfo,
  type JoinCourseResult,
  normalizeClassCode,
  notJoinedOrganMsg,
  otherSchoolMsg,
  type RemoveStudentResult,
  type RosterPage,
  type RosterQuery,
  type StudyCoursePage,
  type StudyCoursesQuery,
  type TeachingClass,
  type TeachingClassesQuery,
  type TeachingClassPage,
  type TeachingCoursePage,
  type TeachingCoursesQuery,
  type UpdateClassBody,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { getAncestorChain } from '../organisations/organisations.service';
import type { Actor } from '../sessions/actor';
import { assertMayJoin, assertMayTeach, ownsCourse } from './courses.policy';
import * as repo from './courses.repo';

/** The asking user's role in a course (spec 001 section 6), or null: not the course's, or no such course. */
export type CourseRole = 'Teacher' | 'Student';

/**
 * The actor's role in a course: Teacher for its teacher (or a co-teacher member), Student for a student
 * member, null for anyone else and for a course that does not exist (callers answer 404 alike).
 */
export const courseRoleOf = async (opts: { db: Db; actor: Actor; courseId: number }) => {
  const row = await repo.findCourseWithMember(opts.db, opts.courseId, opts.actor.userId);
  if (!row) return null;
  const role: CourseRole | null =
    row.teacherId === opts.actor.userId
      ? 'Teacher'
      : row.memberType === 'Teacher'
        ? 'Teacher'
        : row.memberType === 'Student'
          ? 'Student'
          : null;
  return role ? { role, course: { id: row.id, name: row.name, teacherId: row.teacherId } } : null;
};

const ms = (d: Date | null) => (d ? d.getTime() : null);
const pageOf = (q: { pageNumber: number; pageSize: number }) => ({
  offset: (q.pageNumber - 1) * q.pageSize,
  limit: q.pageSize,
});

// ---------------------------------------------------------------------------------------------------------
// Courses (teacher)

/**
 * A course of a teacher: the course form (`POST course/courses`), the demo data and other areas' tests make
 * them here. `schoolId` is the school (organisation) the course belongs to: its classes open to it and to
 * the colleges and classes under it.
 */
export const createCourseRecord = async (opts: {
  db: Db;
  teacherId: number;
  name: string;
  type?: CourseType;
  startTime?: Date | null;
  endTime?: Date | null;
  coverStyle?: number | null;
  schoolId?: number | null;
}) =>
  repo.insertCourse(opts.db, {
    teacherId: opts.teacherId,
    name: opts.name,
    type: opts.type ?? 'Theory',
    startTime: opts.startTime ?? null,
    endTime: opts.endTime ?? null,
    coverStyle: opts.coverStyle ?? null,
    schoolId: opts.schoolId ?? null,
  });

const detailOf = (
  course: repo.CourseRow,
  role: CourseRole,
  member: { focus: boolean; archivedAt: Date | null } | null,
): CourseDetail => ({
  id: String(course.id),
  name: course.name,
  type: course.type as CourseType,
  startTime: ms(course.startTime),
  endTime: ms(course.endTime),
  creator: course.creator,
  coverStyle: coverStyleOf(course),
  archived: course.archivedAt !== null,
  role,
  selfArchived: role === 'Student' && member?.archivedAt != null,
  focus: role === 'Student' && member?.focus === true,
});

/** The course the path names, of the actor's own; else 404 课程不存在 (students 403 first). */
const ownCourse = async (db: Db, actor: Actor, courseId: string | number) => {
  assertMayTeach(actor);
  const course = await repo.findCourse(db, Number(courseId));
  if (!course || !ownsCourse(actor, course)) throw AppError.notFound(COURSES_MSG.courseNotFound);
  return course;
};

/** An own course that is not archived (editing an archived one: 400 课程已归档，请先恢复课程). */
const ownActiveCourse = async (db: Db, actor: Actor, courseId: string | number) => {
  const course = await ownCourse(db, actor, courseId);
  if (course.archivedAt) throw AppError.badRequest(COURSES_MSG.courseArchivedEdit);
  return course;
};

const courseValues = (body: CourseBody) => ({
  name: body.name,
  type: body.type,
  startTime: new Date(body.startTime),
  endTime: new Date(body.endTime),
  coverStyle: body.coverStyle ?? null,
});

/** `POST course/courses`: a new course of the teacher, in the school they act in. */
export const createCourse = async (opts: {
  db: Db;
  actor: Actor;
  body: CourseBody;
}): Promise<CourseDetail> => {
  assertMayTeach(opts.actor);
  const created = await createCourseRecord({
    db: opts.db,
    teacherId: opts.actor.userId,
    ...courseValues(opts.body),
    schoolId: opts.actor.membership?.organisationId ?? null,
  });
  return teacherDetailOf(opts.db, created.id);
};

/** The course as its teacher sees it, read back after a write. */
const teacherDetailOf = async (db: Db, courseId: number): Promise<CourseDetail> => {
  const course = await repo.findCourse(db, courseId);
  if (!course) throw AppError.notFound(COURSES_MSG.courseNotFound);
  return detailOf(course, 'Teacher', null);
};

/** `PUT course/courses/{id}`: the whole course form again. */
export const updateCourse = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
  body: CourseBody;
  now: Date;
}): Promise<CourseDetail> => {
  const course = await ownActiveCourse(opts.db, opts.actor, opts.params.courseId);
  await repo.updateCourse(opts.db, course.id, { ...courseValues(opts.body), updatedAt: opts.now });
  return teacherDetailOf(opts.db, course.id);
};

/** `POST course/courses/{id}/archive` and `/restore`: the whole course, for everyone in it. */
export const setCourseArchived = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
  archived: boolean;
  now: Date;
}): Promise<ArchiveResult> => {
  const course = await ownCourse(opts.db, opts.actor, opts.params.courseId);
  // Archiving again keeps the first date.
  if (opts.archived !== (course.archivedAt !== null))
    await repo.updateCourse(opts.db, course.id, {
      archivedAt: opts.archived ? opts.now : null,
      updatedAt: opts.now,
    });
  return { archived: opts.archived };
};

/** `GET course/courses/teaching`: a page of the teacher's courses (active or archived), newest first. */
export const pageTeachingCourses = async (opts: {
  db: Db;
  actor: Actor;
  query: TeachingCoursesQuery;
}): Promise<TeachingCoursePage> => {
  assertMayTeach(opts.actor);
  const { rows, total } = await repo.pageCoursesOfTeacher(opts.db, {
    teacherId: opts.actor.userId,
    archived: opts.query.archived === '1',
    search: opts.query.search,
    ...pageOf(opts.query),
  });
  return {
    rows: rows.map((r) => ({
      id: String(r.id),
      name: r.name,
      type: r.type as CourseType,
      startTime: ms(r.startTime),
      endTime: ms(r.endTime),
      coverStyle: coverStyleOf(r),
      archived: r.archivedAt !== null,
      classCount: Number(r.classCount),
      studentCount: Number(r.studentCount),
      createdAt: r.createdAt.getTime(),
    })),
    total,
  };
};

/** `GET course/courses/{id}`: the course's header for anyone in it, with their role; anyone else 404. */
export const getCourse = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
}): Promise<CourseDetail> => {
  const courseId = Number(opts.params.courseId);
  const place = await courseRoleOf({ db: opts.db, actor: opts.actor, courseId });
  const course = place ? await repo.findCourse(opts.db, courseId) : null;
  if (!place || !course) throw AppError.notFound(COURSES_MSG.courseNotFound);
  const member = await repo.findMember(opts.db, courseId, opts.actor.userId);
  return detailOf(course, place.role, member);
};

// ---------------------------------------------------------------------------------------------------------
// The student's course list, pin and archive

/**
 * `GET course/athena/courses/study` (archived: false) and `GET course/courses/archived/study` (true): a page
 * of the courses the actor joined as a student, pinned first (latest pin first), then the latest joined.
 */
export const pageStudyCourses = async (opts: {
  db: Db;
  actor: Actor;
  query: StudyCoursesQuery;
  archived: boolean;
}): Promise<StudyCoursePage> => {
  const { rows, total } = await repo.pageStudyCourses(opts.db, {
    userId: opts.actor.userId,
    archived: opts.archived,
    types: opts.query.types,
    search: opts.query.search,
    ...pageOf(opts.query),
  });
  return {
    rows: rows.map((r) => ({
      id: String(r.id),
      name: r.name,
      startTime: ms(r.startTime),
      endTime: ms(r.endTime),
      creator: r.creator,
      type: r.type as CourseType,
      focus: r.focus,
      coverStyle: coverStyleOf(r),
      classId: r.classId === null ? null : String(r.classId),
      className: r.className,
      courseArchived: r.courseArchivedAt !== null,
      selfArchived: r.memberArchivedAt !== null,
      joinedAt: r.joinedAt.getTime(),
    })),
    total,
  };
};

/** The actor's student membership of a course; 404 课程不存在 when they did not join it as a student. */
const ownMembership = async (db: Db, actor: Actor, courseId: string) => {
  const id = Number(courseId);
  const member = await repo.findMember(db, id, actor.userId);
  if (member?.memberType !== 'Student') throw AppError.notFound(COURSES_MSG.courseNotFound);
  const course = await repo.findCourse(db, id);
  if (!course) throw AppError.notFound(COURSES_MSG.courseNotFound);
  return { member, course };
};

/** `POST course/courses/{id}/students/focus`: pins or unpins (one call for both). */
export const toggleFocus = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
  now: Date;
}): Promise<FocusResult> => {
  const { course } = await ownMembership(opts.db, opts.actor, opts.params.courseId);
  const row = await repo.toggleFocus(opts.db, course.id, opts.actor.userId, opts.now);
  if (!row) throw AppError.notFound(COURSES_MSG.courseNotFound);
  return { focus: row.focus };
};

/** `POST course/courses/archive_status?courseId=`: the student archives the course for themselves. */
export const archiveForStudent = async (opts: {
  db: Db;
  actor: Actor;
  query: ArchiveStatusQuery;
  now: Date;
}): Promise<ArchiveResult> => {
  const { member, course } = await ownMembership(opts.db, opts.actor, opts.query.courseId);
  if (!member.archivedAt)
    await repo.updateMember(opts.db, course.id, opts.actor.userId, { archivedAt: opts.now });
  return { archived: true };
};

/**
 * `POST course/courses/{id}/students/archived`: back from the student's archive. A course the teacher
 * archived stays in the archive (400 该课程已由教师归档，无法恢复).
 */
export const restoreForStudent = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
}): Promise<ArchiveResult> => {
  const { member, course } = await ownMembership(opts.db, opts.actor, opts.params.courseId);
  if (course.archivedAt) throw AppError.badRequest(COURSES_MSG.archivedByTeacher);
  if (!member.archivedAt) throw AppError.badRequest(COURSES_MSG.notArchived);
  await repo.updateMember(opts.db, course.id, opts.actor.userId, { archivedAt: null });
  return { archived: false };
};

// ---------------------------------------------------------------------------------------------------------
// Joining by class code

/** The class a code names, with its course; 400 请输入班级码 when empty, 404 班级码不存在 when unknown. */
const classByCode = async (db: Db, rawCode: string) => {
  const code = normalizeClassCode(rawCode);
  if (!code) throw AppError.badRequest(COURSES_MSG.classCodeRequired);
  const found = isClassCode(code) ? await repo.findClassByCode(db, code) : null;
  const klass = found ? await repo.findClass(db, found.id) : null;
  const course = klass ? await repo.findCourse(db, klass.courseId) : null;
  if (!klass || !course) throw AppError.notFound(COURSES_MSG.classCodeNotFound);
  return { klass, course };
};

/** `GET course/course_teach_class/course_info?code=`: what a class code leads to, before joining. */
export const courseInfo = async (opts: {
  db: Db;
  actor: Actor;
  query: CourseInfoQuery;
}): Promise<JoinCourseInfo> => {
  const { klass, course } = await classByCode(opts.db, opts.query.code);
  const [organ, parent] = await getAncestorChain({ db: opts.db, organisationId: klass.organisationId });
  return {
    overt: klass.closedAt === null && course.archivedAt === null,
    name: course.name,
    courseId: String(course.id),
    className: klass.name,
    creator: course.creator,
    type: course.type as CourseType,
    organ: {
      id: String(klass.organisationId),
      name: organ?.name ?? klass.organisationName,
      parent: parent ? { id: String(parent.id), name: parent.name } : null,
    },
  };
};

/** The organisations a membership puts a user in: its leaf (college or class) and everything above it. */
const organisationsOf = async (db: Db, m: { organisationId: number; leafOrganisationId: number }) => {
  const chains = await Promise.all(
    [m.leafOrganisationId, m.organisationId].map((organisationId) =>
      getAncestorChain({ db, organisationId }),
    ),
  );
  return new Set(chains.flat().map((n) => n.id));
};

/** Adds a student to a class's course (the join, and the demo data); false when already a member. */
export const enrolStudent = async (opts: {
  db: Db;
  classId: number;
  courseId: number;
  userId: number;
  now: Date;
}) =>
  repo.insertMember(opts.db, {
    courseId: opts.courseId,
    userId: opts.userId,
    classId: opts.classId,
    memberType: 'Student',
    joinedAt: opts.now,
  });

/**
 * `POST course/courses/students/joined`: a student joins the course of a class code (spec 5 and 8), in the
 * order a person meets the problems: code required; no organisation; a teacher; unknown code; closed class
 * or archived course; the school they act in (schoolId, default the session's) must be theirs; the class
 * must be open to that school or to a college or class of theirs in it; not twice.
 */
export const joinCourse = async (opts: {
  db: Db;
  actor: Actor;
  body: JoinCourseBody;
  now: Date;
}): Promise<JoinCourseResult> => {
  if (!normalizeClassCode(opts.body.classCode)) throw AppError.badRequest(COURSES_MSG.classCodeRequired);
  assertMayJoin(opts.actor);
  const { klass, course } = await classByCode(opts.db, opts.body.classCode);
  if (klass.closedAt) throw AppError.badRequest(COURSES_MSG.classClosed);
  if (course.archivedAt) throw AppError.badRequest(COURSES_MSG.courseArchivedNoJoin);

  const memberships = await repo.listMembershipsOf(opts.db, opts.actor.userId);
  const schoolId =
    opts.body.schoolId === undefined ? opts.actor.membership?.organisationId : Number(opts.body.schoolId);
  const acting = memberships.find((m) => m.organisationId === schoolId);
  if (!acting) {
    const [school] = schoolId ? await getAncestorChain({ db: opts.db, organisationId: schoolId }) : [];
    if (!school) throw AppError.notFound(COURSES_MSG.schoolNotFound);
    throw AppError.forbidden(notJoinedOrganMsg(school.name));
  }
  if (acting.identityType === 'Teacher') throw AppError.forbidden(COURSES_MSG.teacherCannotOperate);
  if (!(await organisationsOf(opts.db, acting)).has(klass.organisationId)) {
    // Theirs through another of their schools: say which one to switch to.
    for (const other of memberships) {
      if (other === acting || !(await organisationsOf(opts.db, other)).has(klass.organisationId)) continue;
      const [school] = await getAncestorChain({ db: opts.db, organisationId: other.organisationId });
      throw AppError.forbidden(otherSchoolMsg(school?.name ?? klass.organisationName));
    }
    throw AppError.forbidden(notJoinedOrganMsg(klass.organisationName));
  }
  const joined = await enrolStudent({
    db: opts.db,
    classId: klass.id,
    courseId: course.id,
    userId: opts.actor.userId,
    now: opts.now,
  });
  if (!joined) throw AppError.badRequest(COURSES_MSG.alreadyJoined);
  return { courseId: String(course.id), name: course.name, className: klass.name };
};

// ---------------------------------------------------------------------------------------------------------
// Teaching classes

const classOf = (row: repo.ClassRow): TeachingClass => ({
  id: String(row.id),
  courseId: String(row.courseId),
  name: row.name,
  code: row.code,
  organisation: { id: String(row.organisationId), name: row.organisationName },
  closed: row.closedAt !== null,
  studentCount: Number(row.studentCount),
  createdAt: row.createdAt.getTime(),
});

/**
 * Draws fresh class codes: 8 characters of the unambiguous alphabet. An object, so that a test can script
 * the draws (collisions) without replacing node:crypto for the whole test process.
 */
export const classCodeGenerator = {
  draw: (): string =>
    Array.from(
      { length: COURSE_LIMITS.classCodeLength },
      () => CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)],
    ).join(''),
};

/** Draws until a code is free (31^8 codes: a collision is rare; a few draws settle it). */
const withFreshCode = async <T>(attempt: (code: string) => Promise<T | null>) => {
  for (let i = 0; i < 10; i++) {
    const done = await attempt(classCodeGenerator.draw());
    if (done !== null) return done;
  }
  throw new AppError(500, '班级码生成失败，请重试');
};

/** The school a course's classes open to: its own, else (an older course) the teacher's current one. */
const schoolOfCourse = (course: repo.CourseRow, actor: Actor) =>
  course.schoolId ?? actor.membership?.organisationId ?? null;

/**
 * Opens a class in a course (the class form, and the demo data with its fixed codes). A given code must be a
 * free class code; otherwise one is drawn.
 */
export const openClass = async (opts: {
  db: Db;
  courseId: number;
  name: string;
  organisationId: number;
  code?: string;
}): Promise<TeachingClass> => {
  const values = { courseId: opts.courseId, name: opts.name, organisationId: opts.organisationId };
  let inserted: { id: number } | null;
  if (opts.code !== undefined) {
    const code = normalizeClassCode(opts.code);
    if (!isClassCode(code)) throw AppError.badRequest('班级码格式不正确');
    inserted = await repo.insertClass(opts.db, { ...values, code });
    if (!inserted) throw AppError.badRequest('班级码已被使用');
  } else {
    inserted = await withFreshCode((code) => repo.insertClass(opts.db, { ...values, code }));
  }
  const row = await repo.findClass(opts.db, inserted.id);
  if (!row) throw AppError.notFound(COURSES_MSG.classNotFound);
  return classOf(row);
};

/** `GET course/courses/{id}/classes`: a page of the classes of an own course, oldest first. */
export const pageClasses = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
  query: TeachingClassesQuery;
}): Promise<TeachingClassPage> => {
  const course = await ownCourse(opts.db, opts.actor, opts.params.courseId);
  const { rows, total } = await repo.pageClassesOfCourse(opts.db, {
    courseId: course.id,
    ...pageOf(opts.query),
  });
  return { rows: rows.map(classOf), total };
};

/** `POST course/courses/{id}/classes`: a new class, open to the course's school or one under it. */
export const createClass = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
  body: CreateClassBody;
}): Promise<TeachingClass> => {
  const course = await ownActiveCourse(opts.db, opts.actor, opts.params.courseId);
  const organisationId = Number(opts.body.organisationId);
  const schoolId = schoolOfCourse(course, opts.actor);
  const chain = await getAncestorChain({ db: opts.db, organisationId });
  if (schoolId === null || !chain.some((n) => n.id === schoolId))
    throw AppError.badRequest(COURSES_MSG.classOrganNotAllowed);
  return openClass({ db: opts.db, courseId: course.id, name: opts.body.name, organisationId });
};

/** The class the path names, of an own course; else 404 班级不存在. */
const ownClass = async (db: Db, actor: Actor, params: ClassIdParams) => {
  assertMayTeach(actor);
  const klass = await repo.findClass(db, Number(params.classId));
  const course = klass ? await repo.findCourse(db, klass.courseId) : null;
  if (!klass || !course || !ownsCourse(actor, course)) throw AppError.notFound(COURSES_MSG.classNotFound);
  if (course.archivedAt) throw AppError.badRequest(COURSES_MSG.courseArchivedEdit);
  return klass;
};

/** `PUT course/course_teach_class/{classId}`: renames, closes or reopens a class. */
export const updateClass = async (opts: {
  db: Db;
  actor: Actor;
  params: ClassIdParams;
  body: UpdateClassBody;
  now: Date;
}): Promise<TeachingClass> => {
  const klass = await ownClass(opts.db, opts.actor, opts.params);
  const { name, closed } = opts.body;
  const closedAt =
    closed === undefined || closed === (klass.closedAt !== null) ? undefined : closed ? opts.now : null;
  if (name !== undefined || closedAt !== undefined)
    await repo.updateClass(opts.db, klass.id, { name, closedAt });
  const row = await repo.findClass(opts.db, klass.id);
  if (!row) throw AppError.notFound(COURSES_MSG.classNotFound);
  return classOf(row);
};

/** `POST course/course_teach_class/{classId}/code`: a new class code (the old one stops working). */
export const regenerateClassCode = async (opts: {
  db: Db;
  actor: Actor;
  params: ClassIdParams;
}): Promise<TeachingClass> => {
  const klass = await ownClass(opts.db, opts.actor, opts.params);
  await withFreshCode((code) => repo.updateClass(opts.db, klass.id, { code }));
  const row = await repo.findClass(opts.db, klass.id);
  if (!row) throw AppError.notFound(COURSES_MSG.classNotFound);
  return classOf(row);
};

/** `GET course/courses/{id}/class_organs`: the course's school and the colleges and classes under it. */
export const pageClassOrgans = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
  query: ClassOrgansQuery;
}): Promise<ClassOrganPage> => {
  const course = await ownCourse(opts.db, opts.actor, opts.params.courseId);
  const schoolId = schoolOfCourse(course, opts.actor);
  if (schoolId === null) return { rows: [], total: 0 };
  const { rows, total } = await repo.pageSubtree(opts.db, {
    rootId: schoolId,
    search: opts.query.search,
    ...pageOf(opts.query),
  });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type as ClassOrganPage['rows'][number]['type'],
      parent: r.parent_id === null ? null : { id: r.parent_id, name: r.parent_name ?? '' },
    })),
    total,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Rosters

/** `GET course/courses/{id}/students`: a page of an own course's students (optionally of one class). */
export const pageRoster = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseIdParams;
  query: RosterQuery;
}): Promise<RosterPage> => {
  const course = await ownCourse(opts.db, opts.actor, opts.params.courseId);
  const classId = opts.query.classId === undefined ? undefined : Number(opts.query.classId);
  if (classId !== undefined) {
    const klass = await repo.findClass(opts.db, classId);
    if (klass?.courseId !== course.id) throw AppError.notFound(COURSES_MSG.classNotFound);
  }
  const { rows, total } = await repo.pageStudentsOfCourse(opts.db, {
    courseId: course.id,
    classId,
    search: opts.query.search,
    ...pageOf(opts.query),
  });
  return {
    rows: rows.map((r) => ({
      userId: String(r.userId),
      name: r.name,
      username: r.username,
      classId: r.classId === null ? null : String(r.classId),
      className: r.className,
      joinedAt: r.joinedAt.getTime(),
    })),
    total,
  };
};

/** A course's student members and classes, counted (the teaching assistant's course figures, issue 16). */
export const courseCounts = async (opts: { db: Db; courseId: number }) => {
  const [students, classes] = await Promise.all([
    repo.pageStudentsOfCourse(opts.db, { courseId: opts.courseId, search: '', offset: 0, limit: 1 }),
    repo.pageClassesOfCourse(opts.db, { courseId: opts.courseId, offset: 0, limit: 1 }),
  ]);
  return { students: Number(students.total), classes: Number(classes.total) };
};

/** `DELETE course/courses/{id}/students/{userId}`: the student leaves the course; their submissions stay. */
export const removeStudent = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseStudentParams;
}): Promise<RemoveStudentResult> => {
  const course = await ownCourse(opts.db, opts.actor, opts.params.courseId);
  const userId = Number(opts.params.userId);
  const member = await repo.findMember(opts.db, course.id, userId);
  if (member?.memberType !== 'Student' || !(await repo.deleteMember(opts.db, course.id, userId)))
    throw AppError.notFound(COURSES_MSG.studentNotFound);
  return { userId: String(userId) };
};

// ---------------------------------------------------------------------------------------------------------
// Start-up

/** Classes by their codes, with course and organisation (what the start-up lines print for the demo). */
export const findClassesByCodes = async (opts: { db: Db; codes: readonly string[] }) => {
  const found = [];
  for (const code of opts.codes) {
    const hit = await repo.findClassByCode(opts.db, normalizeClassCode(code));
    const klass = hit ? await repo.findClass(opts.db, hit.id) : null;
    const course = klass ? await repo.findCourse(opts.db, klass.courseId) : null;
    if (klass && course) found.push({ ...classOf(klass), courseName: course.name, teacher: course.creator });
  }
  return found;
};
