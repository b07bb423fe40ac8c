import { COMPETITIONS_MSG, type TeamPreview } from '@uplus/shared';
import { Button } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { useJoinTeam, useTeamMembers, useTeamPreview } from './api';
import { Cover, QueryState } from './parts';

/**
 * 加入队伍 (/competition/link?applyRecordId=&code=): the team behind a captain's invite link and 加入队伍.
 * Members (a TeamMember opening their card) see their team without the code.
 */
export function CompetitionLinkPage() {
  const [params] = useSearchParams();
  const recordId = params.get('applyRecordId') ?? '';
  const code = params.get('code') ?? '';
  const preview = useTeamPreview(recordId, code);
  return (
    <main className="competitions-page" aria-labelledby="link-title">
      <QueryState query={preview} loadingText="正在加载队伍…">
        {(team) => <Team team={team} code={code} />}
      </QueryState>
    </main>
  );
}

/** Why 加入队伍 is not offered, or null when it is. */
export const joinBlockOf = (team: TeamPreview, role: string | null): string | null => {
  if (team.myRole) return null;
  if (role === 'Teacher' || role === 'Business') return COMPETITIONS_MSG.studentsOnly;
  if (team.appliedElsewhere) return COMPETITIONS_MSG.alreadyApplied;
  if (!team.applyEnable) return COMPETITIONS_MSG.notApplyPeriod;
  if (team.memberCount >= team.maxTeamSize) return COMPETITIONS_MSG.teamFull;
  return null;
};

function Team({ team, code }: { team: TeamPreview; code: string }) {
  const join = useJoinTeam();
  const toast = useToast();
  const role = useStored('role');
  const members = useTeamMembers(team.myRole ? team.id : null);
  const blocked = joinBlockOf(team, role);
  const onJoin = async () => {
    try {
      await join.mutateAsync({ recordId: team.id, code });
      toast.success(COMPETITIONS_MSG.joined);
    } catch {
      // the client toasted the server's message
    }
  };
  return (
    <article className="competition-detail">
      <div className="competition-detail__head">
        <Cover url={team.competitionCoverUrl} className="competition-detail__cover" />
        <div className="competition-detail__info">
          <h1 id="link-title">{team.teamName}</h1>
          <dl>
            <dt>竞赛</dt>
            <dd>
              <Link to={`/competition/details?id=${encodeURIComponent(team.competitionId)}`}>
                {team.competitionName}
              </Link>
            </dd>
            <dt>主办方</dt>
            <dd>{team.competitionOrganizer}</dd>
            <dt>队长</dt>
            <dd>{team.leaderName}</dd>
            <dt>人数</dt>
            <dd>
              {team.memberCount}/{team.maxTeamSize}
            </dd>
            <dt>状态</dt>
            <dd>
              <span className={`competition-badge${team.applyEnable ? '' : ' is-closed'}`}>
                {team.applyEnable ? COMPETITIONS_MSG.applyOpen : COMPETITIONS_MSG.applyClosed}
              </span>{' '}
              <span className={`competition-badge${team.status === 'Draft' ? ' is-draft' : ''}`}>
                {team.statusTitle}
              </span>
            </dd>
          </dl>
          {team.myRole ? (
            <div className="competition-actions">
              <span className="competition-badge is-role">您已在该队伍中</span>
              {team.myRole === 'Captain' && (
                <Link to={`/competition/apply?id=${encodeURIComponent(team.competitionId)}`}>
                  填写报名信息
                </Link>
              )}
            </div>
          ) : (
            <div className="competition-actions">
              <Button
                type="primary"
                disabled={!!blocked}
                loading={join.isPending}
                onClick={() => void onJoin()}
                data-testid="join-team"
              >
                加入队伍
              </Button>
              {blocked && <span className="competition-card__meta">{blocked}</span>}
            </div>
          )}
        </div>
      </div>
      {members.data && (
        <section aria-labelledby="members-title">
          <h2 id="members-title">队伍成员</h2>
          <ul className="competition-members">
            {members.data.map((m) => (
              <li key={m.id}>
                {m.name}（{m.roleTitle}）
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
