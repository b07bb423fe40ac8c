import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AnswersBodyInput,
  courseDetail,
  type GradeAnswerBodyInput,
  gradedAnswer,
  type HomeworkBody,
  type HomeworkQuestionScoreBody,
  homeworkPage,
  homeworkPaper,
  homeworkRow,
  latestJudgeRun,
  type SubmissionFilter,
  savedAnswers,
  startJudgeRunResult,
  studyHomeworkPage,
  submissionDetail,
  submissionPage,
} from '@uplus/shared';
import { HttpError, http, serviceUrl } from '../../api/http';

/*
 * The homework calls of issue 11 (paths in packages/shared homework/homework.ts and submissions.ts): the
 * student's list, paper, draft and submit; the teacher's homework list and lifecycle, submissions, grades.
 */

/** Homework rows per page (both sides' lists). */
export const HOMEWORK_PAGE_SIZE = 10;
/** Students per page of a homework's submissions. */
export const SUBMISSION_PAGE_SIZE = 20;

const enc = encodeURIComponent;
const coursePath = (courseId: string) => `/courses/${enc(courseId)}`;
const homeworkPath = (courseId: string, homeworkId: string) =>
  `${coursePath(courseId)}/homeworks/${enc(homeworkId)}`;
const course = (path: string) => serviceUrl('course', path);

export const homeworkKeys = {
  course: (courseId: string) => ['course', courseId, 'detail'] as const,
  study: (courseId: string) => ['homework', 'study', courseId] as const,
  studyPage: (courseId: string, page: number) => [...homeworkKeys.study(courseId), page] as const,
  paper: (courseId: string, homeworkId: string) => ['homework', 'paper', courseId, homeworkId] as const,
  teaching: (courseId: string) => ['homework', 'teaching', courseId] as const,
  teachingPage: (courseId: string, page: number) => [...homeworkKeys.teaching(courseId), page] as const,
  submissions: (courseId: string, homeworkId: string) =>
    ['homework', 'submissions', courseId, homeworkId] as const,
  submissionPage: (courseId: string, homeworkId: string, status: SubmissionFilter | null, page: number) =>
    [...homeworkKeys.submissions(courseId, homeworkId), status ?? 'all', page] as const,
  submission: (courseId: string, homeworkId: string, submissionId: string) =>
    [...homeworkKeys.submissions(courseId, homeworkId), 'detail', submissionId] as const,
  one: (courseId: string, homeworkId: string) =>
    [...homeworkKeys.teaching(courseId), 'one', homeworkId] as const,
  judgeRun: (courseId: string, homeworkId: string) => ['homework', 'judgeRun', courseId, homeworkId] as const,
};

/** `GET /api/course/courses/{courseId}`: the course's header and the asker's role. Failures shown in place. */
export const useCourseDetail = (courseId: string) =>
  useQuery({
    queryKey: homeworkKeys.course(courseId),
    queryFn: () => http.get(course(coursePath(courseId)), { schema: courseDetail, silent: true }),
    staleTime: 60_000,
  });

// ---------------------------------------------------------------------------------------------------------
// Student

/** `GET .../homeworks/study`: the student's published homework of the course, a page at a time. */
export const useStudyHomeworks = (courseId: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: homeworkKeys.studyPage(courseId, page),
    queryFn: () =>
      http.get(course(`${coursePath(courseId)}/homeworks/study`), {
        query: { pageNumber: page, pageSize: HOMEWORK_PAGE_SIZE },
        schema: studyHomeworkPage,
        silent: true,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** `GET .../paper`: the questions, the student's saved answers and, once released, the results. */
export const fetchPaper = (courseId: string, homeworkId: string) =>
  http.get(course(`${homeworkPath(courseId, homeworkId)}/paper`), { schema: homeworkPaper, silent: true });

export const usePaper = (courseId: string, homeworkId: string) =>
  useQuery({
    queryKey: homeworkKeys.paper(courseId, homeworkId),
    queryFn: () => fetchPaper(courseId, homeworkId),
    // The draft on screen is the student's: a refetch while typing must not replace it, and a paper opened
    // again is read afresh (no cached copy from before the answers typed since).
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** `PUT .../draft`: saves the answers sent (the others stay as saved). Silent: the page says what failed. */
export const saveDraft = (courseId: string, homeworkId: string, body: AnswersBodyInput) =>
  http.put(course(`${homeworkPath(courseId, homeworkId)}/draft`), body, {
    schema: savedAnswers,
    silent: true,
  });

/** `POST .../submit`: submits once, with the answers not yet saved. */
export const useSubmitHomework = (courseId: string, homeworkId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswersBodyInput) =>
      http.post(course(`${homeworkPath(courseId, homeworkId)}/submit`), body, { schema: savedAnswers }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: homeworkKeys.paper(courseId, homeworkId) });
      void queryClient.invalidateQueries({ queryKey: homeworkKeys.study(courseId) });
    },
  });
};

// ---------------------------------------------------------------------------------------------------------
// Teacher

