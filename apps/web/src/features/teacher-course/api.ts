import { useQuery } from '@tanstack/react-query';
import { exerciseSetQuestionsResult, homeworkQuestionsResult, teacherCourse } from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../api/http';

export const teachingKeys = {
  /** the same key as the library page's target list: one cache entry for the teacher's courses */
  courses: ['courses', 'mine'] as const,
  homework: (courseId: string, homeworkId: string) =>
    ['teaching', 'homework', courseId, homeworkId, 'questions'] as const,
  exerciseSet: (courseId: string, setId: string) =>
    ['teaching', 'exerciseSet', courseId, setId, 'questions'] as const,
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

/** `GET /api/course/courses/{courseId}/homeworks/{homeworkId}/questions`. */
export const fetchHomeworkQuestions = (courseId: string, homeworkId: string) =>
  http.get(
    serviceUrl(
      'course',
      `/courses/${encodeURIComponent(courseId)}/homeworks/${encodeURIComponent(homeworkId)}/questions`,
    ),
    { schema: homeworkQuestionsResult, silent: true },
  );

/** `GET /api/course/courses/{courseId}/exerciseSets/{setId}/questions`. */
export const fetchExerciseSetQuestions = (courseId: string, setId: string) =>
  http.get(
    serviceUrl(
      'course',
      `/courses/${encodeURIComponent(courseId)}/exerciseSets/${encodeURIComponent(setId)}/questions`,
    ),
    { schema: exerciseSetQuestionsResult, silent: true },
  );

export const useHomeworkQuestions = (courseId: string, homeworkId: string, enabled: boolean) =>
  useQuery({
    queryKey: teachingKeys.homework(courseId, homeworkId),
    queryFn: () => fetchHomeworkQuestions(courseId, homeworkId),
    enabled,
  });

export const useExerciseSetQuestions = (courseId: string, setId: string, enabled: boolean) =>
  useQuery({
    queryKey: teachingKeys.exerciseSet(courseId, setId),
    queryFn: () => fetchExerciseSetQuestions(courseId, setId),
    enabled,
  });
