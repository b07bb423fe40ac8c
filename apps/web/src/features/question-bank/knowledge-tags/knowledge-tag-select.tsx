import { QUESTION_LIMITS } from '@uplus/shared';
import { Select } from 'antd';
import { useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { useCreateKnowledge, useKnowledgeTags } from './api';

type Props = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  value: string[];
  /** the new list; answers whether it was accepted (spec 5.1 limits: 10 tags, 20 characters each) */
  onChange: (next: string[]) => boolean;
  disabled?: boolean;
};

const norm = (name: string) => name.trim().toLowerCase();

/**
 * The 知识点 input: a combobox suggesting the teacher's tags (and the library's) as the teacher types; arrow
 * keys and Enter pick one, Enter or a comma keeps a typed one. A typed tag the teacher does not have yet is
 * created (POST /api/course/libKnowledges) once the editor accepted it, so it is suggested from then on.
 */
export function KnowledgeTagSelect({ value, onChange, disabled, ...aria }: Props) {
  const [search, setSearch] = useState('');
  const keyWord = useDebounced(search.trim().slice(0, QUESTION_LIMITS.maxKnowledgeLength), 250);
  const tags = useKnowledgeTags(keyWord);
  const create = useCreateKnowledge();
  const known = tags.data ?? [];

  const change = (next: string[]) => {
    const before = new Set(value.map(norm));
    const added = next.map((t) => t.trim()).filter((t) => t && !before.has(norm(t)));
    if (!onChange(next)) return;
    setSearch('');
    const existing = new Set(known.map((k) => norm(k.name)));
    for (const name of new Set(added)) if (!existing.has(norm(name))) create.mutate(name);
  };

  return (
    <Select
      {...aria}
      mode="tags"
      disabled={disabled}
      tokenSeparators={[',', '，']}
      placeholder="输入知识点后回车，或从已有知识点中选择"
      value={value}
      onChange={change}
      searchValue={search}
      onSearch={setSearch}
      options={known.map((k) => ({ value: k.name, label: k.name }))}
      notFoundContent={tags.isFetching ? '加载中…' : null}
      loading={tags.isFetching}
    />
  );
}
