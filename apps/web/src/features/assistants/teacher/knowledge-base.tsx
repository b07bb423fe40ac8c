import { DeleteOutlined, FileAddOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ASSISTANT_LIMITS,
  type CourseMaterial,
  checkMaterialUpload,
  createNoteMaterialBody,
  formatDate,
  MATERIAL_PAGE_SIZE,
  MATERIAL_UPLOAD_ACCEPT,
  MATERIAL_UPLOAD_EXTENSIONS,
} from '@uplus/shared';
import { Button, Input, Modal, Tag } from 'antd';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { errorMessage, HttpError } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { ListState, Pager, useBackToLastPage, useConfirm } from '../../courses/course-parts';
import {
  type MaterialUploadProgress,
  useCreateNote,
  useDeleteMaterial,
  useMaterials,
  useUploadMaterial,
} from './api';
import './knowledge-base.css';

/*
 * 知识库 of a teacher's course (issue 16 part 6): the materials the study companion answers from when a
 * student turns the knowledge base on. Files are uploaded (checked here first, again on the server) and
 * parsed on the server; a note is written here in Markdown. Each shows whether it is indexed, how many
 * passages it gave, and why it failed.
 */

export const MATERIAL_STATUS_TEXT: Record<CourseMaterial['status'], string> = {
  Indexing: '解析中',
  Indexed: '已索引',
  Failed: '失败',
};
const STATUS_COLOR: Record<CourseMaterial['status'], string> = {
  Indexing: 'processing',
  Indexed: 'success',
  Failed: 'error',
};

export const KB_TEXT = {
  intro:
    '学生在本课程中向学习伴侣提问并打开「知识库」时，AI会依据这里的资料回答，并标出引用的段落，学生点开引用即可查看原文。',
  formats: `支持${MATERIAL_UPLOAD_EXTENSIONS.join('、')}格式，单个文件不超过${
    ASSISTANT_LIMITS.documentMaxBytes / 1024 / 1024
  }MB；也可以直接新建讲义。`,
  emptyTitle: '还没有课程资料',
  emptyBody:
    '上传课件、讲义、实验指导书等资料，或新建一篇讲义。资料解析并建立索引后，学生提问时AI会优先依据这些资料作答并注明出处，减少凭空编造。',
  noteSaved: '讲义已保存，正在建立索引',
  uploaded: '资料已上传，正在解析',
  deleted: '资料已删除',
} as const;

type NoteErrors = { title?: string; body?: string };

