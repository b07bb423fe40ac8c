import { SearchOutlined } from '@ant-design/icons';
import { MSG } from '@uplus/shared';
import { Empty, Input, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { getStoredOrgan, useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { useDebounced } from '../../lib/use-debounced';
import { useSwitchOrgan, useUserOrgans } from './api';
import './switch-organ-dialog.css';

/** Search waits this long after the last keystroke. */
export const ORGAN_SEARCH_DEBOUNCE_MS = 300;

type Props = { open: boolean; onClose: () => void };

/**
 * 切换机构 (spec 001 section 4): loads the user's organisations, preselects the stored organ, searches by
 * name, confirms with loading; success closes, stores the organ, syncs the session and tells other tabs.
 * Cancel closes and clears the search. The list is a native radio group: Tab to reach, arrows to pick.
 */
export function SwitchOrganDialog({ open, onClose }: Props) {
  const [search, setSearch] = useState('');
  const organName = useDebounced(search.trim(), ORGAN_SEARCH_DEBOUNCE_MS);
  const userid = useStored('userid');
  const organs = useUserOrgans(userid, organName, open);
  const [selected, setSelected] = useState<string | null>(null);
  const switchOrgan = useSwitchOrgan();
  const toast = useToast();

  useEffect(() => {
    if (open) setSelected(getStoredOrgan()?.id ?? null);
  }, [open]);

  const rows = organs.data ?? [];
  const chosen = rows.find((row) => row.id === selected) ?? null;

  const close = () => {
    setSearch('');
    switchOrgan.reset();
    onClose();
  };

  const confirm = () => {
    if (!chosen) return;
    const { name } = chosen;
    switchOrgan.mutate(
      { id: chosen.id, name },
      {
        onSuccess: () => {
          close();
          void toast.success(`已切换到${name}`);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      width={580}
      title={MSG.switchOrganTitle}
      okText="确定"
      cancelText="取消"
      onOk={confirm}
      onCancel={close}
      confirmLoading={switchOrgan.isPending}
      okButtonProps={{ disabled: !chosen }}
      destroyOnHidden
      modalRender={(node) => <div data-testid="organ-dialog">{node}</div>}
    >
      <Input
        allowClear
        autoFocus
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={MSG.switchOrganSearch}
        aria-label="机构名称"
        prefix={<SearchOutlined aria-hidden />}
        maxLength={100}
      />
      <div className="organ-list" aria-busy={organs.isFetching}>
        {organs.isPending && open && userid ? (
          <div className="organ-list__loading">
            <Spin tip="加载中…" />
          </div>
        ) : rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyOrganList} />
        ) : (
          <div role="radiogroup" aria-label="机构列表" className="organ-list__rows">
            {rows.map((row) => (
              <label
                key={row.id}
                className={`organ-option${row.id === selected ? ' is-selected' : ''}`}
                data-testid="organ-option"
              >
                <input
                  type="radio"
                  name="switch-organ"
                  value={row.id}
                  checked={row.id === selected}
                  onChange={() => setSelected(row.id)}
                  className="organ-option__input"
                />
                <span className="organ-option__body">
                  <span className="organ-option__name">{row.name}</span>
                  <span className="organ-option__meta">
                    {row.leafOrganName && <span>{row.leafOrganName}</span>}
                    <span className="organ-option__identity">{row.identityTypeTitle}</span>
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
      </div>
    </Modal>
  );
}
