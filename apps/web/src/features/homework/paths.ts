/** Addresses of the homework pages (issue 11). */
const enc = encodeURIComponent;

/** The student's 我的课程 (the workbench). */
export const STUDENT_COURSES_PATH = '/workbench/index/school';
/** The teacher's 我的课程. */
export const TEACHER_COURSES_PATH = '/u/teacherGr/group';

export const studentCoursePath = (courseId: string) => `/u/course/${enc(courseId)}`;
export const studentHomeworkPath = (courseId: string, homeworkId: string) =>
  `${studentCoursePath(courseId)}/homework/${enc(homeworkId)}`;

/** The teacher's course page (classes, roster, notices; issue 11 courses-web). */
export const teacherCoursePath = (courseId: string) => `/u/teacherGr/course/${enc(courseId)}`;
export const teacherHomeworksPath = (courseId: string) => `${teacherCoursePath(courseId)}/homeworks`;
export const teacherHomeworkPath = (courseId: string, homeworkId: string) =>
  `/u/teacherGr/course/${enc(courseId)}/homework/${enc(homeworkId)}`;
export const submissionsPath = (courseId: string, homeworkId: string) =>
  `${teacherHomeworkPath(courseId, homeworkId)}/submissions`;
