import { LeftOutlined } from '@ant-design/icons';
import {
  CONTENT_KIND_TITLES,
  CONTENT_STATUS_TITLES,
  type ConsoleDetail,
  type ContentKind,
  contentPath,
  LAB_KEYS,
  PAGE_SLUG_KEYS,
  PAGE_SLUGS,
  PORTAL_CONTENT_MSG,
} from '@uplus/shared';
import { Breadcrumb, Button, type ButtonProps, Form, Input, Modal, Select, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/http';
import { QueryState } from '../../../components/query-state';
import { StatusPanel } from '../../../components/status-panel';
import { browser, openPendingTab } from '../../../lib/browser';
import { usePageTitle } from '../../../lib/page-title';
import { LAB_PLATFORMS } from '../../../lib/routes';
import { useToast } from '../../../lib/toast';
import { useAllConsoleContents, useConsoleContent, useSaveContent } from './api';
import { ConsoleGate } from './console-gate';
import {
  BODY_KINDS,
  type ContentFormValues,
  consolePath,
  editPath,
  fieldOfMessage,
  formValuesOf,
  inputOf,
  kindOf,
  previewPath,
  SLUG_KINDS,
  TAGGED_KINDS,
} from './console-model';
import { CoverField } from './cover-field';
import { KindFields } from './kind-fields';
import { RichTextField } from './rich-text-field';
import '../../../components/query-state.css';
import './console.css';

/** What the title and the body are called for each kind. */
const TITLE_LABELS: Partial<Record<ContentKind, string>> = {
  course: '课程名称',
  experiment: '实验名称',
  project: '项目名称',
  case: '案例名称',
  lab: '实验室名称',
  member: '成员单位名称',
  recruit: '招聘标题',
  page: '页面标题',
  courseSystem: '课程体系名称',
};
const BODY_LABELS: Partial<Record<ContentKind, string>> = {
  course: '课程介绍',
  experiment: '实验介绍',
  project: '项目介绍',
  case: '案例详情',
  lab: '实验室介绍',
  member: '单位介绍',
  recruit: '职位详情',
  page: '页面内容',
};
const LAB_TITLES: Record<string, string> = Object.fromEntries(LAB_PLATFORMS.map((l) => [l.key, l.title]));

/** A single page's slug (PAGE_SLUGS) or a laboratory's platform; those the site already has are disabled. */
function SlugSelect({
  kind,
  ownId,
  ...rest
}: {
  kind: ContentKind;
  ownId: string | null;
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const all = useAllConsoleContents(kind);
  const taken = new Set((all.data?.rows ?? []).filter((r) => r.id !== ownId).map((r) => r.slug));
  const options: { value: string; label: string; disabled: boolean }[] =
    kind === 'page'
      ? PAGE_SLUG_KEYS.map((key) => ({
          value: key,
          label: `${PAGE_SLUGS[key].title}（${PAGE_SLUGS[key].path}）${taken.has(key) ? ' · 已创建' : ''}`,
          disabled: taken.has(key),
        }))
      : LAB_KEYS.map((key) => ({
          value: key,
          label: `${LAB_TITLES[key] ?? key}${taken.has(key) ? ' · 已创建' : ''}`,
          disabled: taken.has(key),
        }));
  return (
    <Select
      {...rest}
      options={options}
      loading={all.isPending}
      placeholder={kind === 'page' ? '选择页面' : '选择实验室'}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid="slug-select"
    />
  );
}

type Mode = 'save' | 'publish' | 'preview';

/** The form of one row (or a new one of `kind`), its buttons, and the guard against leaving unsaved. */
function EditorForm({ kind, row }: { kind: ContentKind; row: ConsoleDetail | null }) {
  const [form] = Form.useForm<ContentFormValues>();
  // the values the form starts from (it is mounted again for another row)
  const [initial] = useState(() => formValuesOf(kind, row));
  const save = useSaveContent();
  const toast = useToast();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const markDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  };
  // uploads in progress (the cover, pictures in a body): saving waits for them
  const [uploads, setUploads] = useState(0);
  const onBusyChange = (busy: boolean) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1)));
  const [pending, setPending] = useState<Mode | null>(null);

  // leaving with unsaved changes asks first (返回列表, a header link, the browser's back button)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const kindTitle = CONTENT_KIND_TITLES[kind];
  const titleLabel = TITLE_LABELS[kind] ?? '标题';

  const submit = async (mode: Mode) => {
    // a preview opens its tab now, inside the click, or the browser would block it after the save
    const tab = mode === 'preview' ? openPendingTab() : null;
    try {
      await form.validateFields();
    } catch {
      tab?.close();
      return;
    }
    const input = inputOf(kind, form.getFieldsValue(true) as ContentFormValues);
    setPending(mode);
    try {
      const { saved, publishError } = await save.mutateAsync({
        id: row?.id ?? null,
        input,
        publish: mode === 'publish',
      });
      markDirty(false);
      if (publishError) toast.error(`已保存为草稿，但发布失败：${errorMessage(publishError)}`);
      else toast.success(mode === 'publish' ? PORTAL_CONTENT_MSG.published : PORTAL_CONTENT_MSG.saved);
      tab?.go(previewPath(saved.id));
      if (!row) navigate(editPath(saved.id), { replace: true });
    } catch (failure) {
      tab?.close();
      const message = errorMessage(failure);
      const field = fieldOfMessage(kind, message);
      if (field) {
        form.setFields([{ name: field as never, errors: [message] }]);
        form.scrollToField(field as never, { block: 'center', focus: true });
      } else {
        toast.error(message);
      }
    } finally {
      setPending(null);
    }
  };

  const preview = () => {
    if (row && !dirty) browser.openNewTab(previewPath(row.id));
    else void submit('preview');
  };

  const busy = pending !== null || uploads > 0;
  const published = row?.status === 'Published';
  return (
    <section className="cc-page cc-editor" aria-labelledby="cc-edit-title">
      <Breadcrumb
        className="cc-breadcrumb"
        items={[
          { title: <Link to={consolePath(kind)}>内容管理</Link> },
          { title: <Link to={consolePath(kind)}>{kindTitle}</Link> },
          { title: row ? '编辑' : '新建' },
        ]}
      />
      <header className="cc-head">
        <h1 id="cc-edit-title">{row ? `编辑${kindTitle}` : `新建${kindTitle}`}</h1>
        {row && (
          <span className="cc-head-status">
            <Tag color={published ? 'green' : 'default'} data-testid="edit-status">
              {CONTENT_STATUS_TITLES[row.status]}
            </Tag>
            {published && (
              <a href={contentPath(row)} target="_blank" rel="noopener noreferrer">
                查看线上页面
              </a>
            )}
          </span>
        )}
      </header>
      {published && <p className="cc-hint">该内容已发布，保存后访客立即看到修改。</p>}

      <Form<ContentFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => {
          if (!dirtyRef.current) markDirty(true);
        }}
        requiredMark
        className="cc-form"
        data-testid="content-form"
      >
        {SLUG_KINDS.includes(kind) && (
          <Form.Item
            name="slug"
            label={kind === 'page' ? '页面' : '所属实验室'}
            rules={[
              {
                required: true,
                message: kind === 'page' ? PORTAL_CONTENT_MSG.slugRequired : PORTAL_CONTENT_MSG.labRequired,
              },
            ]}
            extra={kind === 'page' ? '每个页面只能有一条内容，发布后在对应地址展示' : undefined}
          >
            <SlugSelect kind={kind} ownId={row?.id ?? null} />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={titleLabel}
          rules={[
            { required: true, whitespace: true, message: PORTAL_CONTENT_MSG.titleRequired },
            { max: 60, message: PORTAL_CONTENT_MSG.titleTooLong },
          ]}
        >
          <Input maxLength={60} showCount data-testid="title-input" />
        </Form.Item>
        <Form.Item
          name="summary"
          label="摘要"
          rules={[{ max: 300, message: PORTAL_CONTENT_MSG.summaryTooLong }]}
          extra="展示在列表卡片和分享预览中"
        >
          <Input.TextArea rows={3} maxLength={300} showCount data-testid="summary-input" />
        </Form.Item>
        <Form.Item
          name="cover"
          label={kind === 'member' ? '单位标志' : '封面图片'}
          extra="建议尺寸 16:9，PNG、JPG 或 WEBP 格式"
        >
          <CoverField onBusyChange={onBusyChange} />
        </Form.Item>
        {TAGGED_KINDS.includes(kind) && (
          <Form.Item name="tags" label="所属实验室" extra="选中的实验室页面会展示该内容">
            <Select
              mode="multiple"
              allowClear
              placeholder="选择实验室（可多选）"
              options={LAB_PLATFORMS.map((l) => ({ value: l.key, label: l.title }))}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="tags-select"
            />
          </Form.Item>
        )}

        <KindFields kind={kind} onBusyChange={onBusyChange} />

        {BODY_KINDS.includes(kind) && (
          <Form.Item name="body" label={BODY_LABELS[kind] ?? '正文'}>
            <RichTextField label={BODY_LABELS[kind] ?? '正文'} onBusyChange={onBusyChange} />
          </Form.Item>
        )}
      </Form>

      <div className="cc-actionbar">
        <Button
          type={published ? 'primary' : 'default'}
          loading={pending === 'save'}
          disabled={busy && pending !== 'save'}
          onClick={() => void submit('save')}
          data-testid="save"
        >
          保存
        </Button>
        {!published && (
          <Button
            type="primary"
            loading={pending === 'publish'}
            disabled={busy && pending !== 'publish'}
            onClick={() => void submit('publish')}
            data-testid="save-publish"
          >
            保存并发布
          </Button>
        )}
        <Button
          loading={pending === 'preview'}
          disabled={busy && pending !== 'preview'}
          onClick={preview}
          data-testid="preview"
        >
          {row && !dirty ? '预览' : '保存并预览'}
        </Button>
        <Button
          icon={<LeftOutlined aria-hidden />}
          onClick={() => navigate(consolePath(kind))}
          data-testid="back"
        >
          返回列表
        </Button>
        {uploads > 0 && <span className="cc-hint">图片上传中，完成后即可保存</span>}
        {dirty && uploads === 0 && <span className="cc-hint">有未保存的修改</span>}
      </div>

      <Modal
        open={blocker.state === 'blocked'}
        title="离开此页"
        okText="离开"
        cancelText="继续编辑"
        okButtonProps={{ danger: true, 'data-testid': 'leave-ok' } as ButtonProps}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
        destroyOnHidden
      >
        内容尚未保存，离开后本次修改将丢失。确定离开吗？
      </Modal>
    </section>
  );
}

