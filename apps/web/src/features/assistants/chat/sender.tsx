import {
  CloseOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  PauseCircleOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
  ASSISTANT_UPLOAD_ACCEPT,
  ASSISTANT_UPLOAD_EXTENSIONS,
  type AssistantFile,
  checkAssistantUpload,
  type MessageFile,
} from '@uplus/shared';
import { Button, Input, Progress } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { uploadAssistantFile } from '../api';
import { enterAction, sizeText } from '../assistant-model';

/*
 * The question box (issue 16 parts 4 and 5): Enter sends, Shift+Enter starts a new line, and nothing is
 * sent while an input method is composing. Up to 3 files, checked before they go (type and size) and
 * uploaded at once with their progress; each then says Ready, or why it failed. Sending waits for the
 * uploads and for the answer being written.
 */

type Upload = {
  key: number;
  name: string;
  size: number;
  kind: 'document' | 'image';
  progress: number;
  /** uploading; Ready / Failed as the server read it; error: the upload itself failed */
  state: 'uploading' | 'Ready' | 'Failed' | 'error';
  message: string | null;
  file: AssistantFile | null;
  abort: AbortController;
};

export type SenderProps = {
  placeholder: string;
  /** an answer is being written (send waits; the stop button shows) */
  answering: boolean;
  stoppable: boolean;
  stopping: boolean;
  onStop: () => void;
  /** sends; resolves null when the server took the question, or the reason it was refused */
  onSend: (query: string, files: MessageFile[]) => Promise<string | null>;
  /** nothing can be asked (no permission, no course): the box is read-only with this reason */
  blocked?: string | null;
  /** today's questions left (context.remaining) */
  remaining: number | null;
  /** above the box: chat type chips, knowledge toggle */
  toolbar?: ReactNode;
  /** focus the box when this changes (a menu entry picked) */
  focusKey?: string;
};

let uploadKey = 0;

