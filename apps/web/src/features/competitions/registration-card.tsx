import { type Registration, registrationCardOf, registrationTargetOf } from '@uplus/shared';
import { useNavigate } from 'react-router';
import { Cover, periodText, timeText } from './parts';

/**
 * A registration in 我的竞赛 (spec 3, 4, 6): cover, name, organiser, apply time, 报名期 / 报名截止, 未提交 for
 * a Draft, 个人参赛 in Personal mode (else 队长 / 队员 and the team name). Captains and personal entrants
 * open the apply page, team members the link page.
 */
export function RegistrationCard({ registration: r }: { registration: Registration }) {
  const navigate = useNavigate();
  const card = registrationCardOf(r);
  const target = registrationTargetOf(r);
  return (
    <button
      type="button"
      className="competition-card"
      onClick={() => navigate(target)}
      data-testid={`registration-${r.id}`}
      aria-label={`${r.competitionName}，${card.roleText}`}
    >
      <Cover url={r.competitionCoverUrl} className="competition-card__cover" />
      <div className="competition-card__body">
        <h2>{r.competitionName}</h2>
        <p className="competition-card__meta">主办方：{r.competitionOrganizer}</p>
        <p className="competition-card__meta">报名时间：{timeText(r.applyTime)}</p>
        <p className="competition-card__meta">报名期限：{periodText(r.applyStartAt, r.applyEndAt)}</p>
        {r.mode === 'Group' && r.applyInfo.teamName && (
          <p className="competition-card__meta">队伍：{r.applyInfo.teamName}</p>
        )}
        {(r.trackName || r.areaName) && (
          <p className="competition-card__meta">{[r.trackName, r.areaName].filter(Boolean).join(' · ')}</p>
        )}
        <div className="competition-card__badges">
          <span
            className={`competition-badge${r.applyEnable ? '' : ' is-closed'}`}
            data-testid="registration-period"
          >
            {card.periodBadge}
          </span>
          {card.draftBadge && (
            <span className="competition-badge is-draft" data-testid="registration-draft">
              {card.draftBadge}
            </span>
          )}
          <span className="competition-badge is-role" data-testid="registration-role">
            {card.roleText}
          </span>
        </div>
      </div>
    </button>
  );
}
