import { OCCUPATION_ROOT, type Occupation, RESUME_LIMITS, RESUME_MSG } from '@uplus/shared';
import { Button, Checkbox, Empty, Modal } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useToast } from '../../../lib/toast';
import { useOccupations } from './lookups-api';
import './lookups.css';
import { lookupState } from './lookup-state';

/** A picked position: a 小类 of the occupation classification. */
export type OccupationPick = { code: string; name: string };

type Props = {
  /** the id of the dialog's content (a field that opens it points at it with aria-controls) */
  id?: string;
  open: boolean;
  /** the positions picked so far */
  value: readonly OccupationPick[];
  onOk: (positions: OccupationPick[]) => void;
  onCancel: () => void;
};

type Level = {
  isPending: boolean;
  isError: boolean;
  data?: Occupation[];
  refetch: () => unknown;
};

/** A column's loading, failure and empty states; null when it has rows to show. */
const columnState = (q: Level, what: string): ReactNode => {
  const state = lookupState(q, what);
  if (state) return state;
  if ((q.data ?? []).length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${what}`} />;
  return null;
};

/**
 * 选择职位类别 (career spec 4, 5): the occupation classification (职业分类大典 2022) in three columns, 大类 >
 * 中类 > 小类, each level loaded when it is opened (`GET /occupations?parentCode=`); a position is a 小类,
 * checked in the third column, at most three (a fourth says 最多选择三个职位). The first 大类 and 中类 open
 * by themselves.
 */
export function JobCategorySelector({ id, open, value, onOk, onCancel }: Props) {
  const toast = useToast();
  const [picked, setPicked] = useState<OccupationPick[]>([...value]);
  const [major, setMajor] = useState<string | null>(null);
  const [mid, setMid] = useState<string | null>(null);
  const majors = useOccupations(OCCUPATION_ROOT, open);
  const mids = useOccupations(major, open);
  const smalls = useOccupations(mid, open);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (open) setPicked([...value]);
  }, [open]);
  useEffect(() => {
    if (major === null && majors.data?.[0]) setMajor(majors.data[0].code);
  }, [major, majors.data]);
  useEffect(() => {
    const first = mids.data?.[0];
    if (major !== null && first?.parentCode === major && (mid === null || !mid.startsWith(`${major}-`)))
      setMid(first.code);
  }, [major, mid, mids.data]);

  const isPicked = (code: string) => picked.some((p) => p.code === code);
  const toggle = (o: OccupationPick) => {
    if (isPicked(o.code)) {
      setPicked(picked.filter((p) => p.code !== o.code));
      return;
    }
    if (picked.length >= RESUME_LIMITS.positions) {
      toast.warning(RESUME_MSG.positionsMax);
      return;
    }
    setPicked([...picked, { code: o.code, name: o.name }]);
  };

  const navColumn = (
    q: Level,
    what: string,
    current: string | null,
    choose: (code: string) => void,
    testid: string,
  ) =>
    columnState(q, what) ?? (
      <ul className="lk-nav" data-testid={testid}>
        {(q.data ?? []).map((o) => {
          const count = picked.filter((p) => p.code.startsWith(`${o.code}-`)).length;
          return (
            <li key={o.code}>
              <button
                type="button"
                className={o.code === current ? 'lk-nav-item lk-nav-current' : 'lk-nav-item'}
                aria-current={o.code === current ? 'true' : undefined}
                onClick={() => choose(o.code)}
                data-testid={`occupation-${o.code}`}
              >
                <span>{o.name}</span>
                {count > 0 && <span className="lk-nav-count">{count}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Modal
      open={open}
      title="选择职位类别"
      width={860}
      onCancel={onCancel}
      destroyOnHidden
      className="lk-dialog"
      footer={[
        <span key="count" className="lk-count" aria-live="polite">
          已选 {picked.length}/{RESUME_LIMITS.positions}
        </span>,
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={() => onOk(picked)} data-testid="occupation-ok">
          确定
        </Button>,
      ]}
    >
      <div id={id}>
        <div className="lk-picked" data-testid="occupation-picked">
          <span className="lk-picked-label">已选职位：</span>
          {picked.length === 0 ? (
            <span className="lk-muted">未选择</span>
          ) : (
            picked.map((p) => (
              <button
                type="button"
                key={p.code}
                className="lk-chip"
                aria-label={`移除${p.name}`}
                onClick={() => toggle(p)}
              >
                {p.name}
                <span aria-hidden="true">×</span>
              </button>
            ))
          )}
        </div>
        <div className="lk-columns">
          <nav className="lk-column" aria-label="大类">
            {navColumn(
              majors,
              '大类',
              major,
              (code) => {
                setMajor(code);
                if (code !== major) setMid(null);
              },
              'occupation-majors',
            )}
          </nav>
          <nav className="lk-column" aria-label="中类">
            {major === null ? null : navColumn(mids, '中类', mid, setMid, 'occupation-mids')}
          </nav>
          <fieldset className="lk-column lk-smalls" aria-label="职位（小类）">
            {mid === null
              ? null
              : (columnState(smalls, '职位') ?? (
                  <ul className="lk-checks" data-testid="occupation-smalls">
                    {(smalls.data ?? []).map((o) => (
                      <li key={o.code}>
                        <Checkbox
                          checked={isPicked(o.code)}
                          onChange={() => toggle(o)}
                          data-testid={`occupation-${o.code}`}
                        >
                          {o.name}
                        </Checkbox>
                      </li>
                    ))}
                  </ul>
                ))}
          </fieldset>
        </div>
      </div>
    </Modal>
  );
}
