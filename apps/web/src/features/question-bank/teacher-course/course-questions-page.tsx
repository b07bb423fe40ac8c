import { useQueryClient } from '@tanstack/react-query';
import { Pagination } from 'antd';
import type { ReactNode } from 'react';
import { AiGenerateButton } from '../ai-generator/ai-buttons';
import { AiPanels } from '../ai-generator/ai-panels';
import { aiScene } from '../ai-generator/ai-scene';
import type { ImportTarget } from '../ai-generator/api';
import { QUESTION_PAGE_SIZE } from './api';
import { CourseCrumbs, ListStates, type QueryView } from './page-states';
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
  /** AI出题; absent: no AI出题 here (e.g. a published homework takes no new questions) */
  onGenerate?: () => void;
  /** the page shown (1-based) and how to change it: the questions come a page at a time */
  page: number;
  onPage: (page: number) => void;
  /** the loaded page of questions */
  children: (data: T) => ReactNode;
  /** dialogs of the page */
  extra?: ReactNode;
  /** links beside the title (e.g. a homework's 作业管理 and 提交情况) */
  links?: ReactNode;
};

/**
 * A homework or exercise-set page: crumbs, title with AI出题 once loaded, one page of the question list with
 * the pager under it, and the AI panels.
 */
export function CourseQuestionsPage<T extends { course: { name: string }; rows: unknown[]; total: number }>({
  titleId,
  title,
  query,
  emptyText,
  onGenerate,
  page,
  onPage,
  children,
  extra,
  links,
}: Props<T>) {
  return (
    <section className="teacher-course" aria-labelledby={titleId}>
      <CourseCrumbs courseName={query.data?.course.name} />
      <header className="teacher-course__head">
        <h1 id={titleId}>{title}</h1>
        <span className="teacher-course__links">
          {links}
          {query.data && onGenerate && <AiGenerateButton onClick={onGenerate} testId="course-ai-generate" />}
        </span>
      </header>
      <ListStates
        query={query}
        loadingText="正在加载题目…"
        isEmpty={(data) => data.total === 0}
        emptyText={emptyText}
      >
        {(data) => (
          <>
            {children(data)}
            {data.total > QUESTION_PAGE_SIZE && (
              <Pagination
                className="teacher-course__pager"
                current={page}
                pageSize={QUESTION_PAGE_SIZE}
                total={data.total}
                showSizeChanger={false}
                showTotal={(total) => `共${total}题`}
                onChange={onPage}
                data-testid="course-questions-pager"
              />
            )}
          </>
        )}
      </ListStates>
      {extra}
      <AiPanels />
    </section>
  );
}
