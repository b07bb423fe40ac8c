import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import {
  checkFileForPurpose,
  FILE_PURPOSES,
  type FilePurpose,
  fileAccept,
  filePurposeKind,
  formatFileSize,
  type UploadedFile,
} from '@uplus/shared';
import { Button, Progress } from 'antd';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage, HttpError } from '../../api/http';
import { uploadFile } from './api';
import './files.css';

export type FileUploadProps = {
  /** what the file is for: decides the allowed types, the largest size and the preview */
  purpose: FilePurpose;
  /** the uploaded file, or null (a Form.Item passes it; undefined is none) */
  value?: UploadedFile | null;
  /** called with the uploaded file, or null when it is removed (a Form.Item passes it) */
  onChange?: (file: UploadedFile | null) => void;
  /** told when an upload starts and ends (a form can hold its save button meanwhile) */
  onBusyChange?: (busy: boolean) => void;
  /** the id of the choose button (a Form.Item's label points at it) */
  id?: string;
  /** ids of texts describing the control (a Form.Item's help or error) */
  'aria-describedby'?: string;
  disabled?: boolean;
};

type Uploading = { name: string; size: number; percent: number; controller: AbortController };

/**
 * Upload control of one file (issue 12): choose or drop a file, checked here against the purpose's types
 * and size (the server checks the bytes again), a progress bar while it uploads with a cancel button,
 * then the file with its name, size and a preview (a picture or a small video player) and a remove button.
 * Errors are shown in place, announced (role=alert) and tied to the button by aria-describedby.
 */
export const FileUpload = ({
  purpose,
  value,
  onChange,
  id,
  'aria-describedby': describedBy,
  disabled = false,
  onBusyChange,
}: FileUploadProps) => {
  const generatedId = useId();
  const buttonId = id ?? `${generatedId}-button`;
  const errorId = `${generatedId}-error`;
  const hintId = `${generatedId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const rule = FILE_PURPOSES[purpose];
  const kind = filePurposeKind(purpose);

  // leaving the page (or the dialog) while uploading cancels the upload
  const uploadingRef = useRef<Uploading | null>(null);
  uploadingRef.current = uploading;
  useEffect(() => () => uploadingRef.current?.controller.abort(), []);
  const busy = uploading !== null;
  const onBusyRef = useRef(onBusyChange);
  onBusyRef.current = onBusyChange;
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current === busy) return;
    wasBusy.current = busy;
    onBusyRef.current?.(busy);
  }, [busy]);

  const start = (file: File) => {
    const refusal = checkFileForPurpose(purpose, file);
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    const controller = new AbortController();
    setUploading({ name: file.name, size: file.size, percent: 0, controller });
    uploadFile(
      purpose,
      file,
      (progress) =>
        setUploading((current) =>
          current?.controller === controller ? { ...current, percent: progress.percent } : current,
        ),
      controller.signal,
    )
      .then((uploaded) => {
        setUploading(null);
        onChange?.(uploaded);
      })
      .catch((failure: unknown) => {
        setUploading(null);
        if (failure instanceof HttpError && failure.kind === 'cancelled') return;
        setError(errorMessage(failure));
      });
  };

  const onPicked = (files: FileList | null) => {
    const file = files?.[0];
    if (inputRef.current) inputRef.current.value = '';
    if (file) start(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled || busy) return;
    onPicked(event.dataTransfer.files);
  };

  const described = [describedBy, hintId, error ? errorId : null].filter(Boolean).join(' ');
  const maxMb = Math.round(rule.maxBytes / (1024 * 1024));
  const typeNames = rule.types.map((type) => type.split('/')[1]?.toUpperCase()).join('、');

  return (
    <div className="file-upload">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the button inside is the keyboard's way */}
      <div
        className={`file-upload-drop${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled && !busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="file-upload-drop"
      >
        <input
          ref={inputRef}
          type="file"
          accept={fileAccept(purpose)}
          className="file-upload-input"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled || busy}
          onChange={(event) => onPicked(event.target.files)}
          data-testid="file-upload-input"
        />
        <Button
          id={buttonId}
          icon={<UploadOutlined />}
          disabled={disabled || busy}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onClick={() => inputRef.current?.click()}
        >
          {value ? `重新上传${rule.label}` : `上传${rule.label}`}
        </Button>
        <span id={hintId} className="file-upload-hint">
          可拖拽文件到此处；支持 {typeNames}，不超过 {maxMb}MB
        </span>
      </div>

      {uploading && (
        <div className="file-upload-progress">
          <div className="file-upload-name">
            <FileOutlined aria-hidden /> {uploading.name}（{formatFileSize(uploading.size)}）
          </div>
          <Progress
            percent={uploading.percent}
            size="small"
            status="active"
            aria-label={`正在上传 ${uploading.name}`}
          />
          <span className="file-upload-sr" aria-live="polite">
            已上传 {uploading.percent}%
          </span>
          <Button size="small" onClick={() => uploading.controller.abort()}>
            取消上传
          </Button>
        </div>
      )}

      {error && (
        <div id={errorId} role="alert" className="file-upload-error">
          {error}
        </div>
      )}

      {value && !uploading && (
        <div className="file-upload-file">
          {kind === 'image' ? (
            <img className="file-upload-preview" src={value.url} alt={value.name} />
          ) : (
            <video
              className="file-upload-preview"
              src={value.url}
              controls
              preload="metadata"
              aria-label={`预览 ${value.name}`}
            >
              <track kind="captions" />
            </video>
          )}
          <div className="file-upload-meta">
            <a href={value.url} target="_blank" rel="noreferrer" className="file-upload-name">
              {value.name}
            </a>
            <span className="file-upload-size">{formatFileSize(value.size)}</span>
          </div>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => {
              setError(null);
              onChange?.(null);
            }}
            aria-label={`移除 ${value.name}`}
          >
            移除
          </Button>
        </div>
      )}
    </div>
  );
};
