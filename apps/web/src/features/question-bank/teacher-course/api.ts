import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateJudgedAnswerBody,
  exerciseSetQuestionsResult,
  homeworkQuestionsResult,
  type JudgedAnswer,
  judgedAnswer,
  judgedAnswerPage,
  teacherCourse,
  type UpdateJudgedAnswerBody,
} from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../../api/http';

/** Questions per page of a homework or exercise set. */
export const QUESTION_PAGE_SIZE = 10;
/** Judged answers asked for per request when loading all of a homework's. */
const JUDGED_PAGE_SIZE = 100;

export const teachingKeys = {
  /** the same key as the library page's target list: one cache entry for the teacher's courses */
  courses: ['courses', 'mine'] as const,
  /** every page of a homework's questions (invalidated after an import) */
  homework: (courseId: string, homeworkId: string) =>
    ['teaching', 'homework', courseId, homeworkId, 'questions'] as const,
  homeworkPage: (courseId: string, homeworkId: string, page: number) =>
    [...teachingKeys.homework(courseId, homeworkId), page] as const,
  exerciseSet: (courseId: string, setId: string) =>
    ['teaching', 'exerciseSet', courseId, setId, 'questions'] as const,
  exerciseSetPage: (courseId: string, setId: string, page: number) =>
    [...teachingKeys.exerciseSet(courseId, setId), page] as const,
  judgedAnswers: (courseId: string, homeworkId: string) =>
    ['teaching', 'homework', courseId, homeworkId, 'judgedAnswers'] as const,
};

/**
 * `GET /api/course/courses/mine`: the teacher's courses with their homeworks and exercise sets. Silent: the
 * page shows a failure in place (with 重试) rather than as a toast too.
 */
export const useMyCourses = (enabled: boolean) =>
  useQuery({
    queryKey: teachingKeys.courses,
    queryFn: () =>
      http.get(serviceUrl('course', '/courses/mine'), { schema: z.array(teacherCourse), silent: true }),
    enabled,
    staleTime: 60_000,
  });

const homeworkPath = (courseId: string, homeworkId: string) =>
  `/courses/${encodeURIComponent(courseId)}/homeworks/${encodeURIComponent(homeworkId)}`;

/** `GET /api/course/courses/{courseId}/homeworks/{homeworkId}/questions`: one page. */
export const fetchHomeworkQuestions = (courseId: string, homeworkId: string, page: number) =>
  http.get(serviceUrl('course', `${homeworkPath(courseId, homeworkId)}/questions`), {
    query: { pageNumber: page, pageSize: QUESTION_PAGE_SIZE },
    schema: homeworkQuestionsResult,
    silent: true,
  });

/** `GET /api/course/courses/{courseId}/exerciseSets/{setId}/questions`: one page. */
export const fetchExerciseSetQuestions = (courseId: string, setId: string, page: number) =>
  http.get(
    serviceUrl(
      'course',
      `/courses/${encodeURIComponent(courseId)}/exerciseSets/${encodeURIComponent(setId)}/questions`,
    ),
    {
      query: { pageNumber: page, pageSize: QUESTION_PAGE_SIZE },
      schema: exerciseSetQuestionsResult,
      silent: true,
    },
  );

export const useHomeworkQuestions = (courseId: string, homeworkId: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: teachingKeys.homeworkPage(courseId, homeworkId, page),
    queryFn: () => fetchHomeworkQuestions(courseId, homeworkId, page),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useExerciseSetQuestions = (courseId: string, setId: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: teachingKeys.exerciseSetPage(courseId, setId, page),
    queryFn: () => fetchExerciseSetQuestions(courseId, setId, page),
    enabled,
    placeholderData: keepPreviousData,
  });

/**
 * `GET .../homeworks/{homeworkId}/judgedAnswers`: every judged answer of the homework, page after page (the
 * list is paged on the server; the page shows each question's under it).
 */
export const fetchAllJudgedAnswers = async (
  courseId: string,
  homeworkId: string,
): Promise<JudgedAnswer[]> => {
  const all: JudgedAnswer[] = [];
  for (let page = 1; ; page++) {
    const { rows, total } = await http.get(
      serviceUrl('course', `${homeworkPath(courseId, homeworkId)}/judgedAnswers`),
      { query: { pageNumber: page, pageSize: JUDGED_PAGE_SIZE }, schema: judgedAnswerPage, silent: true },
    );
    all.push(...rows);
    if (rows.length < JUDGED_PAGE_SIZE || all.length >= total) return all;
  }
};

export const useJudgedAnswers = (courseId: string, homeworkId: string, enabled: boolean) =>
  useQuery({
    queryKey: teachingKeys.judgedAnswers(courseId, homeworkId),
    queryFn: () => fetchAllJudgedAnswers(courseId, homeworkId),
    enabled,
  });

/** `POST .../questions/{questionId}/judgedAnswers`: 引用 stores the applied result against the answer. */
export const useSaveJudgedAnswer = (courseId: string, homeworkId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string; body: CreateJudgedAnswerBody }) =>
      http.post(
        serviceUrl(
          'course',
          `${homeworkPath(courseId, homeworkId)}/questions/${encodeURIComponent(questionId)}/judgedAnswers`,
        ),
        body,
        { schema: judgedAnswer },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: teachingKeys.judgedAnswers(courseId, homeworkId) }),
  });
};

/** `PUT .../judgedAnswers/{answerId}`: the teacher's edit of a stored grade. */
export const useUpdateJudgedAnswer = (courseId: string, homeworkId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, body }: { answerId: string; body: UpdateJudgedAnswerBody }) =>
      http.put(
        serviceUrl(
          'course',
          `${homeworkPath(courseId, homeworkId)}/judgedAnswers/${encodeURIComponent(answerId)}`,
        ),
        body,
        { schema: judgedAnswer },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: teachingKeys.judgedAnswers(courseId, homeworkId) }),
  });
};
