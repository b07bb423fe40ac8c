import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
import { MSG } from '../core/messages';
import { TEACHING_MSG } from '../question-bank/teaching';

/*
 * Courses (spec 001 sections 2.2, 2.10, 3, 4, 5, 6, 7, 8; issue 11): a teacher's courses and teaching classes
 * with class codes, and a student's course list with join, pin and archive. Paths are under
 * SERVICE_BASES.course (/api/course). Ids are strings; dates are epoch ms (or null).
 *
 * Student (spec paths):
 * `GET  /api/course/athena/courses/study?types=Theory,Train&search=&pageNumber&pageSize` -> StudyCoursePage
 * `GET  /api/course/courses/archived/study?types&search&pageNumber&pageSize`             -> StudyCoursePage
 * `POST /api/course/courses/{courseId}/students/focus`                                   -> FocusResult
 * `POST /api/course/courses/archive_status?courseId=`                                    -> ArchiveResult
 * `POST /api/course/courses/{courseId}/students/archived` (restore)                      -> ArchiveResult
 * `GET  /api/course/course_teach_class/course_info?code=`                                -> JoinCourseInfo
 * `POST /api/course/courses/students/joined` body JoinCourseBody                         -> JoinCourseResult
 *        (the answer's message is COURSES_MSG.joined, 加入课程成功)
 *
 * Teacher:
 * `GET  /api/course/courses/teaching?archived=0|1&search&pageNumber&pageSize`            -> TeachingCoursePage
 * `POST /api/course/courses` body CourseBody                                              -> CourseDetail
 * `PUT  /api/course/courses/{courseId}` body CourseBody                                   -> CourseDetail
 * `POST /api/course/courses/{courseId}/archive`                                           -> ArchiveResult
 * `POST /api/course/courses/{courseId}/restore`                                           -> ArchiveResult
 * `GET  /api/course/courses/{courseId}/classes?pageNumber&pageSize`                       -> TeachingClassPage
 * `POST /api/course/courses/{courseId}/classes` body CreateClassBody                      -> TeachingClass
 * `PUT  /api/course/course_teach_class/{classId}` body UpdateClassBody                    -> TeachingClass
 * `POST /api/course/course_teach_class/{classId}/code` (a new class code)                 -> TeachingClass
 * `GET  /api/course/courses/{courseId}/class_organs?search&pageNumber&pageSize`           -> ClassOrganPage
 * `GET  /api/course/courses/{courseId}/students?classId&search&pageNumber&pageSize`       -> RosterPage
 * `DELETE /api/course/courses/{courseId}/students/{userId}`                               -> RemoveStudentResult
 *
 * Anyone in the course (its teacher or a member):
 * `GET  /api/course/courses/{courseId}` -> CourseDetail (with the asker's role); anyone else: 404.
 *
 * Students only see courses they joined, teachers only their own: another user's ids answer 404; students
 * on teacher calls 403 学生身份暂无权限; teachers joining 403 教师身份不支持操作.
 */

/** Course types: 理论 (Theory) and 实践 (Train). */
export const COURSE_TYPES = ['Theory', 'Train'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];
export const COURSE_TYPE_TITLES: Record<CourseType, string> = { Theory: '理论', Train: '实践' };

/** The asker's role in a course (spec 001 section 6). */
export const COURSE_ROLES = ['Teacher', 'Student'] as const;
export type CourseRoleName = (typeof COURSE_ROLES)[number];

/** Limits of the course calls. */
export const COURSE_LIMITS = {
  maxNameLength: 50,
  maxClassNameLength: 30,
  maxSearchLength: 50,
  classCodeLength: 8,
  /** Cover styles 0 to 4 (spec 2.10: five covers). */
  coverStyles: 5,
} as const;

/** Class-code characters: upper-case letters and digits without the look-alikes 0 O 1 I L. */
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A class code as typed: trimmed, case-insensitive (stored upper-case). */
export const normalizeClassCode = (code: string) => code.trim().toUpperCase();

/** Whether a (normalized) text has the form of a class code. */
export const isClassCode = (code: string) =>
  code.length === COURSE_LIMITS.classCodeLength && [...code].every((c) => CLASS_CODE_ALPHABET.includes(c));

/**
 * The cover style of a course (spec 2.10): its own when the teacher chose one, else the last digit of the id,
 * minus 5 when 5 or more.
 */
export const coverStyleOf = (course: { id: string | number; coverStyle?: number | null }) => {
  if (course.coverStyle !== null && course.coverStyle !== undefined) return course.coverStyle;
  const digit = Number(String(course.id).slice(-1)) || 0;
  return digit >= 5 ? digit - 5 : digit;
};

