import { UploadOutlined } from '@ant-design/icons';
import {
  ATTACHED_MSG,
  type AttachedResume,
  attachedNameOf,
  checkAttachedFile,
  formatFileSize,
  RESUME_LIMITS,
  RESUME_MSG,
} from '@uplus/shared';
import { Alert, Button, Popconfirm, Skeleton, Space } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useToast } from '../../../lib/toast';
import { useAttachedResumes, useDeleteAttached, useUploadAttached } from './api';
import './attached.css';
import { SideCard } from '../side-card';

/*
 * 附件简历 (issue 13, career spec 3, 4 "Upload progress", 5, 7): the member's doc/docx/pdf files, at most 3 of
 * at most 20 MB. Upload: the file is checked here first (type by name, size), then sent straight to the
 * store; a progress dialog that only its own button closes (not a click outside, not Escape) follows it.
 * Rename in a small dialog, delete after 删除后不可恢复，确认删除吗？, preview in a new tab. The two dialogs
 * (upload-dialog.tsx, rename-dialog.tsx) load when first opened, or as soon as the buttons that open them
 * are hovered, focused or touched.
 */

const UploadDialog = lazyPart(async () => (await import('../editors')).UploadDialog, { dialog: true });
const RenameDialog = lazyPart(async () => (await import('../editors')).RenameDialog, { dialog: true });

const ACCEPT = [
  '.pdf',
  '.doc',
  '.docx',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

const pad = (n: number) => String(n).padStart(2, '0');
/** year-month-day (local time); the minute is in the tooltip */
const formatDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const formatMinute = (ms: number) => {
  const d = new Date(ms);
  return `${formatDay(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** Upload progress (spec 4): reset before each upload. */
export type UploadState = {
  open: boolean;
  fileName: string;
  percent: number;
  success: boolean;
  error: string;
};
const IDLE: UploadState = { open: false, fileName: '', percent: 0, success: false, error: '' };

const AttachedItem = ({
  item,
  onRename,
}: {
  item: AttachedResume;
  onRename: (item: AttachedResume) => void;
}) => {
  const message = useToast();
  const remove = useDeleteAttached();
  const title = `${item.name}.${item.extension}`;
  return (
    <li className="attached-item" data-testid="attached-item">
      <span className={`attached-item__icon attached-item__icon--${item.extension}`} aria-hidden>
        {item.extension.toUpperCase()}
      </span>
      <div className="attached-item__body">
        <span className="attached-item__name" title={title}>
          {title}
        </span>
        <span className="attached-item__meta" title={`上传于 ${formatMinute(item.createAt)}`}>
          {formatDay(item.createAt)} · {formatFileSize(item.size)}
        </span>
      </div>
      <Space size={0} className="attached-item__actions">
        <Button
          type="link"
          size="small"
          href={`/workbench/previewattachedresume?id=${item.id}`}
          target="_blank"
          rel="noopener"
          aria-label={`预览 ${title}（新标签页）`}
        >
          预览
        </Button>
        <Button
          type="link"
          size="small"
          onClick={() => onRename(item)}
          {...preloadOn(RenameDialog)}
          aria-label={`重命名 ${title}`}
        >
          重命名
        </Button>
        <Popconfirm
          title={RESUME_MSG.deleteConfirm}
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(item.id);
              message.success(ATTACHED_MSG.deleted);
            } catch {
              // the client toasted the server's reason
            }
          }}
        >
          <Button type="link" size="small" danger aria-label={`删除 ${title}`}>
            删除
          </Button>
        </Popconfirm>
      </Space>
    </li>
  );
};

/** The right column's 附件简历 card. */
export const AttachedResumesCard = () => {
  const message = useToast();
  const list = useAttachedResumes();
  const upload = useUploadAttached();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadState>(IDLE);
  const [renaming, setRenaming] = useState<AttachedResume | null>(null);
  const [renamedOnce, setRenamedOnce] = useState(false);
  const rename = (item: AttachedResume) => {
    setRenamedOnce(true);
    setRenaming(item);
  };
  const items = list.data ?? [];
  const full = items.length >= RESUME_LIMITS.attachedMax;

  const pick = () => {
    if (full) {
      message.warning(RESUME_MSG.attachedMax);
      return;
    }
    UploadDialog.preload(); // while the person picks the file
    input.current?.click();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAttachedFile(file);
    if (problem) {
      message.error(problem);
      return;
    }
    setProgress({ ...IDLE, open: true, fileName: file.name });
    try {
      await upload.mutateAsync({
        file,
        name: attachedNameOf(file.name),
        onProgress: (percent) => setProgress((s) => ({ ...s, percent: Math.min(percent, 99) })),
      });
      setProgress((s) => ({ ...s, percent: 100, success: true }));
    } catch (error) {
      setProgress((s) => ({ ...s, error: errorMessage(error) }));
    }
  };

  return (
    <SideCard
      className="attached-card"
      title="附件简历"
      data-testid="attached-resumes-card"
      extra={
        <Button
          type="link"
          icon={<UploadOutlined aria-hidden />}
          onClick={pick}
          {...preloadOn(UploadDialog)}
          aria-disabled={full}
          className={full ? 'attached-card__upload--full' : undefined}
        >
          上传附件
        </Button>
      }
    >
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={(e) => void onFile(e)}
        data-testid="attached-file-input"
        aria-label="选择附件简历文件"
      />
      {list.isPending && list.fetchStatus !== 'idle' ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : list.isError ? (
        <Alert
          type="error"
          showIcon
          title="附件简历加载失败"
          description={errorMessage(list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <div className="attached-card__empty">
          <p>暂无附件简历</p>
          <Button onClick={pick} {...preloadOn(UploadDialog)} icon={<UploadOutlined aria-hidden />}>
            上传附件简历
          </Button>
        </div>
      ) : (
        <ul className="attached-list" aria-label="附件简历列表">
          {items.map((item) => (
            <AttachedItem key={item.id} item={item} onRename={rename} />
          ))}
        </ul>
      )}
      <p className="attached-card__hint">
        支持 doc/docx/pdf 格式，单个不超过20M，最多{RESUME_LIMITS.attachedMax}份
        {full ? `（已满${RESUME_LIMITS.attachedMax}份，删除后可再上传）` : ''}
      </p>
      {/* each dialog is mounted from its first use on (and loaded then, if no hover or focus did it before) */}
      {progress.fileName ? (
        <UploadDialog state={progress} onClose={() => setProgress((s) => ({ ...s, open: false }))} />
      ) : null}
      {renamedOnce ? (
        <RenameDialog key={renaming?.id ?? 'none'} item={renaming} onClose={() => setRenaming(null)} />
      ) : null}
    </SideCard>
  );
};
