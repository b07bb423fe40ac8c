import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archiveResult,
  type CourseBody,
  type CourseType,
  type CreateClassBody,
  classOrganPage,
  courseDetail,
  courseNotice,
  courseNoticePage,
  focusResult,
  joinCourseInfo,
  joinCourseResult,
  type PublishCourseNoticeBody,
  removeStudentResult,
  rosterPage,
  studyCoursePage,
  teachingClass,
  teachingClassPage,
  teachingCoursePage,
  type UpdateClassBody,
} from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the courses area (spec 001 sections 2.10, 7 Student workbench; issue 11): a student's course
 * lists, joining by class code, pin and archive; a teacher's courses, classes, roster and course notices.
 * Keys carry the token, so another sign-in never shows a cached answer. Lists show failures in place
 * (silent); actions toast the server's message (spec 8: failed calls show a toast with it).
 */

/** Courses per page of the student's lists (a 4-column grid: 3 rows). */
export const STUDY_PAGE_SIZE = 12;
/** Courses per page of the teacher's list. */
export const TEACHING_PAGE_SIZE = 12;
/** Students per roster page, notices per page, classes loaded at once. */
export const ROSTER_PAGE_SIZE = 10;
export const NOTICE_PAGE_SIZE = 10;
export const CLASS_PAGE_SIZE = 100;

const id = encodeURIComponent;
const course = (path: string) => serviceUrl('course', path);

export const coursesKeys = {
  all: (token: string | null) => ['courses-area', token ?? ''] as const,
  study: (token: string | null, archived: boolean, types: string, search: string, page: number) =>
    [...coursesKeys.all(token), 'study', archived ? 'archived' : 'active', types, search, page] as const,
  studyLists: (token: string | null) => [...coursesKeys.all(token), 'study'] as const,
  teaching: (token: string | null) => [...coursesKeys.all(token), 'teaching'] as const,
  teachingPage: (token: string | null, archived: boolean, search: string, page: number) =>
    [...coursesKeys.teaching(token), archived ? '1' : '0', search, page] as const,
  course: (token: string | null, courseId: string) =>
    [...coursesKeys.all(token), 'course', courseId] as const,
  classes: (token: string | null, courseId: string) =>
    [...coursesKeys.course(token, courseId), 'classes'] as const,
  classOrgans: (token: string | null, courseId: string, search: string) =>
    [...coursesKeys.course(token, courseId), 'classOrgans', search] as const,
  roster: (token: string | null, courseId: string) =>
    [...coursesKeys.course(token, courseId), 'roster'] as const,
  rosterPage: (token: string | null, courseId: string, classId: string, search: string, page: number) =>
    [...coursesKeys.roster(token, courseId), classId, search, page] as const,
  notices: (token: string | null, courseId: string) =>
    [...coursesKeys.course(token, courseId), 'notices'] as const,
  noticePage: (token: string | null, courseId: string, page: number) =>
    [...coursesKeys.notices(token, courseId), page] as const,
};

// Student ----------------------------------------------------------------------------------------------

export type StudyListFilter = { types: readonly CourseType[]; search: string; page: number };

/**
 * `GET course/athena/courses/study` (active) or `GET course/courses/archived/study` (archived): a page of
 * the student's courses of the given types, matching the search (course name or class code).
 */
