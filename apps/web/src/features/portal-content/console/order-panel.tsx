import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { CONTENT_KIND_TITLES, CONTENT_STATUS_TITLES, type ContentKind } from '@uplus/shared';
import { Alert, Button, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../lib/toast';
import { ORDER_MAX_ROWS, useAllConsoleContents, useOrderContents } from './api';
import { byConsoleOrder, moveItem, sameOrder } from './console-model';

/**
 * 排序: every row of a kind (loaded 100 at a time), moved with 上移 / 下移 buttons (the focus stays on the
 * moved row's button, and the new place is announced), then 保存排序 sends all the ids in their new order.
 */
export function OrderPanel({ kind, onClose }: { kind: ContentKind; onClose: () => void }) {
  const all = useAllConsoleContents(kind);
  const save = useOrderContents();
  const toast = useToast();
  const confirm = useConfirm();
  const rows = useMemo(() => byConsoleOrder(all.data?.rows ?? []), [all.data]);
  const original = useMemo(() => rows.map((r) => r.id), [rows]);
  const [moved, setMoved] = useState<string[] | null>(null);
  const ids = moved ?? original;
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const changed = !sameOrder(ids, original);
  const [announce, setAnnounce] = useState('');
  const buttons = useRef(new Map<string, HTMLElement>());
  const [focusAfter, setFocusAfter] = useState<{ id: string; dir: 'up' | 'down' } | null>(null);
  const title = CONTENT_KIND_TITLES[kind];

  useEffect(() => {
    if (!focusAfter) return;
    const index = ids.indexOf(focusAfter.id);
    // at an end the pressed button is disabled: the other one of the row takes the focus
    const dir =
      focusAfter.dir === 'up' && index === 0
        ? 'down'
        : focusAfter.dir === 'down' && index === ids.length - 1
          ? 'up'
          : focusAfter.dir;
    buttons.current.get(`${focusAfter.id}:${dir}`)?.focus();
    setFocusAfter(null);
  }, [focusAfter, ids]);

  const move = (index: number, delta: -1 | 1) => {
    const id = ids[index];
    if (!id) return;
    const next = moveItem(ids, index, delta);
    setMoved(next);
    setAnnounce(`《${byId.get(id)?.title ?? ''}》已移到第 ${next.indexOf(id) + 1} 位`);
    setFocusAfter({ id, dir: delta < 0 ? 'up' : 'down' });
  };

  const leave = () => {
    if (!changed) return onClose();
    confirm.ask({
      title: '放弃排序',
      content: '本次调整的顺序尚未保存，确定放弃吗？',
      okText: '放弃',
      danger: true,
      onConfirm: async () => onClose(),
    });
  };

  const complete = all.data?.complete ?? true;
  return (
    <section className="cc-kind" aria-labelledby="cc-order-title">
      <div className="cc-kind-head">
        <h2 id="cc-order-title">{title}排序</h2>
        <div className="cc-kind-buttons">
          <Button onClick={leave} data-testid="order-cancel">
            返回列表
          </Button>
          <Button
            type="primary"
            disabled={!changed || !complete}
            loading={save.isPending}
            onClick={() =>
              save
                .mutateAsync({ kind, ids })
                .then(() => {
                  toast.success('排序已保存');
                  onClose();
                })
                .catch(() => undefined)
            }
            data-testid="order-save"
          >
            保存排序
          </Button>
        </div>
      </div>
      <p className="cc-hint">
        网站按从上到下的顺序展示{title}（草稿发布后按此处的位置展示）。用“上移”“下移”调整后点击“保存排序”。
      </p>
      <QueryState
        query={all}
        loadingText={`正在载入全部${title}…`}
        isEmpty={(d) => d.rows.length === 0}
        empty={<span>暂无内容</span>}
      >
        {(d) => (
          <>
            {!complete && (
              <Alert
                type="warning"
                showIcon
                className="cc-order-alert"
                message={`该类内容共 ${d.total} 条，超过一次可排序的 ${ORDER_MAX_ROWS} 条，暂不能在此调整顺序。`}
              />
            )}
            {complete && d.total > 100 && <p className="cc-hint">共 {d.total} 条，已分批载入全部内容。</p>}
            <ol className="cc-order-list" data-testid="order-list">
              {ids.map((id, index) => {
                const row = byId.get(id);
                if (!row) return null;
                return (
                  <li key={id} className="cc-order-item" data-testid="order-item">
                    <span className="cc-order-index" aria-hidden>
                      {index + 1}
                    </span>
                    <span className="cc-order-title">{row.title}</span>
                    <Tag color={row.status === 'Published' ? 'green' : 'default'}>
                      {CONTENT_STATUS_TITLES[row.status]}
                    </Tag>
                    <span className="cc-order-buttons">
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined aria-hidden />}
                        disabled={index === 0}
                        aria-label={`上移《${row.title}》`}
                        ref={(el) => {
                          if (el) buttons.current.set(`${id}:up`, el);
                          else buttons.current.delete(`${id}:up`);
                        }}
                        onClick={() => move(index, -1)}
                        data-testid="order-up"
                      >
                        上移
                      </Button>
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined aria-hidden />}
                        disabled={index === ids.length - 1}
                        aria-label={`下移《${row.title}》`}
                        ref={(el) => {
                          if (el) buttons.current.set(`${id}:down`, el);
                          else buttons.current.delete(`${id}:down`);
                        }}
                        onClick={() => move(index, 1)}
                        data-testid="order-down"
                      >
                        下移
                      </Button>
                    </span>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </QueryState>
      <div className="visually-hidden" aria-live="polite" data-testid="order-announce">
        {announce}
      </div>
      {confirm.dialog}
    </section>
  );
}
