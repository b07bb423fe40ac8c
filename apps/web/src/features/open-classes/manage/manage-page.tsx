import { PlusOutlined } from '@ant-design/icons';
import {
  LIVE_MODE_TITLES,
  OPEN_COURSE_STATUS_TITLES,
  OPEN_COURSE_STATUSES,
  type OpenCourseStatus,
} from '@uplus/shared';
import { Button } from 'antd';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListState, Pager, useBackToLastPage } from '../../courses/course-parts';
import { NotForStudents, useMayTeach } from '../../question-bank/teacher-course/page-states';
import { MANAGE_PAGE_SIZE, useManageCourses } from '../api';
import { coursePathOf, dateTimeText, manageEditPath, NEW_COURSE_PATH } from '../open-class-model';
import '../../courses/courses.css';
import '../open-classes.css';

const statusOf = (value: string | null): OpenCourseStatus | '' =>
  (OPEN_COURSE_STATUSES as readonly string[]).includes(value ?? '') ? (value as OpenCourseStatus) : '';

const STATUS_CLASS: Record<OpenCourseStatus, string> = {
  Draft: 'oc-tag oc-tag--muted',
  Online: 'oc-tag',
  Offline: 'oc-tag oc-tag--warn',
};

/**
 * 职业发展课管理 (/u/openclass/manage): the organiser's own open courses (a teacher's, or a business user's
 * company's) by status 草稿 / 已上线 / 已下线, in pages, and 创建课程.
 */
export function ManagePage() {
  const mayTeach = useMayTeach();
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useManageCourses(status, page);
  const navigate = useNavigate();
  const toPage = useCallback(
    (n: number) => {
      const p = new URLSearchParams(params);
      if (n > 1) p.set('page', String(n));
      else p.delete('page');
      setParams(p);
    },
    [params, setParams],
  );
  useBackToLastPage(list.data, page, MANAGE_PAGE_SIZE, toPage);
  if (!mayTeach) return <NotForStudents />;

  return (
    <section className="courses-page courses-page--standalone" aria-labelledby="oc-manage-title">
      <header className="courses-page__head">
        <h1 id="oc-manage-title">职业发展课管理</h1>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => navigate(NEW_COURSE_PATH)}
          data-testid="create-open-course"
        >
          创建课程
        </Button>
      </header>
      <div className="courses-toolbar">
        <nav aria-label="课程状态">
          <ul className="courses-tabs">
            {(['', ...OPEN_COURSE_STATUSES] as const).map((key) => (
              <li key={key || 'all'}>
                <Link
                  to={key ? `?status=${key}` : '?'}
                  aria-current={key === status ? 'page' : undefined}
                  data-testid={`manage-tab-${key || 'all'}`}
                >
                  {key ? OPEN_COURSE_STATUS_TITLES[key] : '全部'}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <ListState
        query={list}
        loadingText="正在加载课程…"
        isEmpty={(d) => d.rows.length === 0}
        empty={status ? `没有${OPEN_COURSE_STATUS_TITLES[status]}的课程` : '还没有课程，点击“创建课程”开始'}
      >
        {(d) => (
          <>
            <table className="oc-table" aria-label="我的职业发展课">
              <thead>
                <tr>
                  <th scope="col">课程名称</th>
                  <th scope="col">直播形式</th>
                  <th scope="col">状态</th>
                  <th scope="col">开课时间</th>
                  <th scope="col">课次</th>
                  <th scope="col">订阅</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {d.rows.map((row) => (
                  <tr key={row.id} data-testid="manage-row">
                    <td>
                      <Link to={manageEditPath(row.id)}>{row.name}</Link>
                    </td>
                    <td>{LIVE_MODE_TITLES[row.liveMode]}</td>
                    <td>
                      <span className={STATUS_CLASS[row.status]} data-testid="manage-status">
                        {row.statusTitle || OPEN_COURSE_STATUS_TITLES[row.status]}
                      </span>
                    </td>
                    <td>{dateTimeText(row.startAt) || '待定'}</td>
                    <td>{row.sessionCount}</td>
                    <td>{row.subscriberCount}</td>
                    <td className="oc-manage-row">
                      <Link to={manageEditPath(row.id)}>编辑</Link>
                      {row.status !== 'Draft' && (
                        <Link
                          to={coursePathOf(row.liveMode, row.id)}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          预览
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={page}
              pageSize={MANAGE_PAGE_SIZE}
              total={d.total}
              label="课程分页"
              onChange={toPage}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
