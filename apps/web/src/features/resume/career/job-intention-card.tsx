import { ALL_NATION_CODE, ALL_NATION_NAME, formatSalary } from '@uplus/shared';
import { Button, Skeleton } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useMemberDetail } from './api';
import type { CityPick } from './city-selector';
import type { OccupationPick } from './job-category-selector';
import './lookups.css';
import { SideCard } from '../side-card';

const JobIntentionForm = lazyPart(async () => (await import('../editors')).JobIntentionForm);

/**
 * 求职意向 (career spec 2 right column, 3, 5): the member's positions (小类 of the occupation classification,
 * at most 3, from the job-category selector), cities (at most 3 or 全国, from the city selector) and monthly
 * salary in thousands (面议 = 999). 编辑 opens the form in the card (job-intention-form.tsx, loaded when
 * first opened or when 编辑/去填写 is hovered, focused or touched); 保存 checks it with
 * `firstIntentionError` (the server runs the same) and saves through `PUT member_profiles`, which refreshes
 * the update time and the completeness.
 */
export function JobIntentionCard() {
  const detail = useMemberDetail();
  const [editing, setEditing] = useState(false);
  // Keyboard focus follows the mode: the first field on opening the form (the form does it), 编辑 (去填写)
  // on leaving it.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const positions: OccupationPick[] = (detail.data?.intentions ?? []).map((i) => ({
    code: i.standardOccupationCode,
    name: i.standardOccupationName,
  }));
  const cities: CityPick[] = (detail.data?.citys ?? []).map((c) => ({
    code: c.cityCode,
    name: c.cityCode === ALL_NATION_CODE ? ALL_NATION_NAME : c.cityName,
  }));
  const minSalary = detail.data?.profile?.minSalary ?? null;
  const maxSalary = detail.data?.profile?.maxSalary ?? null;
  const empty = positions.length === 0 && cities.length === 0 && minSalary === null && maxSalary === null;

  const startEditing = () => setEditing(true);

  const row = (label: string, text: string, testid: string) => (
    <div className="lk-row">
      <dt>{label}</dt>
      <dd data-testid={testid}>{text || <span className="lk-muted">未填写</span>}</dd>
    </div>
  );

  let body: ReactNode;
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (detail.isError)
    body = (
      <div className="lk-state" role="alert">
        求职意向加载失败
        <Button size="small" type="link" onClick={() => void detail.refetch()}>
          重试
        </Button>
      </div>
    );
  else if (editing)
    body = (
      <JobIntentionForm
        initial={{ positions, cities, minSalary, maxSalary }}
        onDone={() => setEditing(false)}
      />
    );
  else if (empty)
    body = (
      <div className="lk-empty">
        <span className="lk-muted">还没有填写求职意向</span>
        <Button
          ref={editButton}
          type="link"
          onClick={startEditing}
          {...preloadOn(JobIntentionForm)}
          data-testid="intention-fill"
        >
          去填写
        </Button>
      </div>
    );
  else
    body = (
      <dl className="lk-view" data-testid="intention-view">
        {row('期望职位', positions.map((p) => p.name).join('、'), 'intention-view-positions')}
        {row('期望城市', cities.map((c) => c.name).join('、'), 'intention-view-cities')}
        {row('期望月薪', formatSalary(minSalary, maxSalary), 'intention-view-salary')}
      </dl>
    );

  return (
    <SideCard
      title="求职意向"
      size="small"
      className="lk-card"
      data-testid="job-intention-card"
      extra={
        !editing && !detail.isPending && !detail.isError && !empty ? (
          <Button
            ref={editButton}
            type="link"
            size="small"
            onClick={startEditing}
            {...preloadOn(JobIntentionForm)}
            data-testid="intention-edit"
          >
            编辑
          </Button>
        ) : null
      }
    >
      {body}
    </SideCard>
  );
}