/** The student list's tab (spec 2.2, query upType): 1 theory, 2 practice, 3 or anything else both. */
export const courseTypesOfUpType = (upType: string | number | null | undefined): CourseType[] =>
  String(upType) === '1' ? ['Theory'] : String(upType) === '2' ? ['Train'] : [...COURSE_TYPES];

/** Texts of the course calls and pages. */
export const COURSES_MSG = {
  courseIdInvalid: TEACHING_MSG.courseIdInvalid,
  classIdInvalid: '班级编号不正确',
  userIdInvalid: '学生编号不正确',
  organisationIdInvalid: '机构编号不正确',
  courseNotFound: TEACHING_MSG.courseNotFound,
  classNotFound: '班级不存在',
  studentNotFound: '该学生不在本课程中',
  typesInvalid: '课程类型只能是理论（Theory）或实践（Train）',
  searchTooLong: `搜索内容最多${COURSE_LIMITS.maxSearchLength}个字符`,
  archivedFlagInvalid: '归档参数只能是0或1',
  // Join course (spec 5 and 8)
  classCodeRequired: '请输入班级码',
  classCodeNotFound: '班级码不存在',
  classClosed: '该班级已关闭，无法加入',
  alreadyJoined: '您已加入该课程',
  joined: '加入课程成功',
  noOrganJoined: MSG.noOrganJoined,
  teacherCannotOperate: MSG.teacherCannotOperate,
  studentNoPermission: MSG.studentNoPermission,
  courseArchivedNoJoin: '该课程已归档，无法加入',
  schoolNotFound: '学校不存在',
  // Course form
  nameRequired: '请输入课程名称',
  nameTooLong: `课程名称最多${COURSE_LIMITS.maxNameLength}个字符`,
  typeInvalid: '请选择课程类型（理论或实践）',
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  endBeforeStart: '结束时间不能早于开始时间',
  coverStyleInvalid: '请选择封面样式',
  // Classes
  classNameRequired: '请输入班级名称',
  classNameTooLong: `班级名称最多${COURSE_LIMITS.maxClassNameLength}个字符`,
  classOrganRequired: '请选择可加入的机构',
  classOrganNotAllowed: '只能向本课程所属学校及其下属学院、班级开放',
  courseArchivedEdit: '课程已归档，请先恢复课程',
  codeRegenerated: '班级码已更新',
  // Pin and archive
  notArchived: '该课程不在归档中',
  archivedByTeacher: '该课程已由教师归档，无法恢复',
  archived: '已归档',
  restored: '已恢复',
  pinned: '已置顶',
  unpinned: '已取消置顶',
  // Pages
  noCourses: '暂无课程',
  searchPlaceholder: '请输入课程名称或班级码',
  studentRemoved: '已移除该学生',
  removeStudentConfirm: '移除后该学生将不能再进入本课程，已提交的作业会保留。确定移除吗？',
} as const;

/** 'You have not joined {organisation}' (spec 8): the class's organisation is not among the user's. */
export const notJoinedOrganMsg = (organisationName: string) => `您尚未加入${organisationName}`;

/** The class belongs to another of the user's schools than the one they act in. */
export const otherSchoolMsg = (schoolName: string) => `该班级属于${schoolName}，请先切换到该机构再加入`;

/** A database id in a path or query: 1 to 15 digits, no leading zero. */
const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');

/** An id in a body: a string or a number of the same form. */
const idValue = (message: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idParam(message));

const courseType = z.enum(COURSE_TYPES, { error: COURSES_MSG.typeInvalid }).describe('Theory or Train');

/** Epoch ms of a date, or null when the course has none. */
const epochMs = z.number().int().nullable();

const searchText = z
  .string()
  .trim()
  .max(COURSE_LIMITS.maxSearchLength, COURSES_MSG.searchTooLong)
  .optional()
  .default('');

/** `types`: a comma list of course types (Theory, Train); empty or absent: both. */
const typesList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const items = (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.some((s) => !(COURSE_TYPES as readonly string[]).includes(s))) {
      ctx.addIssue({ code: 'custom', message: COURSES_MSG.typesInvalid });
      return z.NEVER;
    }
    return items.length ? [...new Set(items as CourseType[])] : [...COURSE_TYPES];
  })
  .describe('comma list: Theory, Train (default both)');

/** Query of the student's lists (active and archived). */
export const studyCoursesQuery = pageQuery.extend({
  types: typesList,
  search: searchText.describe('part of the course name or of the class code'),
});
export type StudyCoursesQuery = z.infer<typeof studyCoursesQuery>;
export type StudyCoursesQueryInput = z.input<typeof studyCoursesQuery>;

