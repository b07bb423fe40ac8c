import type { TeachingQuestion } from '@uplus/shared';
import { useParams } from 'react-router';
import { AiJudgeButton } from '../ai-generator/ai-buttons';
import { teachingKeys, useHomeworkQuestions } from './api';
import { CourseQuestionsPage, useCourseGenerator } from './course-questions-page';
import { isJudgeable } from './judge-payload';
import { NotForStudents, useMayTeach } from './page-states';
import { QuestionList } from './question-list';
import { useAiJudge } from './use-ai-judge';

/** The route name the AI panels opened here show on (spec 000 section 2). */
const ROUTE_NAMES = ['teacherHomework'];

/**
 * A homework of the teacher's course: its questions, AI出题 importing into it, and AI判题 of a student's
 * answer to a 简答题, 编程题 or 函数题, whose result 引用 puts into the question's grading box.
 */
export function TeacherHomeworkPage() {
  const { courseId = '', homeworkId = '' } = useParams();
  const mayTeach = useMayTeach();
  const questions = useHomeworkQuestions(courseId, homeworkId, mayTeach);
  const openGenerator = useCourseGenerator(
    ROUTE_NAMES,
    { kind: 'homework', homeworkId },
    teachingKeys.homework(courseId, homeworkId),
  );
  const judge = useAiJudge<TeachingQuestion>(ROUTE_NAMES);

  if (!mayTeach) return <NotForStudents />;

  return (
    <CourseQuestionsPage
      titleId="teacher-homework-title"
      title={questions.data ? `作业：${questions.data.homework.name}` : '作业题目'}
      query={questions}
      emptyText="该作业暂无题目，可使用AI出题导入"
      onGenerate={openGenerator}
      extra={judge.dialog}
    >
      {(data) => (
        <QuestionList
          questions={data.questions}
          actions={(q) =>
            isJudgeable(q.qsnType) && (
              <AiJudgeButton
                onClick={() => judge.startJudging(q)}
                label={`第${data.questions.indexOf(q) + 1}题`}
                testId="course-ai-judge"
              />
            )
          }
          extra={(q) => judge.gradingBox(q.id, q.score)}
        />
      )}
    </CourseQuestionsPage>
  );
}
