import { PlusOutlined } from '@ant-design/icons';
import type { HomeworkRow } from '@uplus/shared';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useToast } from '../../lib/toast';
import { useCourseDetail, useHomeworkActions, useTeachingHomeworks } from './api';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';
import { deadlineText } from './format';
import { HomeworkFormDialog } from './homework-form-dialog';
import { HomeworkPager, PageStates } from './page-states';
import {
  studentCoursePath,
  submissionsPath,
  TEACHER_COURSES_PATH,
  teacherCoursePath,
  teacherHomeworkPath,
} from './paths';
import { CourseHeader } from './student-course-page';
import './homework.css';

/** A homework's state for the teacher: 草稿, 已发布 or 已公布成绩. */
export const homeworkStateOf = (h: Pick<HomeworkRow, 'publishedAt' | 'releasedAt'>) =>
  h.releasedAt !== null
    ? { text: '已公布成绩', color: 'green' }
    : h.publishedAt !== null
      ? { text: '已发布', color: 'blue' }
      : { text: '草稿', color: 'default' };

/**
 * The homework of the teacher's course (/u/teacherGr/course/{courseId}/homeworks): each homework's deadline,
 * questions, submissions and answers waiting, and state; create and edit (name, description, deadline),
 * delete a draft, publish, release the results; links to its questions and its submissions.
 */