/** A course in a student's list (spec 3 'Course (student list)'). */
export const studyCourse = z.object({
  id: z.string(),
  name: z.string(),
  startTime: epochMs,
  endTime: epochMs,
  creator: z.string().describe('the teacher’s name'),
  type: courseType,
  focus: z.boolean().describe('pinned by the student'),
  coverStyle: z.number().int().describe('0 to 4 (coverStyleOf)'),
  classId: z.string().nullable().describe('the teaching class joined through; null once it is gone'),
  className: z.string().nullable(),
  courseArchived: z.boolean().describe('the teacher archived the whole course (not restorable by students)'),
  selfArchived: z.boolean().describe('the student archived it for themselves'),
  joinedAt: z.number().int(),
});
export type StudyCourse = z.infer<typeof studyCourse>;
export const studyCoursePage = pageOf(studyCourse);
export type StudyCoursePage = z.infer<typeof studyCoursePage>;

/** Path of the calls on one course. */
export const courseIdParams = z.object({ courseId: idParam(COURSES_MSG.courseIdInvalid) });
export type CourseIdParams = z.infer<typeof courseIdParams>;

/** Answer of the pin toggle. */
export const focusResult = z.object({ focus: z.boolean().describe('pinned after the call') });
export type FocusResult = z.infer<typeof focusResult>;

/** Query of `POST course/courses/archive_status`. */
export const archiveStatusQuery = z.object({ courseId: idParam(COURSES_MSG.courseIdInvalid) });
export type ArchiveStatusQuery = z.infer<typeof archiveStatusQuery>;

/** Answer of archive and restore calls (the student's own, or the teacher's whole course). */
export const archiveResult = z.object({ archived: z.boolean().describe('archived after the call') });
export type ArchiveResult = z.infer<typeof archiveResult>;

/** Query of the join-course info call. */
export const courseInfoQuery = z.object({
  code: z.string({ error: COURSES_MSG.classCodeRequired }).describe('class code (trimmed, any case)'),
});
export type CourseInfoQuery = z.infer<typeof courseInfoQuery>;

/** An organisation with its parent. */
const organRef = z.object({ id: z.string(), name: z.string() });
export type OrganRef = z.infer<typeof organRef>;

/** Answer of the join-course info call (spec 3 'Join-course info'). */
export const joinCourseInfo = z.object({
  overt: z.boolean().describe('the class takes new students (not closed, course not archived)'),
  name: z.string().describe('the course name'),
  courseId: z.string(),
  className: z.string(),
  creator: z.string().describe('the teacher’s name'),
  type: courseType,
  organ: organRef
    .extend({ parent: organRef.nullable().describe('the organisation above it; null at the top') })
    .describe('the organisation whose members may join'),
});
export type JoinCourseInfo = z.infer<typeof joinCourseInfo>;

/** Body of the join call (spec 7). */
export const joinCourseBody = z.object({
  classCode: z.string({ error: COURSES_MSG.classCodeRequired }).describe('class code (trimmed, any case)'),
  schoolId: idValue(COURSES_MSG.organisationIdInvalid)
    .optional()
    .describe(
      'the organisation the student acts in (the stored organ id); absent: the session’s. It must be one of ' +
        'the student’s organisations, and the class must be open to it or to a college or class under it',
    ),
});
export type JoinCourseBody = z.infer<typeof joinCourseBody>;

/** Answer of the join call. */
export const joinCourseResult = z.object({
  courseId: z.string(),
  name: z.string().describe('the course name'),
  className: z.string(),
});
export type JoinCourseResult = z.infer<typeof joinCourseResult>;

/** Query of the teacher's list. */
export const teachingCoursesQuery = pageQuery.extend({
  archived: z
    .enum(['0', '1'], { error: COURSES_MSG.archivedFlagInvalid })
    .optional()
    .default('0')
    .describe('1: the archived courses'),
  search: searchText.describe('part of the course name'),
});
export type TeachingCoursesQuery = z.infer<typeof teachingCoursesQuery>;

/** A course in the teacher's list. */
export const teachingCourse = z.object({
  id: z.string(),
  name: z.string(),
  type: courseType,
  startTime: epochMs,
  endTime: epochMs,
  coverStyle: z.number().int(),
  archived: z.boolean(),
  classCount: z.number().int(),
  studentCount: z.number().int(),
  createdAt: z.number().int(),
});
export type TeachingCourse = z.infer<typeof teachingCourse>;
export const teachingCoursePage = pageOf(teachingCourse);
export type TeachingCoursePage = z.infer<typeof teachingCoursePage>;

