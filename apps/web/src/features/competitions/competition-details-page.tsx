import { COMPETITIONS_MSG, type CompetitionInfo, teamNameError } from '@uplus/shared';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { useCompetition, useMyRecord, useStartApply, verifyTeamName } from './api';
import { Cover, periodText, QueryState, timeText } from './parts';

/** 竞赛详情 (/competition/details?id=): the base info and 报名 (alone, or creating a team). */
export function CompetitionDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const competition = useCompetition(id);
  return (
    <main className="competitions-page" aria-label="竞赛详情">
      <QueryState query={competition} loadingText="正在加载竞赛…">
        {(c) => <Details competition={c} />}
      </QueryState>
    </main>
  );
}

function Details({ competition: c }: { competition: CompetitionInfo }) {
  return (
    <article className="competition-detail">
      <div className="competition-detail__head">
        <Cover url={c.coverUrl} className="competition-detail__cover" />
        <div className="competition-detail__info">
          <h1>{c.name}</h1>
          <dl>
            <dt>主办方</dt>
            <dd>{c.organizer}</dd>
            <dt>参赛方式</dt>
            <dd>
              {c.modeTitle}
              {c.mode === 'Group' && `（每队最多 ${c.maxTeamSize} 人）`}
            </dd>
            <dt>报名时间</dt>
            <dd>
              {periodText(c.applyStartAt, c.applyEndAt)}{' '}
              <span className={`competition-badge${c.applyEnable ? '' : ' is-closed'}`}>
                {c.applyEnable ? COMPETITIONS_MSG.applyOpen : COMPETITIONS_MSG.applyClosed}
              </span>
            </dd>
            <dt>竞赛结束</dt>
            <dd>{timeText(c.endAt)}</dd>
            {c.tracks.length > 0 && (
              <>
                <dt>赛道</dt>
                <dd>{c.tracks.map((t) => t.name).join('、')}</dd>
              </>
            )}
            {c.areas.length > 0 && (
              <>
                <dt>赛区</dt>
                <dd>{c.areas.map((a) => a.name).join('、')}</dd>
              </>
            )}
          </dl>
          <ApplyActions competition={c} />
        </div>
      </div>
      {c.description && (
        <section aria-label="竞赛介绍">
          <h2>竞赛介绍</h2>
          <div className="competition-detail__description">{c.description}</div>
        </section>
      )}
    </article>
  );
}

function ApplyActions({ competition: c }: { competition: CompetitionInfo }) {
  const signedIn = !!useStored('AccessToken');
  const role = useStored('role');
  const record = useMyRecord(c.id);
  const start = useStartApply();
  const navigate = useNavigate();
  const toast = useToast();
  const [teamOpen, setTeamOpen] = useState(false);
  const applyUrl = `/competition/apply?id=${encodeURIComponent(c.id)}`;

  if (c.editable) return <Link to="/u/competitions/manage">管理竞赛</Link>;
  if (!signedIn) return <span className="competition-card__meta">登录后可报名</span>;
  if (role === 'Teacher' || role === 'Business')
    return <span className="competition-card__meta">{COMPETITIONS_MSG.studentsOnly}</span>;
  if (record.isPending) return <span role="status">正在加载报名信息…</span>;
  const mine = record.data;
  if (mine) {
    return (
      <div className="competition-actions">
        <span className="competition-badge is-role">
          已报名（{mine.mode === 'Personal' ? COMPETITIONS_MSG.personal : mine.roleTitle}）
        </span>
        {mine.role === 'Captain' ? (
          <Button type="primary" onClick={() => navigate(applyUrl)}>
            {mine.status === 'Draft' ? '继续填写报名信息' : '查看报名信息'}
          </Button>
        ) : (
          <Button onClick={() => navigate(`/competition/link?applyRecordId=${encodeURIComponent(mine.id)}`)}>
            查看队伍
          </Button>
        )}
      </div>
    );
  }
  if (!c.applyEnable) return <Button disabled>{COMPETITIONS_MSG.applyClosed}</Button>;
  const startPersonal = async () => {
    try {
      await start.mutateAsync({ competitionId: c.id, mode: 'Personal' });
      toast.success(COMPETITIONS_MSG.started);
      navigate(applyUrl);
    } catch {
      // the client toasted the server's message
    }
  };
  return (
    <div className="competition-actions">
      {c.mode === 'Personal' ? (
        <Button
          type="primary"
          loading={start.isPending}
          onClick={() => void startPersonal()}
          data-testid="apply"
        >
          报名
        </Button>
      ) : (
        <Button type="primary" onClick={() => setTeamOpen(true)} data-testid="apply">
          报名（创建队伍）
        </Button>
      )}
      {c.mode === 'Group' && (
        <span className="competition-card__meta">加入已有队伍：请向队长索取邀请链接</span>
      )}
      <CreateTeamDialog
        open={teamOpen}
        competitionId={c.id}
        onClose={() => setTeamOpen(false)}
        onCreated={() => {
          setTeamOpen(false);
          navigate(applyUrl);
        }}
      />
    </div>
  );
}

/** 创建队伍: the team name, checked as it is submitted; the asker becomes Captain. */
function CreateTeamDialog({
  open,
  competitionId,
  onClose,
  onCreated,
}: {
  open: boolean;
  competitionId: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [form] = Form.useForm<{ teamName: string }>();
  const start = useStartApply();
  const toast = useToast();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await start.mutateAsync({ competitionId, mode: 'Group', teamName: v.teamName.trim() });
      toast.success(COMPETITIONS_MSG.started);
      onCreated();
    } catch {
      // the client toasted the server's message
    }
  };
  return (
    <Modal
      open={open}
      title="创建队伍"
      okText="创建"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={start.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit()}>
        <Form.Item
          name="teamName"
          label="队伍名称"
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const local = teamNameError(value);
                if (local) throw new Error(local);
                const check = await verifyTeamName(competitionId, (value ?? '').trim()).catch(() => null);
                if (check && !check.available) throw new Error(check.message);
              },
            },
          ]}
        >
          <Input autoFocus maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