export function TeacherHomeworksPage() {
  const { courseId = '' } = useParams();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const detail = useCourseDetail(courseId);
  const isTeacher = detail.data?.role === 'Teacher';
  const list = useTeachingHomeworks(courseId, page, isTeacher);
  const actions = useHomeworkActions(courseId);
  const [editing, setEditing] = useState<HomeworkRow | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const save = async (body: Parameters<typeof actions.create.mutateAsync>[0]) => {
    if (editing === 'new') {
      await actions.create.mutateAsync(body);
      toast.success('作业已创建，请添加题目后发布');
      setPage(1);
    } else if (editing) {
      await actions.update.mutateAsync({ id: editing.id, body });
      toast.success('作业已保存');
    }
    setEditing(null);
  };

  const askDelete = (h: HomeworkRow) =>
    setConfirm({
      title: '删除作业',
      content: `确定删除作业“${h.name}”吗？其中的${h.questionCount}道题目将一并删除，且不能恢复。`,
      okText: '删除',
      danger: true,
      onOk: async () => {
        await actions.remove.mutateAsync(h.id);
        toast.success('作业已删除');
      },
    });
  const askPublish = (h: HomeworkRow) =>
    setConfirm({
      title: '发布作业',
      content: `发布后课程的学生即可作答“${h.name}”（共${h.questionCount}题，截止时间 ${deadlineText(h.deadline)}），发布后不能再增删题目或修改分值。确定发布吗？`,
      okText: '发布',
      onOk: async () => {
        await actions.publish.mutateAsync(h.id);
        toast.success('作业已发布');
      },
    });
  const askRelease = (h: HomeworkRow) =>
    setConfirm({
      title: '公布成绩',
      content: (
        <>
          <p>公布后学生可以看到“{h.name}”每道题的得分、评语和正确答案。</p>
          {h.pendingCount > 0 && (
            <p className="hw-warning">还有 {h.pendingCount} 个答案待批改，公布后学生会看到这些题“待批改”。</p>
          )}
          <p>确定公布成绩吗？</p>
        </>
      ),
      okText: '公布成绩',
      onOk: async () => {
        await actions.release.mutateAsync(h.id);
        toast.success('成绩已公布');
      },
    });

  const busy = actions.remove.isPending || actions.publish.isPending || actions.release.isPending;

  return (
    <section className="hw-page" aria-labelledby="hw-course-title">
      <PageStates
        query={detail}
        loadingText="正在加载课程…"
        back={{ to: TEACHER_COURSES_PATH, text: '返回我的课程' }}
      >
        {(course) =>
          course.role !== 'Teacher' ? (
            <>
              <CourseHeader course={course} trail={[{ to: studentCoursePath(course.id), text: '课程' }]} />
              <p className="hw-note" role="alert">
                学生身份暂无权限。<Link to={studentCoursePath(course.id)}>查看课程作业</Link>
              </p>
            </>
          ) : (
            <>
              <CourseHeader
                course={course}
                trail={[
                  { to: TEACHER_COURSES_PATH, text: '我的课程' },
                  { to: teacherCoursePath(course.id), text: course.name },
                ]}
                current="作业管理"
              />
              <section className="hw-section" aria-labelledby="hw-teaching-title">
                <div className="hw-section__head">
                  <h2 id="hw-teaching-title">作业管理</h2>
                  <Button
                    type="primary"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => setEditing('new')}
                    data-testid="homework-create"
                  >
                    新建作业
                  </Button>
                </div>
                <PageStates query={list} loadingText="正在加载作业…">
                  {(data) =>
                    data.total === 0 ? (
                      <p className="hw-empty" data-testid="teaching-empty">
                        还没有作业，点击“新建作业”开始布置
                      </p>
                    ) : (
                      <>
                        <div className="hw-table-wrap">
                          <table className="hw-table" data-testid="teaching-homeworks">
                            <thead>
                              <tr>
                                <th scope="col">作业名称</th>
                                <th scope="col">截止时间</th>
                                <th scope="col">题目</th>
                                <th scope="col">已提交</th>
                                <th scope="col">待批改</th>
                                <th scope="col">状态</th>
                                <th scope="col">操作</th>
                              </tr>
                            </thead>
                            <tbody>
                              {data.rows.map((h) => {
                                const state = homeworkStateOf(h);
                                const draft = h.publishedAt === null;
                                return (
                                  <tr key={h.id} data-testid="teaching-homework">
                                    <th scope="row">
                                      <Link to={teacherHomeworkPath(course.id, h.id)}>{h.name}</Link>
                                    </th>
                                    <td>{deadlineText(h.deadline)}</td>
                                    <td>
                                      {h.questionCount}题/{h.totalScore}分
                                    </td>
                                    <td>{draft ? '—' : `${h.submittedCount}/${h.studentCount}`}</td>
                                    <td>{draft ? '—' : h.pendingCount}</td>
                                    <td>
                                      <Tag color={state.color} data-testid="homework-state">
                                        {state.text}
                                      </Tag>
                                    </td>
                                    <td className="hw-table__actions">
                                      <Link to={teacherHomeworkPath(course.id, h.id)}>题目</Link>
                                      {!draft && (
                                        <Link
                                          to={submissionsPath(course.id, h.id)}
                                          data-testid="homework-submissions"
                                        >
                                          提交情况
                                        </Link>
                                      )}
                                      <Button type="link" size="small" onClick={() => setEditing(h)}>
                                        编辑
                                      </Button>
                                      {draft && (
                                        <>
                                          <Button
                                            type="link"
                                            size="small"
                                            onClick={() => askPublish(h)}
                                            data-testid="homework-publish"
                                          >
                                            发布
                                          </Button>
                                          <Button
                                            type="link"
                                            size="small"
                                            danger
                                            onClick={() => askDelete(h)}
                                          >
                                            删除
                                          </Button>
                                        </>
                                      )}
                                      {!draft && h.releasedAt === null && (
                                        <Button
                                          type="link"
                                          size="small"
                                          onClick={() => askRelease(h)}
                                          data-testid="homework-release"
                                        >
                                          公布成绩
                                        </Button>
                                      )}
                                    </td>
                                  </tr>
                                );
                              })}
                            </tbody>
                          </table>
                        </div>
                        <HomeworkPager page={page} total={data.total} onChange={setPage} />
                      </>
                    )
                  }
                </PageStates>
              </section>
            </>
          )
        }
      </PageStates>
      <HomeworkFormDialog editing={editing} onCancel={() => setEditing(null)} onSave={save} />
      <ConfirmDialog request={confirm} busy={busy} onClose={() => setConfirm(null)} />
    </section>
  );
}