/** Body of creating and editing a course (an edit sends the whole form). */
export const courseBody = z
  .object({
    name: z
      .string({ error: COURSES_MSG.nameRequired })
      .trim()
      .min(1, COURSES_MSG.nameRequired)
      .max(COURSE_LIMITS.maxNameLength, COURSES_MSG.nameTooLong),
    type: courseType,
    startTime: z
      .number({ error: COURSES_MSG.startRequired })
      .int(COURSES_MSG.startRequired)
      .describe('epoch ms'),
    endTime: z.number({ error: COURSES_MSG.endRequired }).int(COURSES_MSG.endRequired).describe('epoch ms'),
    coverStyle: z
      .number({ error: COURSES_MSG.coverStyleInvalid })
      .int(COURSES_MSG.coverStyleInvalid)
      .min(0, COURSES_MSG.coverStyleInvalid)
      .max(COURSE_LIMITS.coverStyles - 1, COURSES_MSG.coverStyleInvalid)
      .nullish()
      .describe('0 to 4; null or absent: chosen from the id'),
  })
  .refine((b) => b.endTime >= b.startTime, { message: COURSES_MSG.endBeforeStart, path: ['endTime'] });
export type CourseBody = z.infer<typeof courseBody>;
export type CourseBodyInput = z.input<typeof courseBody>;

/** A course as its pages head it, with the asker's place in it. */
export const courseDetail = z.object({
  id: z.string(),
  name: z.string(),
  type: courseType,
  startTime: epochMs,
  endTime: epochMs,
  creator: z.string().describe('the teacher’s name'),
  coverStyle: z.number().int(),
  archived: z.boolean().describe('the teacher archived the whole course'),
  role: z.enum(COURSE_ROLES).describe('the asker’s role in it'),
  selfArchived: z.boolean().describe('a student: archived for themselves; a teacher: false'),
  focus: z.boolean().describe('a student: pinned; a teacher: false'),
});
export type CourseDetail = z.infer<typeof courseDetail>;

/** Path of the calls on one teaching class. */
export const classIdParams = z.object({ classId: idParam(COURSES_MSG.classIdInvalid) });
export type ClassIdParams = z.infer<typeof classIdParams>;

/** A teaching class of a course. */
export const teachingClass = z.object({
  id: z.string(),
  courseId: z.string(),
  name: z.string(),
  code: z.string().describe('the class code (8 characters of CLASS_CODE_ALPHABET)'),
  organisation: organRef.describe('whose members may join'),
  closed: z.boolean().describe('takes nobody new'),
  studentCount: z.number().int(),
  createdAt: z.number().int(),
});
export type TeachingClass = z.infer<typeof teachingClass>;
export const teachingClassPage = pageOf(teachingClass);
export type TeachingClassPage = z.infer<typeof teachingClassPage>;

/** Query of the classes of a course (oldest first). */
export const teachingClassesQuery = pageQuery;
export type TeachingClassesQuery = z.infer<typeof teachingClassesQuery>;

const className = z
  .string({ error: COURSES_MSG.classNameRequired })
  .trim()
  .min(1, COURSES_MSG.classNameRequired)
  .max(COURSE_LIMITS.maxClassNameLength, COURSES_MSG.classNameTooLong);

/** Body of opening a class. */
export const createClassBody = z.object({
  name: className,
  organisationId: idValue(COURSES_MSG.classOrganRequired).describe('one of the class_organs'),
});
export type CreateClassBody = z.infer<typeof createClassBody>;

/** Body of editing a class: renaming, closing or reopening. */
export const updateClassBody = z.object({
  name: className.optional(),
  closed: z.boolean().optional().describe('true closes the class, false reopens it'),
});
export type UpdateClassBody = z.infer<typeof updateClassBody>;

/** Query of the organisations a class may be opened to. */
export const classOrgansQuery = pageQuery.extend({ search: searchText.describe('part of the name') });
export type ClassOrgansQuery = z.infer<typeof classOrgansQuery>;

/** An organisation a class may be opened to: the course's school and the colleges and classes under it. */
export const classOrgan = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['area', 'school', 'college', 'class']),
  parent: organRef.nullable(),
});
export type ClassOrgan = z.infer<typeof classOrgan>;
export const classOrganPage = pageOf(classOrgan);
export type ClassOrganPage = z.infer<typeof classOrganPage>;

/** Query of the roster. */
export const rosterQuery = pageQuery.extend({
  classId: idParam(COURSES_MSG.classIdInvalid).optional().describe('only this class'),
  search: searchText.describe('part of the name or the username'),
});
export type RosterQuery = z.infer<typeof rosterQuery>;

/** A student of a course (latest joined first). */
export const rosterRow = z.object({
  userId: z.string(),
  name: z.string(),
  username: z.string(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  joinedAt: z.number().int(),
});
export type RosterRow = z.infer<typeof rosterRow>;
export const rosterPage = pageOf(rosterRow);
export type RosterPage = z.infer<typeof rosterPage>;

/** Path of removing a student. */
export const courseStudentParams = courseIdParams.extend({ userId: idParam(COURSES_MSG.userIdInvalid) });
export type CourseStudentParams = z.infer<typeof courseStudentParams>;

/** Answer of removing a student (their submissions stay). */
export const removeStudentResult = z.object({ userId: z.string() });
export type RemoveStudentResult = z.infer<typeof removeStudentResult>;
