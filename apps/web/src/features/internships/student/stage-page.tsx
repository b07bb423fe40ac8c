import { ArrowLeftOutlined, CheckCircleFilled } from '@ant-design/icons';
import { INTERNSHIPS_MSG, progressPercentText } from '@uplus/shared';
import { Button, Progress } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useToast } from '../../../lib/toast';
import { useCompleteTask, useStage } from '../api';
import { INTERNSHIP_LIST_PATH } from '../internship-model';
import { QueryState } from '../parts';
import '../internships.css';

/**
 * A stage of an internship (/workbench/internship/stage/:stageId): its description and tasks with 完成
 * buttons and the progress (the share of tasks done). Refusals (实习未开始, 暂无阶段权限, not a member) show
 * in place; a finished internship is read-only.
 */
export function InternshipStagePage() {
  const { stageId = '' } = useParams();
  const stage = useStage(stageId);
  const complete = useCompleteTask(stageId);
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  const done = async (taskId: string) => {
    setBusy(taskId);
    try {
      await complete.mutateAsync(taskId);
      await stage.refetch();
      toast.success(INTERNSHIPS_MSG.taskCompleted);
    } catch {
      // toasted by the client
    } finally {
      setBusy(null);
    }
  };

  return (
    <main className="stage-page" aria-labelledby="stage-title">
      <Link to={INTERNSHIP_LIST_PATH}>
        <ArrowLeftOutlined aria-hidden /> 返回我的实习
      </Link>
      <QueryState query={stage} loadingText="正在加载阶段…">
        {(data) => (
          <>
            <header>
              <p className="internship-field__hint">{data.groupName}</p>
              <h1 id="stage-title">{data.name}</h1>
              {data.description && <p style={{ whiteSpace: 'pre-wrap' }}>{data.description}</p>}
              <div data-testid="stage-progress">
                完成进度 {progressPercentText(data.progressPercentage)}
                <Progress percent={Math.round(data.progressPercentage * 100)} aria-hidden />
              </div>
              {data.status === 'Finished' && (
                <p role="note">{INTERNSHIPS_MSG.internshipEnded}，任务仅可查看。</p>
              )}
            </header>
            {data.tasks.length === 0 ? (
              <div className="query-state">{INTERNSHIPS_MSG.noTasks}</div>
            ) : (
              <ol className="stage-tasks" aria-label="任务">
                {data.tasks.map((task) => (
                  <li key={task.id} className="stage-task" data-testid="stage-task">
                    <div>
                      <h3>{task.title}</h3>
                      {task.content && <p>{task.content}</p>}
                    </div>
                    {task.completed ? (
                      <span data-testid="task-done">
                        <CheckCircleFilled aria-hidden style={{ color: '#16a34a' }} /> 已完成
                      </span>
                    ) : data.status === 'Finished' ? (
                      <span>未完成</span>
                    ) : (
                      <Button
                        loading={busy === task.id}
                        onClick={() => void done(task.id)}
                        data-testid="task-complete"
                      >
                        标记完成
                      </Button>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </QueryState>
    </main>
  );
}