export const useStudyCourses = (archived: boolean, filter: StudyListFilter, enabled = true) => {
  const token = useStored('AccessToken');
  const types = filter.types.join(',');
  return useQuery({
    queryKey: coursesKeys.study(token, archived, types, filter.search, filter.page),
    queryFn: ({ signal }) =>
      http.get(course(archived ? '/courses/archived/study' : '/athena/courses/study'), {
        query: {
          types,
          search: filter.search || undefined,
          pageNumber: filter.page,
          pageSize: STUDY_PAGE_SIZE,
        },
        schema: studyCoursePage,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    placeholderData: keepPreviousData,
  });
};

/** After a pin, archive, restore or join: every list of the student's courses is asked again. */
const useRefreshStudy = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () => queryClient.invalidateQueries({ queryKey: coursesKeys.studyLists(token) });
};

/** `POST course/courses/{id}/students/focus`: one call pins and unpins. */
export const useToggleFocus = () => {
  const refresh = useRefreshStudy();
  return useMutation({
    mutationFn: (courseId: string) =>
      http.post(course(`/courses/${id(courseId)}/students/focus`), undefined, { schema: focusResult }),
    onSuccess: refresh,
  });
};

/** `POST course/courses/archive_status?courseId=`: the student archives the course for themselves. */
export const useArchiveStudyCourse = () => {
  const refresh = useRefreshStudy();
  return useMutation({
    mutationFn: (courseId: string) =>
      http.post(course('/courses/archive_status'), undefined, { query: { courseId }, schema: archiveResult }),
    onSuccess: refresh,
  });
};

/** `POST course/courses/{id}/students/archived`: the student restores an archived course. */
export const useRestoreStudyCourse = () => {
  const refresh = useRefreshStudy();
  return useMutation({
    mutationFn: (courseId: string) =>
      http.post(course(`/courses/${id(courseId)}/students/archived`), undefined, { schema: archiveResult }),
    onSuccess: refresh,
  });
};

/** `GET course/course_teach_class/course_info?code=`: the class a code opens (the server's message on failure). */
export const fetchJoinInfo = (code: string) =>
  http.get(course('/course_teach_class/course_info'), {
    query: { code },
    schema: joinCourseInfo,
    silent: true,
    keepRefusalMessage: true,
  });

/** `POST course/courses/students/joined`: joins the class; failures are shown under the input (silent). */
export const useJoinCourse = () => {
  const refresh = useRefreshStudy();
  return useMutation({
    mutationFn: (body: { classCode: string; schoolId?: string }) =>
      http.post(course('/courses/students/joined'), body, {
        schema: joinCourseResult,
        silent: true,
        keepRefusalMessage: true,
      }),
    onSuccess: refresh,
  });
};

// Teacher ----------------------------------------------------------------------------------------------

/** `GET course/courses/teaching?archived&search`: a page of the teacher's courses. */
export const useTeachingCourses = (
  filter: { archived: boolean; search: string; page: number },
  enabled = true,
) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: coursesKeys.teachingPage(token, filter.archived, filter.search, filter.page),
    queryFn: ({ signal }) =>
      http.get(course('/courses/teaching'), {
        query: {
          archived: filter.archived ? '1' : '0',
          search: filter.search || undefined,
          pageNumber: filter.page,
          pageSize: TEACHING_PAGE_SIZE,
        },
        schema: teachingCoursePage,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    placeholderData: keepPreviousData,
  });
};

/** `GET course/courses/{id}`: one course with the asker's role in it. */
export const useCourseDetail = (courseId: string, enabled = true) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: coursesKeys.course(token, courseId),
    queryFn: ({ signal }) =>
      http.get(course(`/courses/${id(courseId)}`), { schema: courseDetail, silent: true, signal }),
    enabled: enabled && !!token,
  });
};

const useRefreshTeaching = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return (courseId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: coursesKeys.teaching(token) }),
      courseId
        ? queryClient.invalidateQueries({ queryKey: coursesKeys.course(token, courseId), exact: true })
        : undefined,
    ]);
};

/** `POST course/courses` (new) or `PUT course/courses/{id}` (edit): the whole course form. */
export const useSaveCourse = () => {
  const refresh = useRefreshTeaching();
  return useMutation({
    mutationFn: ({ courseId, body }: { courseId: string | null; body: CourseBody }) =>
      courseId
        ? http.put(course(`/courses/${id(courseId)}`), body, { schema: courseDetail, silent: true })
        : http.post(course('/courses'), body, { schema: courseDetail, silent: true }),
    onSuccess: (saved) => refresh(saved.id),
  });
};

/** `POST course/courses/{id}/archive` or `.../restore`: the teacher archives or restores the whole course. */
export const useArchiveTeachingCourse = () => {
  const refresh = useRefreshTeaching();
  return useMutation({
    mutationFn: ({ courseId, archive }: { courseId: string; archive: boolean }) =>
      http.post(course(`/courses/${id(courseId)}/${archive ? 'archive' : 'restore'}`), undefined, {
        schema: archiveResult,
      }),
    onSuccess: (_result, { courseId }) => refresh(courseId),
  });
};

/** `GET course/courses/{id}/classes`: the course's teaching classes, oldest first. */
export const useTeachingClasses = (courseId: string, enabled = true) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: coursesKeys.classes(token, courseId),
    queryFn: ({ signal }) =>
      http.get(course(`/courses/${id(courseId)}/classes`), {
        query: { pageNumber: 1, pageSize: CLASS_PAGE_SIZE },
        schema: teachingClassPage,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
  });
};

