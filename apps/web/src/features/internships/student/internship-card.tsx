import { LockOutlined } from '@ant-design/icons';
import { internshipCardState, type StudentGroup } from '@uplus/shared';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useToast } from '../../../lib/toast';
import { internshipStagePath } from '../internship-model';
import { dateRange, ProgressBar } from '../parts';

type Props = {
  group: StudentGroup;
  onExit: (group: StudentGroup) => void;
  onNotSuitable: (text: string) => void;
};

/**
 * A group on 我的实习 (spec 2.12, 3 and 4): company logo, name, period, status, position and the stages
 * with lock or progress; the button and the clicks follow internshipCardState.
 */
export function InternshipCard({ group, onExit, onNotSuitable }: Props) {
  const state = internshipCardState(group);
  const toast = useToast();
  const navigate = useNavigate();
  const headingId = `internship-${group.id}-name`;

  const act = () => {
    const click = state.action.click;
    if (!click) return;
    if (click.kind === 'error') toast.error(click.message);
    else if (click.kind === 'notSuitable') onNotSuitable(state.notSuitable?.text ?? '');
    else navigate(internshipStagePath(click.stageId));
  };

  return (
    <article
      className="internship-card"
      aria-labelledby={headingId}
      data-testid="internship-card"
      data-status={group.status}
    >
      <div className="internship-card__head">
        {group.company.logo ? (
          <img
            className="internship-card__logo"
            src={group.company.logo}
            alt={`${group.company.name}的标志`}
          />
        ) : (
          <div className="internship-card__logo" aria-hidden>
            {group.company.name.slice(0, 1)}
          </div>
        )}
        <div className="internship-card__main">
          <h2 id={headingId}>{group.name}</h2>
          <div className="internship-card__meta">
            <span>{group.company.name}</span>
            <span data-testid="internship-period">{dateRange(group.startTimestamp, group.endTimestamp)}</span>
            <span className="internship-status" data-status={group.status} data-testid="internship-status">
              {state.statusTitle}
            </span>
            {state.occupationName && (
              <span data-testid="internship-position">岗位：{state.occupationName}</span>
            )}
          </div>
        </div>
        <div className="internship-card__actions">
          {state.action.kind === 'ended' ? (
            <Button disabled data-testid="internship-action">
              {state.action.label}
            </Button>
          ) : (
            <Button
              type={state.action.kind === 'enter' ? 'primary' : 'default'}
              onClick={act}
              data-testid="internship-action"
            >
              {state.action.label}
            </Button>
          )}
          {state.showExit && (
            <Button danger onClick={() => onExit(group)} data-testid="internship-exit">
              退出实习
            </Button>
          )}
        </div>
      </div>
      {state.notSuitable ? (
        <Button
          type="link"
          onClick={() => onNotSuitable(state.notSuitable?.text ?? '')}
          data-testid="internship-not-suitable"
        >
          查看考核结果
        </Button>
      ) : state.stages.length === 0 ? (
        <p className="internship-field__hint">暂无阶段</p>
      ) : (
        <ul className="internship-stages" aria-label={`${group.name}的阶段`}>
          {state.stages.map((stage) => (
            <li key={stage.id}>
              <button
                type="button"
                className={`internship-stage${stage.locked ? ' is-locked' : ''}`}
                // unlocked, its visible text (name, 已完成 n%) is its name (WCAG 2.5.3 label in name)
                aria-label={stage.locked ? `${stage.name}（未解锁）` : undefined}
                onClick={() =>
                  stage.click.kind === 'error'
                    ? toast.error(stage.click.message)
                    : navigate(internshipStagePath(stage.id))
                }
                data-testid="internship-stage"
                data-locked={stage.locked}
              >
                <span className="internship-stage__name">
                  {stage.locked && <LockOutlined aria-hidden data-testid="stage-lock" />}
                  {stage.name}
                </span>
                {!stage.locked && (
                  <>
                    <ProgressBar share={Number.parseInt(stage.progressText, 10) / 100} />
                    <span className="internship-field__hint">已完成 {stage.progressText}</span>
                  </>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
