import { RobotOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@uplus/shared';
import { Button, Progress } from 'antd';
import { useEffect, useRef } from 'react';
import { useToast } from '../../lib/toast';
import { homeworkKeys, useLatestJudgeRun, useStartJudgeRun } from './api';

/**
 * 智能批改: the AI judge scores the homework's waiting short answers in the background. The newest run's
 * progress is read from the server (judgeRuns/latest) and asked again while it runs, so a reload shows it
 * where it stands; when it ends, the submissions are fetched again.
 */
export function JudgeRunBar({
  courseId,
  homeworkId,
  disabled,
}: {
  courseId: string;
  homeworkId: string;
  /** e.g. not published yet: nothing to judge */
  disabled?: boolean;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const latest = useLatestJudgeRun(courseId, homeworkId, true);
  const start = useStartJudgeRun(courseId, homeworkId);
  const run = latest.data ?? null;
  const running = run?.status === 'running';
  const wasRunning = useRef(false);

  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current && run) {
      wasRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: homeworkKeys.submissions(courseId, homeworkId) });
      void queryClient.invalidateQueries({ queryKey: homeworkKeys.teaching(courseId) });
      if (run.status === 'done') toast.success(`智能批改完成：已批改${run.judged}份，失败${run.failed}份`);
    }
  }, [running, run, courseId, homeworkId, queryClient, toast]);

  const startRun = () =>
    start.mutate(undefined, {
      onSuccess: (result) => (result.started ? toast.success(result.message) : toast.info(result.message)),
    });

  const done = run ? run.judged + run.failed : 0;
  const percent = run && run.total > 0 ? Math.round((done / run.total) * 100) : 0;

  return (
    <section className="hw-judge-run" aria-labelledby="hw-judge-run-title" data-testid="judge-run">
      <div className="hw-judge-run__head">
        <h2 id="hw-judge-run-title">智能批改</h2>
        <Button
          type="primary"
          icon={<RobotOutlined aria-hidden />}
          loading={start.isPending}
          disabled={disabled || running}
          onClick={startRun}
          data-testid="judge-run-start"
        >
          {running ? '智能批改中…' : '智能批改'}
        </Button>
      </div>
      <p className="hw-judge-run__note">由AI判题为已提交、尚未批改的简答题答案评分，评分后教师仍可修改。</p>
      {run && (
        <div className="hw-judge-run__progress" data-testid="judge-run-progress">
          <Progress
            percent={percent}
            status={run.status === 'failed' ? 'exception' : running ? 'active' : 'success'}
            aria-label="智能批改进度"
          />
          <p role="status">
            {running
              ? `正在批改：${done}/${run.total}（失败${run.failed}）`
              : run.status === 'failed'
                ? `AI判题未能完成：${run.error ?? ''}（已批改${run.judged}/${run.total}）`
                : `上次智能批改于 ${formatDate(run.finishedAt ?? run.createdAt, '{m}-{d} {h}:{i}')} 完成：已批改${run.judged}/${run.total}，失败${run.failed}`}
          </p>
        </div>
      )}
    </section>
  );
}