/** `GET .../homeworks`: the teacher's homework of the course, newest first. */
export const useTeachingHomeworks = (courseId: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: homeworkKeys.teachingPage(courseId, page),
    queryFn: () =>
      http.get(course(`${coursePath(courseId)}/homeworks`), {
        query: { pageNumber: page, pageSize: HOMEWORK_PAGE_SIZE },
        schema: homeworkPage,
        silent: true,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** Create, edit, delete, publish and release of a course's homework; each refreshes the list. */
export const useHomeworkActions = (courseId: string) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: homeworkKeys.teaching(courseId) });
  const opts = { onSuccess: refresh };
  return {
    create: useMutation({
      mutationFn: (body: HomeworkBody) =>
        http.post(course(`${coursePath(courseId)}/homeworks`), body, { schema: homeworkRow, silent: true }),
      ...opts,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: HomeworkBody }) =>
        http.put(course(homeworkPath(courseId, id)), body, { schema: homeworkRow, silent: true }),
      ...opts,
    }),
    remove: useMutation({
      mutationFn: (id: string) => http.delete(course(homeworkPath(courseId, id))),
      ...opts,
    }),
    publish: useMutation({
      mutationFn: (id: string) =>
        http.post(course(`${homeworkPath(courseId, id)}/publish`), undefined, { schema: homeworkRow }),
      ...opts,
    }),
    release: useMutation({
      mutationFn: (id: string) =>
        http.post(course(`${homeworkPath(courseId, id)}/release`), undefined, { schema: homeworkRow }),
      onSuccess: (_row, id) => {
        void refresh();
        void queryClient.invalidateQueries({ queryKey: homeworkKeys.submissions(courseId, id) });
      },
    }),
  };
};

/** `GET .../submissions`: every student of the course and their submission, optionally of one status. */
export const useSubmissions = (
  courseId: string,
  homeworkId: string,
  status: SubmissionFilter | null,
  page: number,
  enabled: boolean,
) =>
  useQuery({
    queryKey: homeworkKeys.submissionPage(courseId, homeworkId, status, page),
    queryFn: () =>
      http.get(course(`${homeworkPath(courseId, homeworkId)}/submissions`), {
        query: { pageNumber: page, pageSize: SUBMISSION_PAGE_SIZE, status: status ?? undefined },
        schema: submissionPage,
        silent: true,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** `GET .../submissions/{submissionId}`: every answer of one submission with its grade. */
export const useSubmission = (courseId: string, homeworkId: string, submissionId: string | null) =>
  useQuery({
    queryKey: homeworkKeys.submission(courseId, homeworkId, submissionId ?? ''),
    queryFn: () =>
      http.get(course(`${homeworkPath(courseId, homeworkId)}/submissions/${enc(submissionId ?? '')}`), {
        schema: submissionDetail,
        silent: true,
      }),
    enabled: submissionId !== null,
  });

/** `PUT .../answers/{answerId}/grade`: the teacher's score and comment, or 引用 of an AI judge result. */
export const useGradeAnswer = (courseId: string, homeworkId: string, submissionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, body }: { answerId: string; body: GradeAnswerBodyInput }) =>
      http.put(
        course(
          `${homeworkPath(courseId, homeworkId)}/submissions/${enc(submissionId)}/answers/${enc(answerId)}/grade`,
        ),
        body,
        { schema: gradedAnswer },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: homeworkKeys.submissions(courseId, homeworkId) });
      void queryClient.invalidateQueries({ queryKey: homeworkKeys.teaching(courseId) });
    },
  });
};

/**
 * `GET /api/course/courses/{courseId}/homeworks/{homeworkId}`: one homework of the teacher's course with its
 * figures; null when the server does not know it (another teacher's, another course's, or deleted).
 */
export const useTeachingHomework = (courseId: string, homeworkId: string, enabled: boolean) =>
  useQuery({
    queryKey: homeworkKeys.one(courseId, homeworkId),
    queryFn: async () => {
      try {
        return await http.get(course(homeworkPath(courseId, homeworkId)), {
          schema: homeworkRow,
          silent: true,
        });
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });

/** How often the page asks how a running judge run stands. */
export const JUDGE_RUN_POLL_MS = 2000;

/** `GET .../judgeRuns/latest`: the newest AI-judge run of the homework; asked again while it runs. */
export const useLatestJudgeRun = (courseId: string, homeworkId: string, enabled: boolean) =>
  useQuery({
    queryKey: homeworkKeys.judgeRun(courseId, homeworkId),
    queryFn: () =>
      http.get(course(`${homeworkPath(courseId, homeworkId)}/judgeRuns/latest`), {
        schema: latestJudgeRun,
        silent: true,
      }),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? JUDGE_RUN_POLL_MS : false),
  });

/** `POST .../judgeRuns`: starts (or finds running) the AI judge of the homework's waiting short answers. */
export const useStartJudgeRun = (courseId: string, homeworkId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.post(course(`${homeworkPath(courseId, homeworkId)}/judgeRuns`), undefined, {
        schema: startJudgeRunResult,
      }),
    onSuccess: (result) => {
      if (result.run) queryClient.setQueryData(homeworkKeys.judgeRun(courseId, homeworkId), result.run);
    },
  });
};

/**
 * A draft homework's questions: `PUT .../questions/{questionId}/score` sets one's score in the homework,
 * `DELETE .../questions/{questionId}` takes one out. Both refresh the questions and the homework's figures.
 */
export const useHomeworkQuestionActions = (
  courseId: string,
  homeworkId: string,
  questionsKey: readonly unknown[],
) => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: questionsKey });
    void queryClient.invalidateQueries({ queryKey: homeworkKeys.teaching(courseId) });
  };
  const questionPath = (questionId: string) =>
    course(`${homeworkPath(courseId, homeworkId)}/questions/${enc(questionId)}`);
  return {
    setScore: useMutation({
      mutationFn: ({ questionId, body }: { questionId: string; body: HomeworkQuestionScoreBody }) =>
        http.put(`${questionPath(questionId)}/score`, body, { schema: homeworkRow }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (questionId: string) => http.delete(questionPath(questionId), { schema: homeworkRow }),
      onSuccess: refresh,
    }),
  };
};
