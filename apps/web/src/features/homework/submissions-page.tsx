import {
  formatDate,
  SUBMISSION_FILTER_TEXT,
  SUBMISSION_FILTERS,
  SUBMISSION_STATUS_TEXT,
  type SubmissionFilter,
  type SubmissionRow,
  type SubmissionStatus,
} from '@uplus/shared';
import { Button, Pagination, Segmented, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useToast } from '../../lib/toast';
import { AiPanels } from '../question-bank/ai-generator/ai-panels';
import { aiScene } from '../question-bank/ai-generator/ai-scene';
import {
  SUBMISSION_PAGE_SIZE,
  useCourseDetail,
  useHomeworkActions,
  useSubmission,
  useSubmissions,
  useTeachingHomework,
} from './api';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';
import { deadlineText, scoreText } from './format';
import { JudgeRunBar } from './judge-run';
import { PageStates } from './page-states';
import { TEACHER_COURSES_PATH, teacherCoursePath, teacherHomeworkPath, teacherHomeworksPath } from './paths';
import { Crumbs } from './student-course-page';
import { SubmissionReview } from './submission-detail';
import { homeworkStateOf } from './teacher-homeworks-page';
import './homework.css';

/** The route name the AI judge panel opened here shows on (spec 000 section 2). */
export const SUBMISSIONS_ROUTE_NAMES = ['teacherSubmissions'];

const STATUS_COLOR: Record<SubmissionStatus, string> = {
  not_submitted: 'default',
  draft: 'blue',
  submitted: 'green',
};

const isFilter = (v: string | null): v is SubmissionFilter =>
  (SUBMISSION_FILTERS as readonly string[]).includes(v ?? '');

