// The sizes of the generated university (issue 17) and the names of its users. Shared by the generator
// (scripts/load/seed-scale.ts), the list measurements (scripts/load/lists-at-scale.ts) and the load script,
// which signs in as these users.
import { DEMO_PASSWORD } from '../../../apps/server/src/seed/demo';

/** Password of every generated user: the demo accounts' (COMMON.md). */
export const SCALE_PASSWORD = DEMO_PASSWORD;

/** `ld-s00001` .. `ld-s20000`. */
export const studentName = (n: number) => `ld-s${String(n).padStart(5, '0')}`;
/** `ld-t0001` .. `ld-t1000`. */
export const teacherName = (n: number) => `ld-t${String(n).padStart(4, '0')}`;
/** `ld-b0001` ..: the business user of company n. */
export const businessName = (n: number) => `ld-b${String(n).padStart(4, '0')}`;

/** Organisation codes of the generated university (a school with colleges and classes) and the companies' area. */
export const SCALE_ORG = {
  school: { code: 'LD-UNIV', name: '优加规模测试大学' },
  area: { code: 'LD-AREA', name: '规模测试区域' },
} as const;

/**
 * How much to generate. Student 1 (`ld-s00001`) is the busy one (many courses, every homework submitted,
 * many deliveries with every kind of feedback), teacher 1 teaches the big course (course 1), company 1
 * (`ld-b0001`) receives the most deliveries: the lists measure these worst cases.
 */
export type ScaleSpec = {
  name: string;
  students: number;
  /** students per class organisation */
  classSize: number;
  colleges: number;
  teachers: number;
  coursesPerTeacher: number;
  /** teaching classes of the big course (every other course has one) */
  bigCourseClasses: number;
  /** courses each student is in (the busy student: busyStudentCourses) */
  coursesPerStudent: number;
  busyStudentCourses: number;
  /** students 1..n are in the big course */
  bigCourseStudents: number;
  /** homework per course: the first closed and released, the others open */
  homeworksPerCourse: number;
  submissions: number;
  /** library questions of each teacher; teacher 1 holds busyTeacherLibrary */
  libraryPerTeacher: number;
  busyTeacherLibrary: number;
  companies: number;
  positionsPerCompany: number;
  bigCompanyPositions: number;
  deliveries: number;
  /** deliveries to company 1 (from students other than the busy one) */
  bigCompanyDeliveries: number;
  busyStudentDeliveries: number;
  /** assistant conversations (2 messages each) per student; the busy student: busyConversations of 10 */
  conversationsPerStudent: number;
  busyConversations: number;
};

export const SCALES = {
  university: {
    name: 'university',
    students: 20_000,
    classSize: 40,
    colleges: 20,
    teachers: 1_000,
    coursesPerTeacher: 2,
    bigCourseClasses: 4,
    coursesPerStudent: 5,
    busyStudentCourses: 20,
    bigCourseStudents: 1_000,
    homeworksPerCourse: 2,
    submissions: 50_000,
    libraryPerTeacher: 6,
    busyTeacherLibrary: 300,
    companies: 200,
    positionsPerCompany: 20,
    bigCompanyPositions: 50,
    deliveries: 100_000,
    bigCompanyDeliveries: 10_000,
    busyStudentDeliveries: 30,
    conversationsPerStudent: 1,
    busyConversations: 30,
  },
  // About 1/100: the CI's short cluster run (a few seconds).
  small: {
    name: 'small',
    students: 200,
    classSize: 40,
    colleges: 2,
    teachers: 10,
    coursesPerTeacher: 2,
    bigCourseClasses: 2,
    coursesPerStudent: 5,
    busyStudentCourses: 10,
    bigCourseStudents: 100,
    homeworksPerCourse: 2,
    submissions: 500,
    libraryPerTeacher: 3,
    busyTeacherLibrary: 30,
    companies: 5,
    positionsPerCompany: 20,
    bigCompanyPositions: 30,
    deliveries: 1_000,
    bigCompanyDeliveries: 300,
    busyStudentDeliveries: 20,
    conversationsPerStudent: 1,
    busyConversations: 5,
  },
  // For the tests: every kind of row, a handful of each.
  tiny: {
    name: 'tiny',
    students: 12,
    classSize: 5,
    colleges: 2,
    teachers: 2,
    coursesPerTeacher: 2,
    bigCourseClasses: 2,
    coursesPerStudent: 2,
    busyStudentCourses: 3,
    bigCourseStudents: 6,
    homeworksPerCourse: 2,
    submissions: 20,
    libraryPerTeacher: 1,
    busyTeacherLibrary: 4,
    companies: 2,
    positionsPerCompany: 4,
    bigCompanyPositions: 5,
    deliveries: 30,
    bigCompanyDeliveries: 8,
    busyStudentDeliveries: 5,
    conversationsPerStudent: 1,
    busyConversations: 2,
  },
} as const satisfies Record<string, ScaleSpec>;

export type ScaleName = keyof typeof SCALES;
