import { AuditOutlined, BulbOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { JudgeBody, TeachingQuestion } from '@uplus/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AiPanels } from '../ai-generator/ai-panels';
import { aiScene } from '../ai-generator/ai-scene';
import type { ImportTarget } from '../ai-generator/api';
import { teachingKeys, useHomeworkQuestions } from './api';
import { type Grade, GradingBox } from './grading-box';
import { JudgeAnswerDialog } from './judge-answer-dialog';
import { isJudgeable } from './judge-payload';
import { ListStates, NotForStudents, useMayTeach } from './page-states';
import { QuestionList } from './question-list';
import { useOwnScenes } from './use-own-scenes';
import './teacher-course.css';

/** The route name the AI panels opened here show on (spec 000 section 2). */
const ROUTE_NAMES = ['teacherHomework'];

/**
 * A homework of the teacher's course: its questions, AI出题 importing into it, and AI判题 of a student's
 * answer to a 简答题, 编程题 or 函数题, whose result 引用 puts into the question's grading box.
 */
export function TeacherHomeworkPage() {
  const { courseId = '', homeworkId = '' } = useParams();
  const mayTeach = useMayTeach();
  const queryClient = useQueryClient();
  const questions = useHomeworkQuestions(courseId, homeworkId, mayTeach);
  const [judging, setJudging] = useState<TeachingQuestion | null>(null);
  const [grades, setGrades] = useState<Record<string, Grade>>({});
  const [applied, setApplied] = useState<{ id: string; at: number } | null>(null);
  const target: ImportTarget = { kind: 'homework', homeworkId };
  useOwnScenes(ROUTE_NAMES, target);

  if (!mayTeach) return <NotForStudents />;

  const openGenerator = () =>
    aiScene.openGenerator({
      routeNames: ROUTE_NAMES,
      variant: 'common',
      target,
      onImported: () =>
        void queryClient.invalidateQueries({ queryKey: teachingKeys.homework(courseId, homeworkId) }),
    });

  const openJudge = (question: TeachingQuestion, payload: JudgeBody) => {
    setJudging(null);
    aiScene.openJudge({
      routeNames: ROUTE_NAMES,
      variant: 'common',
      payload,
      onApply: (result) => {
        setGrades((all) => ({ ...all, [question.id]: { score: result.score, comment: result.comment } }));
        setApplied((prev) => ({ id: question.id, at: (prev?.at ?? 0) + 1 }));
      },
    });
  };

  return (
    <section className="teacher-course" aria-labelledby="teacher-homework-title">
      <nav className="teacher-course__crumbs" aria-label="位置">
        <Link to="/u/teacherGr/group">我的课程</Link>
        <span aria-hidden> / </span>
        <span>{questions.data?.course.name ?? '课程'}</span>
      </nav>
      <header className="teacher-course__head">
        <h1 id="teacher-homework-title">
          {questions.data ? `作业：${questions.data.homework.name}` : '作业题目'}
        </h1>
        {questions.data && (
          <Button
            type="primary"
            icon={<BulbOutlined />}
            onClick={openGenerator}
            data-testid="course-ai-generate"
          >
            AI出题
          </Button>
        )}
      </header>
      <ListStates
        query={questions}
        loadingText="正在加载题目…"
        isEmpty={(data) => data.questions.length === 0}
        emptyText="该作业暂无题目，可使用AI出题导入"
      >
        {(data) => (
          <QuestionList
            questions={data.questions}
            actions={(q) =>
              isJudgeable(q.qsnType) && (
                <Button
                  size="small"
                  icon={<AuditOutlined />}
                  onClick={() => setJudging(q)}
                  aria-label={`AI判题：第${data.questions.indexOf(q) + 1}题`}
                  data-testid="course-ai-judge"
                >
                  AI判题
                </Button>
              )
            }
            extra={(q) => {
              const grade = grades[q.id];
              return (
                grade && (
                  <GradingBox
                    grade={grade}
                    questionScore={q.score}
                    focusToken={applied?.id === q.id ? applied.at : undefined}
                    onChange={(next) => setGrades((all) => ({ ...all, [q.id]: next }))}
                  />
                )
              );
            }}
          />
        )}
      </ListStates>
      <JudgeAnswerDialog
        question={judging}
        onCancel={() => setJudging(null)}
        onSubmit={(payload) => judging && openJudge(judging, payload)}
      />
      <AiPanels />
    </section>
  );
}
