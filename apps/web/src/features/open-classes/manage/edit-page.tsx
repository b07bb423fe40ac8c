import { DeleteOutlined, EditOutlined, LeftOutlined, PlusOutlined } from '@ant-design/icons';
import {
  LIVE_MODE_TITLES,
  type ManageCourseDetail,
  type ManageSession,
  OPEN_CLASS_LIMITS,
  OPEN_CLASS_MSG,
  OPEN_COURSE_STATUS_TITLES,
} from '@uplus/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../../../lib/toast';
import { useConfirm } from '../../courses/course-parts';
import { NotForStudents, useMayTeach } from '../../question-bank/teacher-course/page-states';
import { useCourseLifecycle, useDeleteSession, useManageCourse, useSaveCourse, useSaveSession } from '../api';
import { PageState } from '../live/course-state';
import { coursePathOf, durationText, MANAGE_PATH, manageEditPath, spanText } from '../open-class-model';
import { bodyOf, CourseForm, type CourseFormValues, formValuesOf } from './course-form';
import { SessionDialog, type SessionFormValues, sessionBodyOf } from './session-dialog';
import '../../courses/courses.css';
import '../open-classes.css';

/** A session's source as one line: its span, its video or HLS address. */
const sessionFacts = (course: ManageCourseDetail, s: ManageSession) => {
  const parts: string[] = [];
  if (course.liveMode !== 'Video') parts.push(spanText(s.startAt, s.endAt) || '时间待定');
  if (s.video) parts.push(`${course.liveMode === 'Video' ? '视频' : '回放'}：${s.video.name}`);
  else if (s.hlsUrl) parts.push(`HLS：${s.hlsUrl}`);
  else parts.push(course.liveMode === 'Video' ? '未上传视频' : '暂无回放');
  if (s.durationSeconds > 0) parts.push(durationText(s.durationSeconds));
  return parts.join(' · ');
};

