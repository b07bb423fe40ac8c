import { COURSE_LIMITS, COURSES_MSG, type StudyCourse } from '@uplus/shared';
import { type ReactNode, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../lib/toast';
import {
  STUDY_PAGE_SIZE,
  useArchiveStudyCourse,
  useRestoreStudyCourse,
  useStudyCourses,
  useToggleFocus,
} from '../api';
import { type StudyTabKey, studyTabOf, typesOfTab } from '../course-model';
import { ListState, Pager, SearchBox, StudyTypeTabs, useBackToLastPage, useConfirm } from '../course-parts';
import { StudyCourseCard } from './study-course-card';

/** The address of a list with the tab, search and page changed (page 1 unless given). */
const withParams = (params: URLSearchParams, change: Record<string, string | null>) => {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in change)) next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '?';
};

/**
 * A student's course list, active (我的课程) or archived (归档课程): the type tabs (upType in the address),
 * search, cards, pages and the list's states. Pinned courses come first (the server orders them).
 */
export function StudyCoursesView({
  archived,
  searchPlaceholder,
  actions,
}: {
  archived: boolean;
  searchPlaceholder: string;
  /** buttons beside the search (加入课程, 归档课程) */
  actions?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const tab = studyTabOf(params.get('upType'));
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useStudyCourses(archived, { types: typesOfTab(tab), search, page });
  const focus = useToggleFocus();
  const archive = useArchiveStudyCourse();
  const restore = useRestoreStudyCourse();
  const toast = useToast();
  const confirm = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);
  const toPage = useCallback(
    (next: number) =>
      setParams(new URLSearchParams(withParams(params, { page: next > 1 ? String(next) : null }).slice(1))),
    [params, setParams],
  );
  useBackToLastPage(list.data, page, STUDY_PAGE_SIZE, toPage);

  const run = async (course: StudyCourse, act: () => Promise<unknown>) => {
    setBusyId(course.id);
    try {
      await act();
    } finally {
      setBusyId(null);
    }
  };

  const toggleFocus = (course: StudyCourse) =>
    void run(course, async () => {
      const result = await focus.mutateAsync(course.id).catch(() => null);
      if (result) toast.success(result.focus ? COURSES_MSG.pinned : COURSES_MSG.unpinned);
    });

  const askArchive = (course: StudyCourse) =>
    confirm.ask({
      title: '归档课程',
      content: `确定归档《${course.name}》吗？归档后可在“归档课程”中恢复。`,
      okText: '归档',
      onConfirm: () =>
        run(course, async () => {
          await archive.mutateAsync(course.id);
          toast.success(COURSES_MSG.archived);
        }),
    });

  const doRestore = (course: StudyCourse) =>
    void run(course, async () => {
      const result = await restore.mutateAsync(course.id).catch(() => null);
      if (result) toast.success(COURSES_MSG.restored);
    });

  const hrefOf = (next: StudyTabKey) => withParams(params, { upType: next === '3' ? null : next });

  return (
    <>
      <div className="courses-toolbar">
        <StudyTypeTabs current={tab} hrefOf={hrefOf} />
        <div className="courses-page__actions">
          <SearchBox
            value={search}
            placeholder={searchPlaceholder}
            label={searchPlaceholder}
            maxLength={COURSE_LIMITS.maxSearchLength}
            onSearch={(text) => setParams(new URLSearchParams(withParams(params, { search: text }).slice(1)))}
          />
          {actions}
        </div>
      </div>
      <ListState
        query={list}
        loadingText="正在加载课程…"
        isEmpty={(data) => data.rows.length === 0}
        empty={search ? `没有找到与“${search}”相关的课程` : COURSES_MSG.noCourses}
      >
        {(data) => (
          <>
            <ul
              className="course-grid"
              aria-label={archived ? '归档课程列表' : '课程列表'}
              aria-busy={list.isFetching}
            >
              {data.rows.map((course) => (
                <li key={course.id}>
                  <StudyCourseCard
                    course={course}
                    mode={archived ? 'archived' : 'active'}
                    busy={busyId === course.id}
                    onToggleFocus={toggleFocus}
                    onArchive={askArchive}
                    onRestore={doRestore}
                  />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={STUDY_PAGE_SIZE}
              total={data.total}
              label="课程分页"
              onChange={toPage}
            />
          </>
        )}
      </ListState>
      {confirm.dialog}
    </>
  );
}
