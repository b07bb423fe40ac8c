import {
  type CareerTalkBody,
  careerTalkBody,
  FAIR_MODE_TITLES,
  formatDate,
  RESERVATIONS_MSG,
  TALK_MODE_TITLES,
  type UploadedFile,
} from '@uplus/shared';
import { type ButtonProps, Form, Input, Modal, Radio } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { FileUpload } from '../files/file-upload';

/** What the talk and fair forms edit (both have the same fields). */
export type EventFormValues = {
  subject: string;
  mode: 'Online' | 'Offline';
  start: string;
  end: string;
  place: string;
  description: string;
  poster: UploadedFile | null;
};

const toLocal = (ms: number | undefined) => (ms ? formatDate(ms, '{y}-{m}-{d}T{h}:{i}') : '');
const fromLocal = (value: string) => (value ? new Date(value).getTime() : Number.NaN);

/** An IME's Enter (choosing a candidate) never submits. */
const imeGuard = (e: KeyboardEvent) => {
  if (e.key === 'Enter' && (e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229)) e.preventDefault();
};

/**
 * The dialog that publishes or edits a career talk or a job fair: subject, online/offline, start and end
 * (native date-time inputs), place (required offline), description, poster. Checked with the shared schema,
 * so the messages are the server's.
 */
export function EventFormDialog({
  kind,
  initial,
  saving,
  onSubmit,
  onClose,
}: {
  kind: 'talk' | 'fair';
  initial: (Partial<CareerTalkBody> & { poster?: UploadedFile | null }) | null;
  saving: boolean;
  onSubmit: (body: CareerTalkBody) => Promise<boolean>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<EventFormValues>();
  const [busy, setBusy] = useState(false);
  const modes = kind === 'talk' ? TALK_MODE_TITLES : FAIR_MODE_TITLES;
  const noun = kind === 'talk' ? '宣讲会' : '双选会';
  useEffect(() => {
    form.setFieldsValue({
      subject: initial?.subject ?? '',
      mode: initial?.mode ?? 'Online',
      start: toLocal(initial?.startTimestamp),
      end: toLocal(initial?.endTimestamp),
      place: initial?.place ?? '',
      description: initial?.description ?? '',
      poster: initial?.poster ?? null,
    });
  }, [initial, form]);

  const submit = async (v: EventFormValues) => {
    const parsed = careerTalkBody.safeParse({
      subject: v.subject ?? '',
      mode: v.mode,
      startTimestamp: fromLocal(v.start),
      endTimestamp: fromLocal(v.end),
      place: v.place ?? '',
      description: v.description ?? '',
      posterFileId: v.poster?.id ?? null,
    });
    if (!parsed.success) {
      const fields = new Map<keyof EventFormValues, string>();
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const field: keyof EventFormValues =
          key === 'startTimestamp'
            ? 'start'
            : key === 'endTimestamp'
              ? 'end'
              : (key as keyof EventFormValues);
        const message =
          key === 'startTimestamp'
            ? RESERVATIONS_MSG.startRequired
            : key === 'endTimestamp' && Number.isNaN(fromLocal(v.end))
              ? RESERVATIONS_MSG.endRequired
              : issue.message;
        if (!fields.has(field)) fields.set(field, message);
      }
      form.setFields([...fields].map(([name, message]) => ({ name, errors: [message] })));
      return;
    }
    if (await onSubmit(parsed.data)) onClose();
  };

  return (
    <Modal
      open
      width={720}
      title={initial?.subject ? `编辑${noun}` : `发布${noun}`}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, disabled: busy, 'data-testid': 'event-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        onKeyDown={imeGuard}
        data-testid="event-form"
      >
        <Form.Item name="subject" label="主题" required>
          <Input maxLength={50} showCount data-testid="event-subject" />
        </Form.Item>
        <Form.Item name="mode" label="形式">
          <Radio.Group>
            {(['Online', 'Offline'] as const).map((m) => (
              <Radio key={m} value={m}>
                {modes[m]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="start" label="开始时间" required>
          <Input type="datetime-local" data-testid="event-start" />
        </Form.Item>
        <Form.Item name="end" label="结束时间" required>
          <Input type="datetime-local" data-testid="event-end" />
        </Form.Item>
        <Form.Item noStyle dependencies={['mode']}>
          {({ getFieldValue }) => (
            <Form.Item name="place" label="举办地点" required={getFieldValue('mode') === 'Offline'}>
              <Input maxLength={100} data-testid="event-place" />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item name="description" label="介绍">
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="poster" label="海报" valuePropName="value">
          <PosterField onBusyChange={setBusy} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PosterField({
  value = null,
  onChange,
  id,
  onBusyChange,
  'aria-describedby': describedBy,
}: {
  value?: UploadedFile | null;
  onChange?: (file: UploadedFile | null) => void;
  id?: string;
  onBusyChange: (busy: boolean) => void;
  'aria-describedby'?: string;
}) {
  return (
    <FileUpload
      purpose="poster"
      value={value}
      onChange={(f) => onChange?.(f)}
      onBusyChange={onBusyChange}
      id={id}
      aria-describedby={describedBy}
    />
  );
}
