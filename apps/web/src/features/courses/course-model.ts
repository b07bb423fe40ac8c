import { COURSE_TYPE_TITLES, type CourseType, courseTypesOfUpType, formatDate } from '@uplus/shared';

/*
 * Pure rules of the course pages (spec 001 sections 2.2 and 2.10), tested apart from the rendering.
 */

/** The student list's tabs and their upType query values (spec 2.2: 1 theory, 2 practice, 3 or none all). */
export const STUDY_TABS = [
  { key: '3', label: '全部' },
  { key: '1', label: '理论' },
  { key: '2', label: '实践' },
] as const;
export type StudyTabKey = (typeof STUDY_TABS)[number]['key'];

/** The tab an upType query value selects: 1 and 2 their own, anything else (3, none, junk) 全部. */
export const studyTabOf = (upType: string | null): StudyTabKey =>
  upType === '1' || upType === '2' ? upType : '3';

/** The course types a tab lists. */
export const typesOfTab = (tab: StudyTabKey): CourseType[] => courseTypesOfUpType(tab);

/** The corner mark of a card: 理论 or 实践. */
export const courseTypeTitle = (type: CourseType) => COURSE_TYPE_TITLES[type];

/** A course's dates as a card shows them: 2026.09.01 - 2027.01.15; one end missing shows 未设置. */
export const courseDateRange = (start: number | null, end: number | null): string => {
  if (start === null && end === null) return '时间未设置';
  const day = (t: number | null) => (t === null ? '未设置' : formatDate(t, '{y}.{m}.{d}'));
  return `${day(start)} - ${day(end)}`;
};

/** The five cover styles (spec 2.10) with the names the teacher's picker shows. */
export const COVER_STYLES = [
  { value: 0, name: '晴空' },
  { value: 1, name: '青林' },
  { value: 2, name: '晚霞' },
  { value: 3, name: '星夜' },
  { value: 4, name: '书页' },
] as const;

/** A cover style as the server answers it, kept within 0 to 4 whatever arrives. */
export const coverClassOf = (style: number) =>
  `course-cover course-cover--${Number.isInteger(style) && style >= 0 && style <= 4 ? style : 0}`;

/** Where a student's course opens (the student course page, built in features/homework). */
export const studentCoursePath = (courseId: string) => `/u/course/${encodeURIComponent(courseId)}`;

/** Where a teacher's course opens. */
export const teacherCoursePath = (courseId: string) => `/u/teacherGr/course/${encodeURIComponent(courseId)}`;

/** The course's homework list for its teacher (built in features/homework). */
export const teacherHomeworksPath = (courseId: string) => `${teacherCoursePath(courseId)}/homeworks`;

/** The archived-courses page (opened in a new tab from 我的课程). */
export const ARCHIVED_COURSES_PATH = '/workbench/archivecourses';

/** A homework's question page (the AI generator and judge live there). */
export const teacherHomeworkPath = (courseId: string, homeworkId: string) =>
  `${teacherCoursePath(courseId)}/homework/${encodeURIComponent(homeworkId)}`;

/** An exercise set's question page. */
export const teacherExerciseSetPath = (courseId: string, setId: string) =>
  `${teacherCoursePath(courseId)}/exerciseSet/${encodeURIComponent(setId)}`;
