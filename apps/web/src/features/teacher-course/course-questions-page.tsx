import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AiGenerateButton } from '../ai-generator/ai-buttons';
import { AiPanels } from '../ai-generator/ai-panels';
import { aiScene } from '../ai-generator/ai-scene';
import type { ImportTarget } from '../ai-generator/api';
import { ListStates, type QueryView } from './page-states';
import { useOwnScenes } from './use-own-scenes';
import './teacher-course.css';

/**
 * The common generator of a course page, importing into `target`; the page's questions (`queryKey`) are
 * fetched again after an import. Returns what AI出题 calls.
 */
export const useCourseGenerator = (
  routeNames: string[],
  target: ImportTarget,
  queryKey: readonly unknown[],
) => {
  const queryClient = useQueryClient();
  useOwnScenes(routeNames, target);
  return () =>
    aiScene.openGenerator({
      routeNames,
      variant: 'common',
      target,
      onImported: () => void queryClient.invalidateQueries({ queryKey }),
    });
};

type Props<T> = {
  titleId: string;
  title: string;
  query: QueryView<T>;
  emptyText: string;
  onGenerate: () => void;
  /** the loaded questions */
  children: (data: T) => ReactNode;
  /** dialogs of the page */
  extra?: ReactNode;
};

/** A homework or exercise-set page: crumbs, title with AI出题 once loaded, the question list and AI panels. */
export function CourseQuestionsPage<T extends { course: { name: string }; questions: unknown[] }>({
  titleId,
  title,
  query,
  emptyText,
  onGenerate,
  children,
  extra,
}: Props<T>) {
  return (
    <section className="teacher-course" aria-labelledby={titleId}>
      <nav className="teacher-course__crumbs" aria-label="位置">
        <Link to="/u/teacherGr/group">我的课程</Link>
        <span aria-hidden> / </span>
        <span>{query.data?.course.name ?? '课程'}</span>
      </nav>
      <header className="teacher-course__head">
        <h1 id={titleId}>{title}</h1>
        {query.data && <AiGenerateButton onClick={onGenerate} testId="course-ai-generate" />}
      </header>
      <ListStates
        query={query}
        loadingText="正在加载题目…"
        isEmpty={(data) => data.questions.length === 0}
        emptyText={emptyText}
      >
        {children}
      </ListStates>
      {extra}
      <AiPanels />
    </section>
  );
}