/** 新建讲义: a title and Markdown text, checked with the shared rules (the server checks again). */
function NoteDialog({ courseId, open, onClose }: { courseId: number; open: boolean; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const create = useCreateNote(courseId);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<NoteErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const reset = () => {
    setTitle('');
    setBody('');
    setErrors({});
    setServerError(null);
  };

  const save = async () => {
    const parsed = createNoteMaterialBody.safeParse({ title, body });
    if (!parsed.success) {
      const next: NoteErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof NoteErrors;
        if (!next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setServerError(null);
    try {
      await create.mutateAsync(parsed.data);
      toast.success(KB_TEXT.noteSaved);
      reset();
      onClose();
    } catch (e) {
      setServerError(errorMessage(e));
    }
  };

  const described = (field: keyof NoteErrors) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <Modal
      open={open}
      title="新建讲义"
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: create.isPending }}
      onOk={() => void save()}
      cancelButtonProps={{ disabled: create.isPending }}
      onCancel={() => {
        if (create.isPending) return;
        reset();
        onClose();
      }}
      width={720}
      destroyOnHidden
    >
      <form
        className="kb-note"
        aria-label="新建讲义"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        data-testid="kb-note-form"
      >
        <div className="courses-field">
          <label htmlFor={`${id}-title`} className="courses-field__required">
            讲义名称
          </label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={60}
            showCount
            aria-required
            {...described('title')}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
            onPressEnter={(e) => e.preventDefault()}
            data-testid="kb-note-title"
          />
          {errors.title && (
            <div id={`${id}-title-error`} className="courses-field__error" role="alert">
              {errors.title}
            </div>
          )}
        </div>
        <div className="courses-field">
          <label htmlFor={`${id}-body`} className="courses-field__required">
            讲义内容
          </label>
          <p id={`${id}-body-hint`} className="courses-field__hint">
            支持Markdown：用“#”“##”写标题，AI会按标题把讲义分成段落来引用。
          </p>
          <Input.TextArea
            id={`${id}-body`}
            value={body}
            autoSize={{ minRows: 8, maxRows: 18 }}
            aria-required
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${id}-body-error ${id}-body-hint` : `${id}-body-hint`}
            onChange={(e) => {
              setBody(e.target.value);
              setErrors((x) => ({ ...x, body: undefined }));
            }}
            data-testid="kb-note-body"
          />
          {errors.body && (
            <div id={`${id}-body-error`} className="courses-field__error" role="alert">
              {errors.body}
            </div>
          )}
        </div>
        {serverError && (
          <div className="courses-field__error" role="alert" data-testid="kb-note-error">
            {serverError}
          </div>
        )}
      </form>
    </Modal>
  );
}

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; percent: number }
  | { status: 'failed'; name: string; message: string };

/** The material's kind and source in words. */
const sourceOf = (m: CourseMaterial) => (m.kind === 'Note' ? '讲义' : (m.fileName ?? '文件'));

/** The course's knowledge base: 上传资料, 新建讲义, and the materials a page at a time. */
export function KnowledgeBaseTab({ courseId }: { courseId: number }) {
  const id = useId();
  const toast = useToast();
  const confirm = useConfirm();
  const [page, setPage] = useState(1);
  const materials = useMaterials(courseId, page);
  const upload = useUploadMaterial(courseId);
  const remove = useDeleteMaterial(courseId);
  const [noteOpen, setNoteOpen] = useState(false);
  const [uploadState, setUploadState] = useState<UploadState>({ status: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  useBackToLastPage(materials.data, page, MATERIAL_PAGE_SIZE, setPage);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkMaterialUpload(file);
    if (problem) {
      setUploadState({ status: 'failed', name: file.name, message: problem });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setUploadState({ status: 'uploading', name: file.name, percent: 0 });
    try {
      await upload.mutateAsync({
        file,
        signal: controller.signal,
        onProgress: (p: MaterialUploadProgress) =>
          setUploadState({ status: 'uploading', name: file.name, percent: p.percent }),
      });
      setUploadState({ status: 'idle' });
      setPage(1);
      toast.success(KB_TEXT.uploaded);
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'cancelled') setUploadState({ status: 'idle' });
      else setUploadState({ status: 'failed', name: file.name, message: errorMessage(error) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const askDelete = (m: CourseMaterial) =>
    confirm.ask({
      title: '删除资料',
      content: `确定删除《${m.title}》吗？删除后AI助手不再依据它回答，学生已有回答中指向它的引用将无法打开。`,
      okText: '删除',
      danger: true,
      onConfirm: async () => {
        await remove.mutateAsync(m.id);
        toast.success(KB_TEXT.deleted);
      },
    });

  const uploading = uploadState.status === 'uploading';

  return (
    <section aria-labelledby={`${id}-title`} className="kb" data-testid="kb-tab">
      <div className="course-section-head">
        <h2 id={`${id}-title`}>知识库</h2>
        <div className="kb__actions">
          <Button
            type="primary"
            icon={<UploadOutlined aria-hidden />}
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
            aria-describedby={`${id}-formats`}
            data-testid="kb-upload"
          >
            上传资料
          </Button>
          <Button
            icon={<FileAddOutlined aria-hidden />}
            onClick={() => setNoteOpen(true)}
            data-testid="kb-new-note"
          >
            新建讲义
          </Button>
        </div>
      </div>
      <p className="courses-field__hint kb__intro">{KB_TEXT.intro}</p>
      <p className="courses-field__hint" id={`${id}-formats`}>
        {KB_TEXT.formats}
      </p>
      <input
        ref={fileInput}
        type="file"
        accept={MATERIAL_UPLOAD_ACCEPT}
        className="kb__file"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => void pick(e)}
        data-testid="kb-file"
      />
      {uploadState.status === 'uploading' && (
        <div className="kb__upload" role="status" data-testid="kb-uploading">
          <span>
            正在上传《{uploadState.name}》{uploadState.percent}%
          </span>
          <progress
            className="kb__progress"
            max={100}
            value={uploadState.percent}
            aria-label={`上传进度 ${uploadState.name}`}
          />
          <Button size="small" onClick={() => abort.current?.abort()}>
            取消上传
          </Button>
        </div>
      )}
      {uploadState.status === 'failed' && (
        <div className="kb__upload is-error" role="alert" data-testid="kb-upload-error">
          <span>
            《{uploadState.name}》未能上传：{uploadState.message}
          </span>
          <Button size="small" type="link" onClick={() => setUploadState({ status: 'idle' })}>
            知道了
          </Button>
        </div>
      )}
      <ListState
        query={materials}
        loadingText="正在加载资料…"
        isEmpty={(data) => data.total === 0}
        empty={
          <div className="kb__empty" data-testid="kb-empty">
            <h3>{KB_TEXT.emptyTitle}</h3>
            <p>{KB_TEXT.emptyBody}</p>
          </div>
        }
      >
        {(data) => (
          <>
            <div className="kb__table-wrap">
              <table className="kb__table" data-testid="kb-table">
                <caption>课程资料（共{data.total}份）</caption>
                <thead>
                  <tr>
                    <th scope="col">资料</th>
                    <th scope="col">状态</th>
                    <th scope="col">段落</th>
                    <th scope="col">字数</th>
                    <th scope="col">添加时间</th>
                    <th scope="col">
                      <span className="kb__sr">操作</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((m) => (
                    <tr key={m.id} data-testid="kb-row">
                      <th scope="row" className="kb__name">
                        <span className="kb__title">{m.title}</span>
                        <span className="kb__source">{sourceOf(m)}</span>
                      </th>
                      <td>
                        <Tag color={STATUS_COLOR[m.status]} data-testid="kb-status">
                          {MATERIAL_STATUS_TEXT[m.status]}
                        </Tag>
                        {m.status === 'Failed' && m.error && <div className="kb__error">{m.error}</div>}
                      </td>
                      <td>{m.status === 'Indexed' ? m.passages : '—'}</td>
                      <td>{m.status === 'Failed' ? '—' : m.chars.toLocaleString('zh-CN')}</td>
                      <td>{formatDate(m.createAt, '{y}-{m}-{d} {h}:{i}')}</td>
                      <td>
                        <Button
                          type="link"
                          danger
                          size="small"
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={`删除《${m.title}》`}
                          onClick={() => askDelete(m)}
                          data-testid="kb-delete"
                        >
                          删除
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={MATERIAL_PAGE_SIZE}
              total={data.total}
              label="资料分页"
              onChange={setPage}
            />
          </>
        )}
      </ListState>
      <NoteDialog courseId={courseId} open={noteOpen} onClose={() => setNoteOpen(false)} />
      {confirm.dialog}
    </section>
  );
}
