import { OrderedListOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import {
  CONTENT_KIND_TITLES,
  CONTENT_KINDS,
  CONTENT_STATUS_TITLES,
  CONTENT_STATUSES,
  type ConsoleRow,
  type ConsoleScope,
  type ContentKind,
  DATED_KINDS,
  formatDate,
  PORTAL_CONTENT_MSG,
} from '@uplus/shared';
import { Button, Input, Select, Table, Tag } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { QueryState, SimplePager } from '../../../components/query-state';
import { useToast } from '../../../lib/toast';
import { CONSOLE_PAGE_SIZE, useConsoleContents, useContentAct } from './api';
import { ConsoleGate } from './console-gate';
import {
  editPath,
  kindOf,
  newPath,
  previewPath,
  SETTINGS_PATH,
  SITE_TYPE_TITLES,
  statusOf,
} from './console-model';
import { OrderPanel } from './order-panel';
import '../../../components/query-state.css';
import './console.css';

/** 发布 / 下线 / 删除 of one row (下线 and 删除 ask first). */
function RowActions({ row }: { row: ConsoleRow }) {
  const act = useContentAct();
  const confirm = useConfirm();
  const toast = useToast();
  const name = `《${row.title}》`;
  return (
    <span className="cc-actions">
      <Link to={editPath(row.id)} aria-label={`编辑${name}`}>
        编辑
      </Link>
      <Link
        to={previewPath(row.id)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`预览${name}（在新标签页打开）`}
      >
        预览
      </Link>
      {row.status === 'Draft' ? (
        <Button
          type="link"
          size="small"
          loading={act.isPending && act.variables?.act === 'publish'}
          aria-label={`发布${name}`}
          onClick={() =>
            act
              .mutateAsync({ id: row.id, act: 'publish' })
              .then(() => toast.success(PORTAL_CONTENT_MSG.published))
              .catch(() => undefined)
          }
          data-testid="row-publish"
        >
          发布
        </Button>
      ) : (
        <Button
          type="link"
          size="small"
          aria-label={`下线${name}`}
          onClick={() =>
            confirm.ask({
              title: '下线内容',
              content: PORTAL_CONTENT_MSG.unpublishConfirm,
              okText: '下线',
              danger: true,
              onConfirm: async () => {
                await act.mutateAsync({ id: row.id, act: 'unpublish' });
                toast.success(PORTAL_CONTENT_MSG.unpublished);
              },
            })
          }
          data-testid="row-unpublish"
        >
          下线
        </Button>
      )}
      <Button
        type="link"
        size="small"
        danger
        aria-label={`删除${name}`}
        onClick={() =>
          confirm.ask({
            title: '删除内容',
            content: PORTAL_CONTENT_MSG.deleteConfirm,
            okText: '删除',
            danger: true,
            onConfirm: async () => {
              await act.mutateAsync({ id: row.id, act: 'delete' });
              toast.success(PORTAL_CONTENT_MSG.deleted);
            },
          })
        }
        data-testid="row-delete"
      >
        删除
      </Button>
      {confirm.dialog}
    </span>
  );
}

/** One kind's rows: status filter, title search, pages, and the buttons to create and to order. */
function KindRows({ kind, onOrder }: { kind: ContentKind; onOrder: () => void }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const status = statusOf(params.get('status'));
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);
  const list = useConsoleContents({
    kind,
    status: status || undefined,
    q: q || undefined,
    pageNumber: page,
    pageSize: CONSOLE_PAGE_SIZE,
  });
  const statusId = useId();
  const searchId = useId();

  const update = useCallback(
    (changes: Record<string, string>) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setParams(next);
    },
    [params, setParams],
  );

  // a page emptied by a delete (or a filter) moves back to the last page that has rows
  const data = list.data;
  useEffect(() => {
    if (!data || data.rows.length > 0 || page <= 1 || data.total === 0) return;
    update({ page: String(Math.max(1, Math.ceil(data.total / CONSOLE_PAGE_SIZE))) });
  }, [data, page, update]);

  const filtered = !!status || !!q;
  const ordered = !DATED_KINDS.includes(kind);
  return (
    <section className="cc-kind" aria-labelledby="cc-kind-title">
      <div className="cc-kind-head">
        <h2 id="cc-kind-title">{CONTENT_KIND_TITLES[kind]}</h2>
        <div className="cc-kind-buttons">
          {ordered ? (
            <Button icon={<OrderedListOutlined aria-hidden />} onClick={onOrder} data-testid="order-mode">
              排序
            </Button>
          ) : (
            <span className="cc-hint">按发布时间倒序展示</span>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => navigate(newPath(kind))}
            data-testid="create-content"
          >
            新建{CONTENT_KIND_TITLES[kind]}
          </Button>
        </div>
      </div>
      <div className="cc-filters">
        <label htmlFor={statusId} className="cc-filter-label">
          状态
        </label>
        <Select
          id={statusId}
          value={status}
          onChange={(value) => update({ status: value, page: '' })}
          options={[
            { value: '', label: '全部' },
            ...CONTENT_STATUSES.map((s) => ({ value: s, label: CONTENT_STATUS_TITLES[s] })),
          ]}
          style={{ width: 120 }}
          data-testid="status-filter"
        />
        <label htmlFor={searchId} className="visually-hidden">
          搜索标题
        </label>
        <Input.Search
          id={searchId}
          value={search}
          maxLength={30}
          allowClear
          placeholder="搜索标题"
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => update({ q: value.trim(), page: '' })}
          style={{ width: 260 }}
          data-testid="search-input"
        />
      </div>
      <QueryState
        query={list}
        loadingText="正在加载内容…"
        isEmpty={(d) => d.rows.length === 0 && d.total === 0}
        empty={
          <span>
            {filtered
              ? PORTAL_CONTENT_MSG.searchEmpty
              : `${PORTAL_CONTENT_MSG.empty}，点击“新建${CONTENT_KIND_TITLES[kind]}”添加`}
          </span>
        }
      >
        {(d) => (
          <>
            <Table<ConsoleRow>
              rowKey="id"
              dataSource={d.rows}
              pagination={false}
              size="middle"
              aria-label={`${CONTENT_KIND_TITLES[kind]}列表`}
              data-testid="content-table"
              columns={[
                {
                  title: '标题',
                  key: 'title',
                  render: (_, row) => (
                    <Link to={editPath(row.id)} className="cc-title-link">
                      {row.title}
                    </Link>
                  ),
                },
                {
                  title: '状态',
                  key: 'status',
                  width: 100,
                  render: (_, row) => (
                    <Tag color={row.status === 'Published' ? 'green' : 'default'} data-testid="row-status">
                      {CONTENT_STATUS_TITLES[row.status]}
                    </Tag>
                  ),
                },
                {
                  title: '更新时间',
                  key: 'updatedAt',
                  width: 170,
                  render: (_, row) => formatDate(row.updatedAt, '{y}-{m}-{d} {h}:{i}'),
                },
                {
                  title: '操作',
                  key: 'actions',
                  width: 240,
                  render: (_, row) => <RowActions row={row} />,
                },
              ]}
            />
            <p className="cc-count">共 {d.total} 条</p>
            <SimplePager
              page={page}
              pageSize={CONSOLE_PAGE_SIZE}
              total={d.total}
              label={`${CONTENT_KIND_TITLES[kind]}分页`}
              onChange={(n) => update({ page: n > 1 ? String(n) : '' })}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The console for the managed site: the kind menu and the chosen kind's rows (or its ordering). */
function Console({ scope }: { scope: ConsoleScope }) {
  const [params] = useSearchParams();
  const kind = kindOf(params.get('kind')) ?? 'course';
  const [ordering, setOrdering] = useState<ContentKind | null>(null);
  return (
    <section className="cc-page" aria-labelledby="cc-title">
      <header className="cc-head">
        <div>
          <h1 id="cc-title">内容管理</h1>
          <p className="cc-site" data-testid="console-site">
            正在管理：<strong>{scope.siteName}</strong>
            <Tag className="cc-site-type">{SITE_TYPE_TITLES[scope.siteType]}</Tag>
          </p>
        </div>
        <Link to={SETTINGS_PATH} className="cc-settings-link">
          <SettingOutlined aria-hidden /> 站点设置
        </Link>
      </header>
      <div className="cc-layout">
        <nav className="cc-kinds" aria-label="内容类型">
          <ul>
            {CONTENT_KINDS.map((k) => (
              <li key={k}>
                <Link
                  to={`?kind=${k}`}
                  aria-current={k === kind ? 'page' : undefined}
                  onClick={() => setOrdering(null)}
                  data-testid={`kind-${k}`}
                >
                  {CONTENT_KIND_TITLES[k]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="cc-main">
          {ordering === kind ? (
            <OrderPanel kind={kind} onClose={() => setOrdering(null)} />
          ) : (
            <KindRows key={kind} kind={kind} onOrder={() => setOrdering(kind)} />
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * 内容管理 (/u/content/manage?kind=): the managed site's content by kind, with drafts; create, edit,
 * preview, publish, unpublish, delete and order. Admins of a site only (ConsoleGate).
 */
export function ContentConsolePage() {
  return <ConsoleGate>{(scope) => <Console scope={scope} />}</ConsoleGate>;
}