/** The list of the course's students and their submissions, filtered by status, a page at a time. */
function SubmissionList({
  courseId,
  homeworkId,
  onOpen,
}: {
  courseId: string;
  homeworkId: string;
  onOpen: (row: SubmissionRow) => void;
}) {
  const [params, setParams] = useSearchParams();
  const status = isFilter(params.get('status')) ? (params.get('status') as SubmissionFilter) : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useSubmissions(courseId, homeworkId, status, page, true);
  const setFilter = (next: { status?: SubmissionFilter | null; page?: number }) => {
    const p = new URLSearchParams(params);
    const s = next.status === undefined ? status : next.status;
    if (s) p.set('status', s);
    else p.delete('status');
    p.set('page', String(next.page ?? 1));
    setParams(p, { replace: true });
  };

  return (
    <section className="hw-section" aria-labelledby="hw-submissions-title">
      <div className="hw-section__head">
        <h2 id="hw-submissions-title">学生提交</h2>
        <Segmented
          aria-label="按状态筛选"
          value={status ?? 'all'}
          options={[
            { label: '全部', value: 'all' },
            ...SUBMISSION_FILTERS.map((s) => ({ label: SUBMISSION_FILTER_TEXT[s], value: s })),
          ]}
          onChange={(v) => setFilter({ status: v === 'all' ? null : (v as SubmissionFilter) })}
          data-testid="submissions-filter"
        />
      </div>
      <PageStates query={list} loadingText="正在加载提交情况…">
        {(data) =>
          data.total === 0 ? (
            <p className="hw-empty" data-testid="submissions-empty">
              {status === 'to_review'
                ? '没有待批改的提交'
                : status
                  ? `没有${SUBMISSION_FILTER_TEXT[status]}的学生`
                  : '这门课程还没有学生'}
            </p>
          ) : (
            <>
              <div className="hw-table-wrap">
                <table className="hw-table" data-testid="submissions">
                  <thead>
                    <tr>
                      <th scope="col">学生</th>
                      <th scope="col">学号/账号</th>
                      <th scope="col">状态</th>
                      <th scope="col">提交时间</th>
                      <th scope="col">得分</th>
                      <th scope="col">待批改</th>
                      <th scope="col">操作</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((r) => (
                      <tr key={r.studentId} data-testid="submission-row">
                        <th scope="row">{r.name}</th>
                        <td>{r.username}</td>
                        <td>
                          <Tag color={STATUS_COLOR[r.status]}>{SUBMISSION_STATUS_TEXT[r.status]}</Tag>
                        </td>
                        <td>{r.submittedAt ? formatDate(r.submittedAt, '{m}-{d} {h}:{i}') : '—'}</td>
                        <td>{r.totalScore === null ? '—' : scoreText(r.totalScore)}</td>
                        <td>
                          {r.pendingCount > 0 ? (
                            <Tag color="gold">{r.pendingCount}</Tag>
                          ) : r.status === 'submitted' ? (
                            0
                          ) : (
                            '—'
                          )}
                        </td>
                        <td>
                          {r.submissionId ? (
                            <Button
                              type="link"
                              size="small"
                              onClick={() => onOpen(r)}
                              aria-label={`${r.status === 'submitted' ? '批改' : '查看'}${r.name}的作答`}
                              autoInsertSpace={false}
                              data-testid="submission-open"
                            >
                              {r.status === 'submitted' ? '批改' : '查看'}
                            </Button>
                          ) : (
                            <span className="hw-muted">未作答</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {data.total > SUBMISSION_PAGE_SIZE && (
                <Pagination
                  className="hw-pager"
                  current={page}
                  pageSize={SUBMISSION_PAGE_SIZE}
                  total={data.total}
                  showSizeChanger={false}
                  showTotal={(total) => `共${total}名学生`}
                  onChange={(p) => setFilter({ page: p })}
                />
              )}
            </>
          )
        }
      </PageStates>
    </section>
  );
}

/** One student's submission: back to the list, the totals, and every answer for review. */
function SubmissionPanel({
  courseId,
  homeworkId,
  submissionId,
  onBack,
}: {
  courseId: string;
  homeworkId: string;
  submissionId: string;
  onBack: () => void;
}) {
  const detail = useSubmission(courseId, homeworkId, submissionId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = !!detail.data;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);
  return (
    <section className="hw-section" aria-labelledby="hw-submission-title">
      <Button onClick={onBack} data-testid="submission-back">
        返回提交列表
      </Button>
      <PageStates query={detail} loadingText="正在加载作答…">
        {(d) => (
          <>
            <div className="hw-section__head">
              <h2 id="hw-submission-title" tabIndex={-1} ref={headingRef}>
                {d.student.name}（{d.student.username}）的作答
              </h2>
              <p className="hw-submission__total" data-testid="submission-total">
                {d.status === 'submitted' ? (
                  <>
                    总分 <strong>{d.totalScore === null ? '—' : scoreText(d.totalScore)}</strong>/{d.maxScore}
                    {d.pendingCount > 0 && `，${d.pendingCount}题待批改`}
                    {d.submittedAt && ` · 提交于 ${formatDate(d.submittedAt, '{y}-{m}-{d} {h}:{i}')}`}
                  </>
                ) : (
                  '作答中，尚未提交（提交后才能批改）'
                )}
              </p>
            </div>
            <SubmissionReview
              courseId={courseId}
              homeworkId={homeworkId}
              detail={d}
              routeNames={SUBMISSIONS_ROUTE_NAMES}
            />
          </>
        )}
      </PageStates>
    </section>
  );
}

/**
 * The submissions of a homework (/u/teacherGr/course/{courseId}/homework/{homeworkId}/submissions): every
 * student with status, score and answers waiting; one student's answers for review and grading; 智能批改
 * of the waiting short answers; 公布成绩.
 */
export function SubmissionsPage() {
  const { courseId = '', homeworkId = '' } = useParams();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const submissionId = params.get('submission');
  const course = useCourseDetail(courseId);
  const isTeacher = course.data?.role === 'Teacher';
  const homework = useTeachingHomework(courseId, homeworkId, isTeacher);
  const actions = useHomeworkActions(courseId);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  // The judge panel opened here closes with the page.
  useEffect(
    () => () => {
      if (aiScene.get().judge?.routeNames === SUBMISSIONS_ROUTE_NAMES) aiScene.closeJudge();
    },
    [],
  );

  const open = (id: string | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('submission', id);
    else p.delete('submission');
    setParams(p);
  };

  const askRelease = (name: string, pending: number) =>
    setConfirm({
      title: '公布成绩',
      content: (
        <>
          <p>公布后学生可以看到“{name}”每道题的得分、评语和正确答案。</p>
          {pending > 0 && (
            <p className="hw-warning">还有 {pending} 个答案待批改，公布后学生会看到这些题“待批改”。</p>
          )}
          <p>确定公布成绩吗？</p>
        </>
      ),
      okText: '公布成绩',
      onOk: async () => {
        await actions.release.mutateAsync(homeworkId);
        toast.success('成绩已公布');
      },
    });

  return (
    <section className="hw-page" aria-labelledby="hw-homework-title">
      <PageStates
        query={course}
        loadingText="正在加载课程…"
        back={{ to: TEACHER_COURSES_PATH, text: '返回我的课程' }}
      >
        {(c) =>
          c.role !== 'Teacher' ? (
            <p className="hw-state is-error" role="alert">
              学生身份暂无权限
            </p>
          ) : (
            <PageStates query={homework} loadingText="正在加载作业…">
              {(h) =>
                h === null ? (
                  <div className="hw-state is-error" role="alert" data-testid="hw-error">
                    <span>作业不存在</span>
                    <Link to={teacherHomeworksPath(courseId)}>返回作业管理</Link>
                  </div>
                ) : (
                  <>
                    <header className="hw-course-head">
                      <Crumbs
                        trail={[
                          { to: TEACHER_COURSES_PATH, text: '我的课程' },
                          { to: teacherCoursePath(courseId), text: c.name },
                          { to: teacherHomeworksPath(courseId), text: '作业管理' },
                        ]}
                        current={h.name}
                      />
                      <div className="hw-course-head__title">
                        <h1 id="hw-homework-title">{h.name}：提交情况</h1>
                        <Tag color={homeworkStateOf(h).color} data-testid="homework-state">
                          {homeworkStateOf(h).text}
                        </Tag>
                        <span className="hw-spacer" />
                        <Link to={teacherHomeworkPath(courseId, homeworkId)}>查看题目</Link>
                        {h.publishedAt !== null && h.releasedAt === null && (
                          <Button
                            onClick={() => askRelease(h.name, h.pendingCount)}
                            data-testid="homework-release"
                          >
                            公布成绩
                          </Button>
                        )}
                      </div>
                      <dl className="hw-facts">
                        <dt>截止时间</dt>
                        <dd>{deadlineText(h.deadline)}</dd>
                        <dt>已提交</dt>
                        <dd data-testid="homework-submitted">
                          {h.submittedCount}/{h.studentCount}
                        </dd>
                        <dt>待批改</dt>
                        <dd data-testid="homework-pending">{h.pendingCount}</dd>
                      </dl>
                    </header>
                    {h.publishedAt === null ? (
                      <p className="hw-note">作业尚未发布，学生还看不到它。</p>
                    ) : (
                      <>
                        <JudgeRunBar courseId={courseId} homeworkId={homeworkId} />
                        {submissionId ? (
                          <SubmissionPanel
                            courseId={courseId}
                            homeworkId={homeworkId}
                            submissionId={submissionId}
                            onBack={() => open(null)}
                          />
                        ) : (
                          <SubmissionList
                            courseId={courseId}
                            homeworkId={homeworkId}
                            onOpen={(r) => open(r.submissionId)}
                          />
                        )}
                      </>
                    )}
                  </>
                )
              }
            </PageStates>
          )
        }
      </PageStates>
      <ConfirmDialog request={confirm} busy={actions.release.isPending} onClose={() => setConfirm(null)} />
      <AiPanels />
    </section>
  );
}