export function Sender(props: SenderProps) {
  const [text, setText] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement | null>(null);
  const hintId = useId();
  const problemsId = useId();

  useEffect(() => {
    if (props.focusKey) box.current?.focus();
  }, [props.focusKey]);
  // uploads still running when the sender goes are cancelled
  const live = useRef(uploads);
  live.current = uploads;
  useEffect(
    () => () => {
      for (const u of live.current) u.abort.abort();
    },
    [],
  );

  const uploading = uploads.some((u) => u.state === 'uploading');
  const blocked = props.blocked ?? null;
  const canSend = !blocked && !sending && !props.answering && !uploading && text.trim().length > 0;

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const pick = (files: FileList | null) => {
    if (!files) return;
    const found: string[] = [];
    let count = uploads.filter((u) => u.state !== 'error').length;
    const added: Upload[] = [];
    for (const file of Array.from(files)) {
      const problem = checkAssistantUpload(file, count);
      if (problem) {
        found.push(problem === ASSISTANT_MSG.tooManyFiles ? problem : `${file.name}：${problem}`);
        continue;
      }
      count += 1;
      const ext = file.name.toLowerCase().split('.').pop() ?? '';
      const kind = (ASSISTANT_UPLOAD_EXTENSIONS as Record<string, 'document' | 'image'>)[ext] ?? 'document';
      uploadKey += 1;
      const upload: Upload = {
        key: uploadKey,
        name: file.name,
        size: file.size,
        kind,
        progress: 0,
        state: 'uploading',
        message: null,
        file: null,
        abort: new AbortController(),
      };
      added.push(upload);
      uploadAssistantFile(file, (p) => patch(upload.key, { progress: p.percent }), upload.abort.signal).then(
        (stored) =>
          patch(upload.key, {
            state: stored.status,
            message: stored.message,
            file: stored,
            progress: 100,
          }),
        (error: unknown) =>
          !upload.abort.signal.aborted && patch(upload.key, { state: 'error', message: errorMessage(error) }),
      );
    }
    setProblems([...new Set(found)]);
    if (added.length) setUploads((list) => [...list, ...added]);
    if (fileInput.current) fileInput.current.value = '';
  };

  const remove = (key: number) => {
    setUploads((list) => {
      list.find((u) => u.key === key)?.abort.abort();
      return list.filter((u) => u.key !== key);
    });
    setProblems([]);
  };

  const send = async () => {
    if (!canSend) return;
    const query = text.trim();
    const kept = uploads;
    const files: MessageFile[] = kept.flatMap((u) =>
      u.file
        ? [
            {
              fileId: u.file.fileId,
              name: u.file.name,
              kind: u.file.kind,
              status: u.file.status,
              message: u.file.message,
              chars: u.file.chars,
            },
          ]
        : [],
    );
    setSending(true);
    setRefused(null);
    setText('');
    setUploads([]);
    setProblems([]);
    const reason = await props.onSend(query, files);
    setSending(false);
    if (reason) {
      // refused before it began: the question and its files come back to be sent again
      setRefused(reason);
      setText(query);
      setUploads(kept);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = enterAction({
      key: event.key,
      shiftKey: event.shiftKey,
      keyCode: event.keyCode,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action === 'send') {
      event.preventDefault();
      void send();
    }
  };

  const full = uploads.filter((u) => u.state !== 'error').length >= ASSISTANT_LIMITS.maxFiles;

  return (
    <div className="chat-sender" data-testid="chat-sender">
      {props.toolbar}
      {uploads.length > 0 && (
        <ul className="chat-uploads" aria-label="待发送的附件">
          {uploads.map((u) => (
            <li key={u.key} className={`chat-upload is-${u.state}`} data-testid="chat-upload">
              <span className="chat-upload__name">{u.name}</span>
              <span className="chat-upload__size">{sizeText(u.size)}</span>
              {u.state === 'uploading' ? (
                <span className="chat-upload__state">
                  <LoadingOutlined aria-hidden />
                  <Progress
                    percent={u.progress}
                    size="small"
                    showInfo={false}
                    aria-label={`${u.name} 上传进度`}
                    className="chat-upload__bar"
                  />
                  <span>{u.progress}%</span>
                </span>
              ) : u.state === 'Ready' ? (
                <span className="chat-upload__state is-ready" data-testid="chat-upload-state">
                  已就绪
                </span>
              ) : (
                <span className="chat-upload__state is-failed" role="alert" data-testid="chat-upload-state">
                  <ExclamationCircleOutlined aria-hidden /> {u.message || '上传失败'}
                </span>
              )}
              <button
                type="button"
                className="chat-upload__remove"
                aria-label={`移除 ${u.name}`}
                onClick={() => remove(u.key)}
              >
                <CloseOutlined aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div id={problemsId} className="chat-sender__problems" role="alert" data-testid="chat-upload-problems">
        {problems.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {refused && <p data-testid="chat-refused">{refused}</p>}
        {blocked && <p data-testid="chat-blocked">{blocked}</p>}
      </div>
      <div className="chat-sender__box">
        <Input.TextArea
          ref={(el) => {
            box.current = el?.resizableTextArea?.textArea ?? null;
          }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={props.placeholder}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={ASSISTANT_LIMITS.maxQueryLength}
          disabled={!!blocked}
          aria-label="输入问题"
          aria-describedby={`${hintId} ${problemsId}`}
          data-testid="chat-input"
        />
        <div className="chat-sender__actions">
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ASSISTANT_UPLOAD_ACCEPT}
            className="assistant-sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="chat-file-input"
            onChange={(e) => pick(e.target.files)}
          />
          <Button
            type="text"
            icon={<PaperClipOutlined />}
            aria-label={full ? '上传附件（已达3个）' : '上传附件'}
            disabled={!!blocked || full}
            onClick={() => fileInput.current?.click()}
            data-testid="chat-attach"
          />
          {props.answering ? (
            <Button
              danger
              icon={<PauseCircleOutlined />}
              onClick={props.onStop}
              disabled={!props.stoppable}
              loading={props.stopping}
              data-testid="chat-stop"
            >
              停止回答
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void send()}
              disabled={!canSend}
              loading={sending}
              aria-label="发送"
              data-testid="chat-send"
            />
          )}
        </div>
      </div>
      <p id={hintId} className="chat-sender__hint">
        Enter 发送，Shift+Enter 换行 · 最多3个附件（文档≤50MB，图片≤10MB）
        {props.remaining !== null && (
          <span className="chat-sender__quota" data-testid="chat-remaining">
            {' '}
            · 今日还可提问 {props.remaining} 次
          </span>
        )}
      </p>
    </div>
  );
}
