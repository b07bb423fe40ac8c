import {
  ALL_NATION_CODE,
  ALL_NATION_NAME,
  CITY_LETTER_GROUPS,
  type Division,
  letterGroupOf,
  pickCity,
  RESUME_LIMITS,
  RESUME_MSG,
} from '@uplus/shared';
import { Button, Empty, Input, Modal, Tabs } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useToast } from '../../../lib/toast';
import { useAllCities, useHotCities } from './lookups-api';
import './lookups.css';
import { lookupState } from './lookup-state';

/** A picked city: its code ('' = 全国) and name. */
export type CityPick = { code: string; name: string };

type Props = {
  /** the id of the dialog's content (a field that opens it points at it with aria-controls) */
  id?: string;
  open: boolean;
  /** the cities picked so far */
  value: readonly CityPick[];
  /** multiple: up to 3 with 确定 (the job intention); single: a click picks and closes */
  mode?: 'multiple' | 'single';
  /** offer 全国 (multiple mode only) */
  allowNation?: boolean;
  title?: string;
  onOk: (cities: CityPick[]) => void;
  onCancel: () => void;
};

const HOT_TAB = 'hot';
const NATION: CityPick = { code: ALL_NATION_CODE, name: ALL_NATION_NAME };

/** The cities of each letter group, by letter (the answer of /divisions/mobile is already in order). */
const groupCities = (cities: readonly Division[]) => {
  const groups = new Map<string, Map<string, Division[]>>();
  for (const c of cities) {
    const group = letterGroupOf(c.letter);
    if (!group) continue;
    const letters = groups.get(group) ?? new Map<string, Division[]>();
    letters.set(c.letter, [...(letters.get(c.letter) ?? []), c]);
    groups.set(group, letters);
  }
  return groups;
};

/**
 * 选择城市 (career spec 4, 5, 9): opens on the hot tab (全国 first in multiple mode, then the hot cities),
 * then the letter groups ABCDE / FGHJ / KLMN / PQRST / WXYZ, and a search by name. Multiple mode keeps at
 * most three (a fourth says 最多选择三个城市); 全国 clears the others and another city removes 全国
 * (`pickCity`). Single mode picks a city and confirms at once.
 */
export function CitySelector({
  id,
  open,
  value,
  mode = 'multiple',
  allowNation = true,
  title = '选择城市',
  onOk,
  onCancel,
}: Props) {
  const toast = useToast();
  const multiple = mode === 'multiple';
  const [picked, setPicked] = useState<CityPick[]>([...value]);
  const [tab, setTab] = useState(HOT_TAB);
  const [search, setSearch] = useState('');
  const hot = useHotCities(open);
  const all = useAllCities(open);

  // Every opening starts from the caller's value, on the hot tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setPicked([...value]);
    setTab(HOT_TAB);
    setSearch('');
  }, [open]);

  const groups = useMemo(() => groupCities(all.data ?? []), [all.data]);
  const names = useMemo(() => {
    const map = new Map<string, string>([[ALL_NATION_CODE, ALL_NATION_NAME]]);
    for (const c of [...(all.data ?? []), ...(hot.data ?? [])]) map.set(c.code, c.name);
    return map;
  }, [all.data, hot.data]);
  const query = search.trim();
  const found = useMemo(
    () => (query ? (all.data ?? []).filter((c) => c.name.includes(query)) : []),
    [all.data, query],
  );

  const isPicked = (code: string) => picked.some((p) => p.code === code);
  const toggle = (city: CityPick) => {
    if (!multiple) {
      onOk([city]);
      return;
    }
    const next = pickCity(
      picked.map((p) => p.code),
      city.code,
    );
    if (next === null) {
      toast.warning(RESUME_MSG.citiesMax);
      return;
    }
    setPicked(
      next.map((code) => picked.find((p) => p.code === code) ?? { code, name: names.get(code) ?? city.name }),
    );
  };

  const cityButton = (city: CityPick) => {
    const on = isPicked(city.code);
    return (
      <Button
        key={city.code || 'nation'}
        size="small"
        autoInsertSpace={false}
        type={on ? 'primary' : 'default'}
        aria-pressed={on}
        className="lk-city"
        onClick={() => toggle(city)}
        data-testid={`city-${city.code || 'nation'}`}
      >
        {city.name}
      </Button>
    );
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // An IME composition's Enter only picks the characters; it never picks a city.
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229) return;
    e.preventDefault();
    const first = found[0];
    if (first) toggle(first);
  };

  const status = (q: { isPending: boolean; isError: boolean; refetch: () => unknown }) =>
    lookupState(q, '城市');

  const hotPane = status(hot) ?? (
    <div className="lk-cities" data-testid="city-hot">
      {multiple && allowNation && cityButton(NATION)}
      {(hot.data ?? []).map((c) => cityButton(c))}
    </div>
  );

  const groupPane = (group: string) =>
    status(all) ?? (
      <div className="lk-letters" data-testid={`city-group-${group}`}>
        {[...(groups.get(group) ?? new Map<string, Division[]>())].map(([letter, cities]) => (
          <div className="lk-letter-row" key={letter}>
            <span className="lk-letter" aria-hidden="true">
              {letter}
            </span>
            <fieldset className="lk-cities" aria-label={`${letter} 开头的城市`}>
              {cities.map((c) => cityButton(c))}
            </fieldset>
          </div>
        ))}
      </div>
    );

  return (
    <Modal
      open={open}
      title={title}
      width={640}
      onCancel={onCancel}
      destroyOnHidden
      className="lk-dialog"
      footer={
        multiple
          ? [
              <span key="count" className="lk-count" aria-live="polite">
                已选 {picked.length}/{RESUME_LIMITS.cities}
              </span>,
              <Button key="cancel" onClick={onCancel}>
                取消
              </Button>,
              <Button key="ok" type="primary" onClick={() => onOk(picked)} data-testid="city-ok">
                确定
              </Button>,
            ]
          : null
      }
    >
      <div id={id}>
        {multiple && (
          <div className="lk-picked" data-testid="city-picked">
            <span className="lk-picked-label">已选城市：</span>
            {picked.length === 0 ? (
              <span className="lk-muted">未选择</span>
            ) : (
              picked.map((p) => (
                <button
                  type="button"
                  key={p.code || 'nation'}
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
        )}
        <Input.Search
          allowClear
          placeholder="搜索城市，如：杭州"
          aria-label="搜索城市"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={onSearchKey}
          className="lk-search"
          data-testid="city-search"
        />
        {query ? (
          (status(all) ??
          (found.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到该城市" />
          ) : (
            <div className="lk-cities" data-testid="city-found">
              {found.map((c) => cityButton(c))}
            </div>
          )))
        ) : (
          <Tabs
            destroyOnHidden
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: HOT_TAB, label: '热门城市', children: hotPane },
              ...CITY_LETTER_GROUPS.map((g) => ({ key: g, label: g, children: groupPane(g) })),
            ]}
          />
        )}
      </div>
    </Modal>
  );
}
