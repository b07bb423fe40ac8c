import {
  isHlsUrl,
  type LiveMode,
  type ManageSession,
  OPEN_CLASS_LIMITS,
  OPEN_CLASS_MSG,
  type SessionBodyInput,
  type UploadedFile,
} from '@uplus/shared';
import { DatePicker, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { FileUpload } from '../../files/file-upload';
import { readHlsDuration } from '../player/hls-duration';

export type SessionFormValues = {
  title: string;
  startAt?: Dayjs | null;
  endAt?: Dayjs | null;
  source: 'file' | 'hls';
  video: UploadedFile | null;
  hlsUrl?: string;
};

const valuesOf = (session: ManageSession | null): SessionFormValues => ({
  title: session?.title ?? '',
  startAt: session?.startAt ? dayjs(session.startAt) : null,
  endAt: session?.endAt ? dayjs(session.endAt) : null,
  source: session?.hlsUrl ? 'hls' : 'file',
  video: session?.video ?? null,
  hlsUrl: session?.hlsUrl ?? '',
});

/** The length of a video file in seconds, read from its metadata (0 when the browser cannot tell). */
export const readVideoDuration = (url: string, timeoutMs = 15_000): Promise<number> =>
  new Promise((resolve) => {
    const video = document.createElement('video');
    const done = (seconds: number) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      resolve(Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 10) / 10 : 0);
    };
    const timer = setTimeout(() => done(0), timeoutMs);
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(0);
    video.src = url;
  });

/**
 * The session's body from the form: live modes send start and end (and an optional playback video), a
 * video course its file or HLS address with the video's length.
 */
export const sessionBodyOf = async (
  values: SessionFormValues,
  liveMode: LiveMode,
  readDuration: (url: string) => Promise<number> = readVideoDuration,
  readHls: (url: string) => Promise<number> = readHlsDuration,
): Promise<SessionBodyInput> => {
  const useHls = liveMode === 'Video' && values.source === 'hls';
  const video = useHls ? null : values.video;
  const hlsUrl = useHls ? (values.hlsUrl?.trim() ?? null) : null;
  // an HLS address's length comes from its playlist (0: unreadable, which the server refuses with its message)
  const durationSeconds = video ? await readDuration(video.url) : hlsUrl ? await readHls(hlsUrl) : 0;
  return {
    title: values.title.trim(),
    startAt: liveMode === 'Video' ? null : (values.startAt?.valueOf() ?? null),
    endAt: liveMode === 'Video' ? null : (values.endAt?.valueOf() ?? null),
    videoFileId: video?.id ?? null,
    hlsUrl,
    durationSeconds,
  };
};

/**
 * Adding or editing a session: its title; for live modes the start and end (end after start) and an
 * optional playback video; for a video course an uploaded video (with progress) or an HLS address.
 */
export function SessionDialog({
  open,
  liveMode,
  session,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  liveMode: LiveMode;
  session: ManageSession | null;
  saving: boolean;
  onSave: (values: SessionFormValues) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<SessionFormValues>();
  const source = Form.useWatch('source', form);
  const [initial] = useState(() => valuesOf(session));
  // saving waits for an upload under way
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue(valuesOf(session));
  }, [open, session, form]);
  const live = liveMode !== 'Video';
  return (
    <Modal
      open={open}
      title={session ? '编辑课次' : '添加课次'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: uploading }}
      onOk={() => form.submit()}
      onCancel={() => !saving && onClose()}
      destroyOnHidden
      forceRender
      width={640}
    >
      <Form<SessionFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={onSave}
        className="oc-form"
        data-testid="session-form"
      >
        <Form.Item
          name="title"
          label="课次标题"
          rules={[
            { required: true, whitespace: true, message: OPEN_CLASS_MSG.sessionTitleRequired },
            { max: OPEN_CLASS_LIMITS.maxSessionTitleLength, message: OPEN_CLASS_MSG.sessionTitleTooLong },
          ]}
        >
          <Input maxLength={OPEN_CLASS_LIMITS.maxSessionTitleLength} data-testid="session-title" />
        </Form.Item>
        {live && (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
            <Form.Item
              name="startAt"
              label="开始时间"
              rules={[{ required: true, message: OPEN_CLASS_MSG.sessionStartRequired }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item
              name="endAt"
              label="结束时间"
              dependencies={['startAt']}
              rules={[
                { required: true, message: OPEN_CLASS_MSG.sessionEndRequired },
                ({ getFieldValue }) => ({
                  validator: async (_, value: Dayjs | null) => {
                    const start = getFieldValue('startAt') as Dayjs | null;
                    if (value && start && !value.isAfter(start))
                      throw new Error(OPEN_CLASS_MSG.sessionEndBeforeStart);
                  },
                }),
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </div>
        )}
        {!live && (
          <Form.Item name="source" label="视频来源">
            <Radio.Group
              options={[
                { value: 'file', label: '上传视频' },
                { value: 'hls', label: 'HLS视频地址' },
              ]}
            />
          </Form.Item>
        )}
        {(live || source !== 'hls') && (
          <Form.Item
            name="video"
            label={live ? '回放视频（可选）' : '视频文件'}
            rules={live ? [] : [{ required: true, message: OPEN_CLASS_MSG.videoRequired }]}
          >
            <FileUpload purpose="video" onBusyChange={setUploading} />
          </Form.Item>
        )}
        {!live && source === 'hls' && (
          <Form.Item
            name="hlsUrl"
            label="HLS视频地址"
            rules={[
              { required: true, whitespace: true, message: OPEN_CLASS_MSG.videoRequired },
              {
                validator: async (_, value: string | undefined) => {
                  if (value?.trim() && !isHlsUrl(value.trim())) throw new Error(OPEN_CLASS_MSG.hlsUrlInvalid);
                },
              },
            ]}
          >
            <Input
              placeholder="https://example.com/video/index.m3u8"
              maxLength={OPEN_CLASS_LIMITS.maxHlsUrlLength}
              data-testid="session-hls"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