/** `GET course/courses/{id}/class_organs?search`: the organisations a class may be opened to. */
export const useClassOrgans = (courseId: string, search: string, enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: coursesKeys.classOrgans(token, courseId, search),
    queryFn: ({ signal }) =>
      http.get(course(`/courses/${id(courseId)}/class_organs`), {
        query: { search: search || undefined, pageNumber: 1, pageSize: 50 },
        schema: classOrganPage,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    placeholderData: keepPreviousData,
  });
};

const useRefreshClasses = (courseId: string) => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: coursesKeys.classes(token, courseId) }),
      queryClient.invalidateQueries({ queryKey: coursesKeys.teaching(token) }),
    ]);
};

/** `POST course/courses/{id}/classes`: opens a class (its code is made by the server). */
export const useCreateClass = (courseId: string) => {
  const refresh = useRefreshClasses(courseId);
  return useMutation({
    mutationFn: (body: CreateClassBody) =>
      http.post(course(`/courses/${id(courseId)}/classes`), body, { schema: teachingClass, silent: true }),
    onSuccess: refresh,
  });
};

/** `PUT course/course_teach_class/{classId}`: renames, closes or reopens a class. */
export const useUpdateClass = (courseId: string) => {
  const refresh = useRefreshClasses(courseId);
  return useMutation({
    mutationFn: ({ classId, body }: { classId: string; body: UpdateClassBody }) =>
      http.put(course(`/course_teach_class/${id(classId)}`), body, { schema: teachingClass }),
    onSuccess: refresh,
  });
};

/** `POST course/course_teach_class/{classId}/code`: a new class code (the old one stops working). */
export const useRegenerateCode = (courseId: string) => {
  const refresh = useRefreshClasses(courseId);
  return useMutation({
    mutationFn: (classId: string) =>
      http.post(course(`/course_teach_class/${id(classId)}/code`), undefined, { schema: teachingClass }),
    onSuccess: refresh,
  });
};

/** `GET course/courses/{id}/students?classId&search`: a page of the roster, latest joined first. */
export const useRoster = (
  courseId: string,
  filter: { classId: string; search: string; page: number },
  enabled = true,
) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: coursesKeys.rosterPage(token, courseId, filter.classId, filter.search, filter.page),
    queryFn: ({ signal }) =>
      http.get(course(`/courses/${id(courseId)}/students`), {
        query: {
          classId: filter.classId || undefined,
          search: filter.search || undefined,
          pageNumber: filter.page,
          pageSize: ROSTER_PAGE_SIZE,
        },
        schema: rosterPage,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    placeholderData: keepPreviousData,
  });
};

/** `DELETE course/courses/{id}/students/{userId}`: removes a student (their submissions stay). */
export const useRemoveStudent = (courseId: string) => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return useMutation({
    mutationFn: (userId: string) =>
      http.delete(course(`/courses/${id(courseId)}/students/${id(userId)}`), { schema: removeStudentResult }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: coursesKeys.roster(token, courseId) }),
        queryClient.invalidateQueries({ queryKey: coursesKeys.classes(token, courseId) }),
        queryClient.invalidateQueries({ queryKey: coursesKeys.teaching(token) }),
      ]),
  });
};

/** `GET qmn/courses/{id}/notices`: a page of the course's notices, newest first. */
export const useCourseNotices = (courseId: string, page: number, enabled = true) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: coursesKeys.noticePage(token, courseId, page),
    queryFn: ({ signal }) =>
      http.get(serviceUrl('qmn', `/courses/${id(courseId)}/notices`), {
        query: { pageNumber: page, pageSize: NOTICE_PAGE_SIZE },
        schema: courseNoticePage,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    placeholderData: keepPreviousData,
  });
};

/** `POST qmn/courses/{id}/notices`: publishes a notice to the course's students (failures shown in the form). */
export const usePublishNotice = (courseId: string) => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return useMutation({
    mutationFn: (body: PublishCourseNoticeBody) =>
      http.post(serviceUrl('qmn', `/courses/${id(courseId)}/notices`), body, {
        schema: courseNotice,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coursesKeys.notices(token, courseId) }),
  });
};