/** Which row the address names: a stored one, or a new one of `?kind=`. */
function EditorRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isNew = id === 'new';
  const validId = /^[1-9][0-9]{0,14}$/.test(id);
  const detail = useConsoleContent(isNew || !validId ? null : id);
  const newKind = kindOf(params.get('kind'));
  usePageTitle(isNew ? (newKind ? `新建${CONTENT_KIND_TITLES[newKind]}` : null) : detail.data?.title);

  const back = (
    <Button type="primary" onClick={() => navigate('/u/content/manage')}>
      返回内容管理
    </Button>
  );
  if (isNew) {
    if (!newKind)
      return (
        <StatusPanel
          title={PORTAL_CONTENT_MSG.kindInvalid}
          description="请从内容管理页点击“新建”。"
          actions={back}
        />
      );
    return <EditorForm key="new" kind={newKind} row={null} />;
  }
  if (!validId)
    return (
      <StatusPanel
        title={PORTAL_CONTENT_MSG.notFound}
        description={PORTAL_CONTENT_MSG.idInvalid}
        actions={back}
      />
    );
  return (
    <QueryState query={detail} loadingText="正在加载内容…">
      {(row) => <EditorForm key={row.id} kind={row.kind} row={row} />}
    </QueryState>
  );
}

/**
 * 编辑内容 (/u/content/edit/:id; `new?kind=` creates): the common fields, the kind's own fields, the
 * rich-text body; 保存, 保存并发布, 预览 (a new tab), 返回列表 (asks when there are unsaved changes). A
 * refusal naming a field is shown under it, any other is toasted.
 */
export function ContentEditPage() {
  return <ConsoleGate>{() => <EditorRoute />}</ConsoleGate>;
}
