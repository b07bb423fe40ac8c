import { PROFILE_MSG } from '@uplus/shared';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';

/** Wait after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type Option = { code: string; name: string; note: string };

type Props = {
  id?: string;
  value?: string | null;
  onChange?: (code: string) => void;
  /** the chosen entry's name, shown before any search has listed it */
  selectedName?: string;
  placeholder: string;
  /** asks the server for the (debounced) search */
  useSearch: (
    search: string,
    enabled: boolean,
  ) => {
    data?: { rows: Option[] };
    isFetching: boolean;
    isError: boolean;
  };
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'data-testid'?: string;
};

/**
 * A searchable select over a server catalogue (schools, majors): typing searches by name after a short
 * pause; loading shows a spinner, nothing found 无匹配结果. The chosen entry stays shown by name.
 */
export function CatalogSelect({ value, onChange, selectedName, placeholder, useSearch, ...rest }: Props) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Option | null>(null);
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const result = useSearch(debounced, open || search !== '');
  const waiting = result.isFetching || debounced !== search.trim();
  const rows = result.data?.rows ?? [];
  const options = rows.map((r) => ({
    value: r.code,
    label: r.name,
    title: r.note ? `${r.name}（${r.note}）` : r.name,
  }));
  const current = chosen && chosen.code === value ? chosen.name : selectedName;
  if (value && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: current || value, title: current || value });
  }
  return (
    <Select
      {...rest}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      value={value || undefined}
      placeholder={placeholder}
      options={options}
      onOpenChange={setOpen}
      onChange={(code: string) => {
        const row = rows.find((r) => r.code === code);
        if (row) setChosen(row);
        setSearch('');
        onChange?.(code);
      }}
      optionRender={(option) => {
        const row = rows.find((r) => r.code === option.value);
        return (
          <span className="mp-option">
            {option.label}
            {row?.note ? <span className="mp-option-note">{row.note}</span> : null}
          </span>
        );
      }}
      notFoundContent={
        waiting ? (
          <Spin size="small" aria-label="加载中" />
        ) : result.isError ? (
          '加载失败，请重试'
        ) : (
          PROFILE_MSG.noMatch
        )
      }
      style={{ width: '100%' }}
    />
  );
}
