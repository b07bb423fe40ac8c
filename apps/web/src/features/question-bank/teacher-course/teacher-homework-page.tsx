import { HOMEWORK_MSG, type JudgedAnswer, type TeachingQuestion } from '@uplus/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useToast } from '../../../lib/toast';
import { useHomeworkQuestionActions, useTeachingHomework } from '../../homework/api';
import { ConfirmDialog, type ConfirmRequest } from '../../homework/confirm-dialog';
import { submissionsPath, teacherHomeworksPath } from '../../homework/paths';
import { QuestionTools } from '../../homework/question-tools';
import { AiJudgeButton } from '../ai-generator/ai-buttons';
import {
  QUESTION_PAGE_SIZE,
  teachingKeys,
  useHomeworkQuestions,
  useJudgedAnswers,
  useSaveJudgedAnswer,
  useUpdateJudgedAnswer,
} from './api';
import { CourseQuestionsPage, useCourseGenerator } from './course-questions-page';
import { isJudgeable } from './judge-payload';
import { JudgedAnswers } from './judged-answers';
import { NotForStudents, useMayTeach } from './page-states';
import { QuestionList } from './question-list';
import { useAiJudge } from './use-ai-judge';

/** The route name the AI panels opened here show on (spec 000 section 2). */
const ROUTE_NAMES = ['teacherHomework'];

/**
 * A homework of the teacher's course: its questions a page at a time, AI出题 importing into it, and AI判题 of
 * a student's answer to a 简答题, 编程题 or 函数题. 引用 stores the answer with its grade on the server (issue
 * 10 part 8); each question shows its stored grades, which stay after a reload and can be edited.
 */
export function TeacherHomeworkPage() {
  const { courseId = '', homeworkId = '' } = useParams();
  const mayTeach = useMayTeach();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const questions = useHomeworkQuestions(courseId, homeworkId, page, mayTeach);
  const judged = useJudgedAnswers(courseId, homeworkId, mayTeach);
  const saveJudged = useSaveJudgedAnswer(courseId, homeworkId);
  const updateJudged = useUpdateJudgedAnswer(courseId, homeworkId);
  const [focusId, setFocusId] = useState<string | null>(null);
  // issue 11: a draft homework's questions take a score and can be removed; a published one is fixed.
  const row = useTeachingHomework(courseId, homeworkId, mayTeach);
  const draft = row.data ? row.data.publishedAt === null : null;
  const questionActions = useHomeworkQuestionActions(
    courseId,
    homeworkId,
    teachingKeys.homework(courseId, homeworkId),
  );
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const askRemove = (q: TeachingQuestion, number: number) =>
    setConfirm({
      title: '移除题目',
      content: `确定从作业中移除第${number}题“${q.title}”吗？`,
      okText: '移除',
      danger: true,
      onOk: async () => {
        await questionActions.remove.mutateAsync(q.id);
        toast.success('题目已移除');
      },
    });
  const openGenerator = useCourseGenerator(
    ROUTE_NAMES,
    { kind: 'homework', homeworkId },
    teachingKeys.homework(courseId, homeworkId),
  );
  const judge = useAiJudge<TeachingQuestion>(ROUTE_NAMES, {
    save: async (question, studentAnswer, result) => {
      const saved = await saveJudged.mutateAsync({
        questionId: question.id,
        body: { studentAnswer, score: result.score, comment: result.comment, basis: result.basis },
      });
      toast.success(HOMEWORK_MSG.saved);
      setFocusId(saved.id);
    },
  });

  if (!mayTeach) return <NotForStudents />;

  const byQuestion = new Map<string, JudgedAnswer[]>();
  for (const a of judged.data ?? [])
    byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a]);

  return (
    <CourseQuestionsPage
      titleId="teacher-homework-title"
      title={questions.data ? `作业：${questions.data.homework.name}` : '作业题目'}
      query={questions}
      emptyText="该作业暂无题目，可使用AI出题导入"
      onGenerate={draft === false ? undefined : openGenerator}
      page={page}
      onPage={setPage}
      extra={
        <>
          {judge.dialog}
          <ConfirmDialog
            request={confirm}
            busy={questionActions.remove.isPending}
            onClose={() => setConfirm(null)}
          />
        </>
      }
      links={
        <>
          {draft === false && (
            <span className="teacher-course__note" data-testid="homework-locked">
              已发布：不能再增删题目或修改分值
            </span>
          )}
          <Link to={teacherHomeworksPath(courseId)} data-testid="homework-list-link">
            作业管理
          </Link>
          <Link to={submissionsPath(courseId, homeworkId)} data-testid="homework-submissions-link">
            提交情况
          </Link>
        </>
      }
    >
      {(data) => (
        <QuestionList
          questions={data.rows}
          firstNumber={(page - 1) * QUESTION_PAGE_SIZE + 1}
          actions={(q, number) => (
            <>
              {draft && (
                <QuestionTools
                  key={`${q.id}:${q.score}`}
                  question={q}
                  number={number}
                  actions={questionActions}
                  onRemove={askRemove}
                />
              )}
              {isJudgeable(q.qsnType) && (
                <AiJudgeButton
                  onClick={() => judge.startJudging(q)}
                  label={`第${number}题`}
                  testId="course-ai-judge"
                />
              )}
            </>
          )}
          extra={(q) => (
            <JudgedAnswers
              answers={byQuestion.get(q.id) ?? []}
              focusId={focusId}
              onSave={(answerId, grade) => updateJudged.mutateAsync({ answerId, body: grade })}
            />
          )}
        />
      )}
    </CourseQuestionsPage>
  );
}
