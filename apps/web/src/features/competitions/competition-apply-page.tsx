import {
  type ApplyRecord,
  applicantInfoError,
  COMPETITIONS_MSG,
  type CompetitionInfo,
  teamNameError,
} from '@uplus/shared';
import { AutoComplete, Button, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useToast } from '../../lib/toast';
import { useDebounced } from '../../lib/use-debounced';
import {
  useCatalogSuggestions,
  useCompetition,
  useMyRecord,
  useSaveApplyInfo,
  useTeamMembers,
  verifyTeamName,
} from './api';
import { periodText, QueryState, stopComposingEnter } from './parts';

type Values = {
  teamName?: string;
  name: string;
  mobile: string;
  email: string;
  organName: string;
  majorName: string;
  trackId?: string;
  areaId?: string;
};

/**
 * 报名 (/competition/apply?id=competitionId): the personal or team-leader info form (name, mobile, email,
 * school/organ, major, track, area; the team name with its check), submit (Draft -> Submitted), and for a
 * team the invite link the captain copies and the members. Team members are sent to the link page.
 */
export function CompetitionApplyPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const competition = useCompetition(id);
  const record = useMyRecord(id);
  return (
    <main className="competitions-page" aria-labelledby="apply-title">
      <QueryState query={competition} loadingText="正在加载竞赛…">
        {(c) => (
          <QueryState query={record} loadingText="正在加载报名信息…">
            {(r) =>
              r === null ? (
                <div className="query-state">
                  <h1 id="apply-title">{c.name}</h1>
                  <span>您尚未报名该竞赛</span>
                  <Link to={`/competition/details?id=${encodeURIComponent(c.id)}`}>前往报名</Link>
                </div>
              ) : r.role === 'TeamMember' ? (
                <Navigate replace to={`/competition/link?applyRecordId=${encodeURIComponent(r.id)}`} />
              ) : (
                <ApplyForm competition={c} record={r} />
              )
            }
          </QueryState>
        )}
      </QueryState>
    </main>
  );
}

function CatalogInput({
  kind,
  id,
  value,
  onChange,
  disabled,
  ...aria
}: {
  kind: 'schools' | 'majors';
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const search = useDebounced(value ?? '', 300);
  const suggestions = useCatalogSuggestions(kind, search);
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={(suggestions.data ?? []).map((name) => ({ value: name }))}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
    >
      <Input maxLength={50} onKeyDown={stopComposingEnter} />
    </AutoComplete>
  );
}