/** The sessions of a course: add, edit, delete (asks first). */
function Sessions({ course }: { course: ManageCourseDetail }) {
  const [editing, setEditing] = useState<ManageSession | 'new' | null>(null);
  const save = useSaveSession();
  const remove = useDeleteSession();
  const confirm = useConfirm();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const full =
    course.sessions.length >= OPEN_CLASS_LIMITS.maxSessions ||
    (course.liveMode === 'SingleLive' && course.sessions.length >= 1);

  const onSave = async (values: SessionFormValues) => {
    setSaving(true);
    try {
      const body = await sessionBodyOf(values, course.liveMode);
      await save.mutateAsync({
        courseId: course.id,
        sessionId: editing && editing !== 'new' ? editing.id : null,
        body,
      });
      toast.success('课次已保存');
      setEditing(null);
    } catch {
      // the client has shown the server's message; the dialog stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="oc-editor-section" aria-labelledby="oc-sessions-edit">
      <h2 id="oc-sessions-edit">{course.liveMode === 'Video' ? '课程视频' : '直播课次'}</h2>
      {course.sessions.length === 0 ? (
        <p className="oc-card__meta" data-testid="no-sessions">
          {course.liveMode === 'Video'
            ? '还没有视频，点击“添加课次”上传'
            : '还没有课次，点击“添加课次”安排直播'}
        </p>
      ) : (
        <ol className="oc-editor-list" data-testid="edit-sessions">
          {course.sessions.map((s) => (
            <li
              key={s.id}
              className="oc-manage-row"
              style={{ justifyContent: 'space-between' }}
              data-testid="edit-session"
            >
              <span>
                <strong>{s.title}</strong>
                <br />
                <span className="oc-card__meta">{sessionFacts(course, s)}</span>
              </span>
              <span className="oc-manage-row">
                <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(s)}>
                  编辑
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`删除课次《${s.title}》`}
                  onClick={() =>
                    confirm.ask({
                      title: '删除课次',
                      content: `确定删除课次《${s.title}》吗？`,
                      okText: '删除',
                      danger: true,
                      onConfirm: async () => {
                        await remove.mutateAsync({ courseId: course.id, sessionId: s.id });
                        toast.success('课次已删除');
                      },
                    })
                  }
                >
                  删除
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <Button
        icon={<PlusOutlined aria-hidden />}
        onClick={() => setEditing('new')}
        disabled={full}
        data-testid="add-session"
      >
        添加课次
      </Button>
      {course.liveMode === 'SingleLive' && full && (
        <span className="oc-card__meta"> {OPEN_CLASS_MSG.singleLiveOneSession}</span>
      )}
      <SessionDialog
        open={editing !== null}
        liveMode={course.liveMode}
        session={editing && editing !== 'new' ? editing : null}
        saving={saving}
        onSave={(v) => void onSave(v)}
        onClose={() => setEditing(null)}
      />
      {confirm.dialog}
    </section>
  );
}

/** 上线 / 下线 / 删除草稿, each after a confirmation. */
function Lifecycle({ course }: { course: ManageCourseDetail }) {
  const lifecycle = useCourseLifecycle();
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <div className="oc-manage-row" data-testid="lifecycle">
      <span className="oc-tag" data-testid="edit-status">
        {OPEN_COURSE_STATUS_TITLES[course.status]}
      </span>
      {course.status !== 'Online' && (
        <Button
          type="primary"
          onClick={() =>
            confirm.ask({
              title: '上线课程',
              content: `上线后学生即可看到并订阅《${course.name}》，确定上线吗？`,
              okText: '上线',
              onConfirm: async () => {
                await lifecycle.mutateAsync({ courseId: course.id, act: 'publish' });
                toast.success(OPEN_CLASS_MSG.published);
              },
            })
          }
          data-testid="publish"
        >
          上线
        </Button>
      )}
      {course.status === 'Online' && (
        <Button
          danger
          onClick={() =>
            confirm.ask({
              title: '下线课程',
              content: `下线后学生将无法观看《${course.name}》，已订阅的学生会看到“课程已过期”。确定下线吗？`,
              okText: '下线',
              danger: true,
              onConfirm: async () => {
                await lifecycle.mutateAsync({ courseId: course.id, act: 'offline' });
                toast.success(OPEN_CLASS_MSG.takenOffline);
              },
            })
          }
          data-testid="offline"
        >
          下线
        </Button>
      )}
      {course.status === 'Draft' && (
        <Button
          danger
          type="text"
          icon={<DeleteOutlined aria-hidden />}
          onClick={() =>
            confirm.ask({
              title: '删除课程',
              content: `确定删除草稿《${course.name}》吗？删除后不可恢复。`,
              okText: '删除',
              danger: true,
              onConfirm: async () => {
                await lifecycle.mutateAsync({ courseId: course.id, act: 'delete' });
                toast.success(OPEN_CLASS_MSG.deleted);
                navigate(MANAGE_PATH, { replace: true });
              },
            })
          }
          data-testid="delete-course"
        >
          删除
        </Button>
      )}
      <Link to={coursePathOf(course.liveMode, course.id)} target="_blank" rel="noopener noreferrer">
        预览
      </Link>
      {confirm.dialog}
    </div>
  );
}

/**
 * /u/openclass/manage/:id (new: /u/openclass/manage/new): the organiser's editor. Basic information with
 * the dictionaries and the poster, lecturers, partners; then (once saved) the sessions and 上线 / 下线 /
 * 删除. Every refusal of the server is shown as its message.
 */
export function EditPage() {
  const mayTeach = useMayTeach();
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const course = useManageCourse(isNew ? '' : id);
  const save = useSaveCourse();
  const toast = useToast();
  const navigate = useNavigate();
  if (!mayTeach) return <NotForStudents />;

  const submit = (values: CourseFormValues) =>
    save
      .mutateAsync({ courseId: isNew ? null : id, body: bodyOf(values) })
      .then((saved) => {
        toast.success(isNew ? '课程已创建，请继续添加课次' : '课程信息已保存');
        if (isNew) navigate(manageEditPath(saved.id), { replace: true });
      })
      .catch(() => undefined);

  const data = course.data;
  return (
    <section className="courses-page courses-page--standalone" aria-labelledby="oc-edit-title">
      <nav aria-label="返回">
        <Link to={MANAGE_PATH}>
          <LeftOutlined aria-hidden /> 职业发展课管理
        </Link>
      </nav>
      <header className="courses-page__head" style={{ marginTop: 8 }}>
        <h1 id="oc-edit-title">{isNew ? '创建职业发展课' : data ? data.name : '编辑职业发展课'}</h1>
        {data && <Lifecycle course={data} />}
      </header>
      {isNew ? (
        <CourseForm
          initial={formValuesOf(null)}
          liveModeLocked={false}
          saving={save.isPending}
          onSubmit={submit}
          submitText="创建课程"
        />
      ) : (
        <PageState query={course}>
          {data && (
            <>
              <p className="oc-card__meta">
                {LIVE_MODE_TITLES[data.liveMode]} · {data.sessionCount}个课次 · {data.subscriberCount}人订阅
              </p>
              <section className="oc-editor-section" aria-labelledby="oc-basic">
                <h2 id="oc-basic">基本信息</h2>
                <CourseForm
                  key={data.updatedAt}
                  initial={formValuesOf(data)}
                  liveModeLocked={data.publishedAt !== null}
                  saving={save.isPending}
                  onSubmit={submit}
                  submitText="保存"
                />
              </section>
              <Sessions course={data} />
            </>
          )}
        </PageState>
      )}
    </section>
  );
}
