import { useState } from 'react';
import { useParams } from 'react-router';
import { QUESTION_PAGE_SIZE, teachingKeys, useExerciseSetQuestions } from './api';
import { CourseQuestionsPage, useCourseGenerator } from './course-questions-page';
import { NotForStudents, useMayTeach } from './page-states';
import { QuestionList } from './question-list';

/** The route name the generator opened here shows on (spec 000 section 2). */
const ROUTE_NAMES = ['teacherExerciseSet'];

/**
 * An exercise set of the teacher's course: its questions and AI出题 importing into it (the generator leaves
 * out 简答题 for this target, spec 2.1).
 */
export function TeacherExerciseSetPage() {
  const { courseId = '', setId = '' } = useParams();
  const mayTeach = useMayTeach();
  const [page, setPage] = useState(1);
  const questions = useExerciseSetQuestions(courseId, setId, page, mayTeach);
  const openGenerator = useCourseGenerator(
    ROUTE_NAMES,
    { kind: 'exerciseSet', courseId, setId },
    teachingKeys.exerciseSet(courseId, setId),
  );

  if (!mayTeach) return <NotForStudents />;

  return (
    <CourseQuestionsPage
      titleId="teacher-exercise-set-title"
      title={questions.data ? `练习集：${questions.data.exerciseSet.name}` : '练习集题目'}
      query={questions}
      emptyText="该练习集暂无题目，可使用AI出题导入"
      onGenerate={openGenerator}
      page={page}
      onPage={setPage}
    >
      {(data) => <QuestionList questions={data.rows} firstNumber={(page - 1) * QUESTION_PAGE_SIZE + 1} />}
    </CourseQuestionsPage>
  );
}