function ApplyForm({ competition: c, record: r }: { competition: CompetitionInfo; record: ApplyRecord }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveApplyInfo();
  const toast = useToast();
  const team = r.mode === 'Group';
  const members = useTeamMembers(team ? r.id : null);
  const closed = !r.applyEnable;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    form.setFieldsValue({
      teamName: r.applyInfo.teamName,
      name: r.applyInfo.name,
      mobile: r.applyInfo.mobile,
      email: r.applyInfo.email,
      organName: r.applyInfo.organName,
      majorName: r.applyInfo.majorName,
      trackId: r.trackId ?? undefined,
      areaId: r.areaId ?? undefined,
    });
  }, [r, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      name: v.name?.trim(),
      mobile: v.mobile?.trim(),
      email: v.email?.trim() ?? '',
      organName: v.organName?.trim(),
      majorName: v.majorName?.trim(),
      trackId: v.trackId ?? null,
      areaId: v.areaId ?? null,
      ...(team ? { teamName: v.teamName?.trim() } : {}),
    };
    const local = applicantInfoError(body) ?? (team ? teamNameError(body.teamName) : null);
    setError(local);
    if (local) return;
    try {
      await save.mutateAsync({ recordId: r.id, team, body });
      toast.success(COMPETITIONS_MSG.submitted);
    } catch {
      // the client toasted the server's message
    }
  };

  const field = (check: (v: string) => string | null) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const message = check(value ?? '');
      if (message) throw new Error(message);
    },
  });
  const infoCheck = (key: keyof Values) => (value: string) => {
    const probe = {
      name: '张三',
      mobile: '13800000000',
      email: '',
      organName: '学校',
      majorName: '专业',
      [key]: value,
    };
    return applicantInfoError(probe);
  };
  const link = `${window.location.origin}/competition/link?applyRecordId=${encodeURIComponent(r.id)}&code=${encodeURIComponent(r.inviteCode)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(COMPETITIONS_MSG.copied);
    } catch {
      toast.info(link);
    }
  };

  return (
    <article className="competition-detail">
      <header className="competitions-page__head">
        <h1 id="apply-title">{c.name} · 报名</h1>
        <div className="competition-card__badges">
          <span className={`competition-badge${r.applyEnable ? '' : ' is-closed'}`}>
            {r.applyEnable ? COMPETITIONS_MSG.applyOpen : COMPETITIONS_MSG.applyClosed}
          </span>
          <span
            className={`competition-badge${r.status === 'Draft' ? ' is-draft' : ''}`}
            data-testid="apply-status"
          >
            {r.statusTitle}
          </span>
          <span className="competition-badge is-role">{team ? r.roleTitle : COMPETITIONS_MSG.personal}</span>
        </div>
      </header>
      <p className="competition-card__meta">报名时间：{periodText(c.applyStartAt, c.applyEndAt)}</p>
      {team && (
        <section aria-labelledby="team-title">
          <h2 id="team-title">
            我的队伍（{r.memberCount}/{r.maxTeamSize}）
          </h2>
          <div className="competition-link-box">
            <span>邀请队员：</span>
            <code data-testid="invite-link">{link}</code>
            <Button onClick={() => void copy()}>复制链接</Button>
          </div>
          {members.data && (
            <ul className="competition-members" aria-label="队伍成员">
              {members.data.map((m) => (
                <li key={m.id}>
                  {m.name}（{m.roleTitle}）
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <Form
        form={form}
        layout="vertical"
        className="competition-form"
        disabled={closed}
        onFinish={() => void submit()}
        aria-label={team ? '队长信息' : '个人信息'}
      >
        {team && (
          <Form.Item
            name="teamName"
            label="队伍名称"
            required
            validateTrigger="onBlur"
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const local = teamNameError(value);
                  if (local) throw new Error(local);
                  if ((value ?? '').trim() === r.applyInfo.teamName) return;
                  const check = await verifyTeamName(c.id, (value ?? '').trim()).catch(() => null);
                  if (check && !check.available) throw new Error(check.message);
                },
              },
            ]}
          >
            <Input maxLength={40} onKeyDown={stopComposingEnter} />
          </Form.Item>
        )}
        <Form.Item name="name" label="姓名" required rules={[field(infoCheck('name'))]}>
          <Input maxLength={16} onKeyDown={stopComposingEnter} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号码" required rules={[field(infoCheck('mobile'))]}>
          <Input maxLength={11} inputMode="numeric" onKeyDown={stopComposingEnter} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[field(infoCheck('email'))]}>
          <Input maxLength={30} onKeyDown={stopComposingEnter} />
        </Form.Item>
        <Form.Item name="organName" label="学校/单位" required rules={[field(infoCheck('organName'))]}>
          <CatalogInput kind="schools" />
        </Form.Item>
        <Form.Item name="majorName" label="专业" required rules={[field(infoCheck('majorName'))]}>
          <CatalogInput kind="majors" />
        </Form.Item>
        {c.tracks.length > 0 && (
          <Form.Item
            name="trackId"
            label="赛道"
            required
            rules={[{ required: true, message: COMPETITIONS_MSG.trackRequired }]}
          >
            <Select
              options={c.tracks.map((t) => ({ value: t.id, label: t.name }))}
              placeholder="请选择赛道"
            />
          </Form.Item>
        )}
        {c.areas.length > 0 && (
          <Form.Item
            name="areaId"
            label="赛区"
            required
            rules={[{ required: true, message: COMPETITIONS_MSG.areaRequired }]}
          >
            <Select options={c.areas.map((a) => ({ value: a.id, label: a.name }))} placeholder="请选择赛区" />
          </Form.Item>
        )}
        {error && (
          <p role="alert" className="query-state is-error">
            {error}
          </p>
        )}
        <div className="competition-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="apply-submit">
            {r.status === 'Draft' ? '提交报名' : '保存修改'}
          </Button>
          {closed && <span className="competition-card__meta">{COMPETITIONS_MSG.notApplyPeriod}</span>}
        </div>
      </Form>
    </article>
  );
}
