import { BulbOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { Link, useParams } from 'react-router';
import { AiPanels } from '../ai-generator/ai-panels';
import { aiScene } from '../ai-generator/ai-scene';
import type { ImportTarget } from '../ai-generator/api';
import { teachingKeys, useExerciseSetQuestions } from './api';
import { ListStates, NotForStudents, useMayTeach } from './page-states';
import { QuestionList } from './question-list';
import { useOwnScenes } from './use-own-scenes';
import './teacher-course.css';

/** The route name the generator opened here shows on (spec 000 section 2). */
const ROUTE_NAMES = ['teacherExerciseSet'];

/**
 * An exercise set of the teacher's course: its questions and AI出题 importing into it (the generator leaves
 * out 简答题 for this target, spec 2.1).
 */
export function TeacherExerciseSetPage() {
  const { courseId = '', setId = '' } = useParams();
  const mayTeach = useMayTeach();
  const queryClient = useQueryClient();
  const questions = useExerciseSetQuestions(courseId, setId, mayTeach);
  const target: ImportTarget = { kind: 'exerciseSet', courseId, setId };
  useOwnScenes(ROUTE_NAMES, target);

  if (!mayTeach) return <NotForStudents />;

  const openGenerator = () =>
    aiScene.openGenerator({
      routeNames: ROUTE_NAMES,
      variant: 'common',
      target,
      onImported: () =>
        void queryClient.invalidateQueries({ queryKey: teachingKeys.exerciseSet(courseId, setId) }),
    });

  return (
    <section className="teacher-course" aria-labelledby="teacher-exercise-set-title">
      <nav className="teacher-course__crumbs" aria-label="位置">
        <Link to="/u/teacherGr/group">我的课程</Link>
        <span aria-hidden> / </span>
        <span>{questions.data?.course.name ?? '课程'}</span>
      </nav>
      <header className="teacher-course__head">
        <h1 id="teacher-exercise-set-title">
          {questions.data ? `练习集：${questions.data.exerciseSet.name}` : '练习集题目'}
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
        emptyText="该练习集暂无题目，可使用AI出题导入"
      >
        {(data) => <QuestionList questions={data.questions} />}
      </ListStates>
      <AiPanels />
    </section>
  );
}
