import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import {
  APPLICATIONS_MSG,
  checkFileForPurpose,
  FEEDBACK_LIMITS,
  type FeedbackField,
  fileAccept,
  INVITATION_TITLES,
  type InvitationType,
  offerMaterialExtensionOf,
} from '@uplus/shared';
import { Alert, Button, DatePicker, Input, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { uploadFile } from '../../files/api';
import { useSendFeedback } from './api';
import { emptyInvitation, type InvitationForm, invitationBody, invitationErrors } from './invitation-form';

const TIME_LABEL: Record<InvitationType, string> = {
  Written: '笔试时间',
  Interview: '面试时间',
  Offer: '入职时间',
};

type Props = {
  deliveryId: string;
  type: InvitationType;
  /** the programme's positions (InternProgram offers), else [] */
  programOccupations: { id: string; name: string }[];
  onClose: () => void;
};

/** A labelled control with its error tied by aria-describedby (and aria-invalid on the control). */
function Field({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  children: (a: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="applications-field">
      <label htmlFor={id}>
        {required ? <span aria-hidden="true">* </span> : null}
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <div id={errorId} className="applications-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The written-test / interview / offer invitation dialog (contact, mobile, place, time, deadline, notice; offer extras). */
export function InvitationDialog({ deliveryId, type, programOccupations, onClose }: Props) {
  const [form, setForm] = useState<InvitationForm>(() => emptyInvitation(type));
  const [tried, setTried] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const send = useSendFeedback(deliveryId);
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const errors: Partial<Record<FeedbackField, string>> = tried ? invitationErrors(form, Date.now()) : {};
  const set = <K extends keyof InvitationForm>(key: K, value: InvitationForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = () => {
    setTried(true);
    if (Object.keys(invitationErrors(form, Date.now())).length) return;
    send.mutate(invitationBody(form), {
      onSuccess: () => {
        toast.success(APPLICATIONS_MSG.sent);
        onClose();
      },
    });
  };

  const addFiles = async (files: FileList | null) => {
    setUploadError(null);
    for (const file of Array.from(files ?? [])) {
      if (form.materials.length >= FEEDBACK_LIMITS.materials) {
        setUploadError(APPLICATIONS_MSG.tooManyMaterials);
        return;
      }
      const refused = offerMaterialExtensionOf(file.name)
        ? checkFileForPurpose('offerMaterial', file)
        : APPLICATIONS_MSG.materialType;
      if (refused) {
        setUploadError(refused);
        return;
      }
      setUploading(true);
      try {
        const uploaded = await uploadFile('offerMaterial', file);
        setForm((f) => ({ ...f, materials: [...f.materials, uploaded] }));
      } catch (error) {
        setUploadError(errorMessage(error));
      } finally {
        setUploading(false);
      }
    }
  };

  const text = (key: 'contactPerson' | 'mobile' | 'place', label: string, max: number, required = false) => (
    <Field label={label} error={errors[key]} required={required}>
      {(a) => <Input {...a} value={form[key]} maxLength={max} onChange={(e) => set(key, e.target.value)} />}
    </Field>
  );

  return (
    <Modal
      open
      title={`发送${INVITATION_TITLES[type]}`}
      width={720}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="send" type="primary" loading={send.isPending} disabled={uploading} onClick={submit}>
          发送
        </Button>,
      ]}
    >
      <div className="applications-form" data-testid="invitation-form">
        {send.error ? <Alert type="error" showIcon title={errorMessage(send.error)} /> : null}
        <Field label={TIME_LABEL[type]} error={errors.startAt} required>
          {(a) => (
            <DatePicker
              {...a}
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={form.startAt ? dayjs(form.startAt) : null}
              onChange={(v) => set('startAt', v ? v.valueOf() : null)}
            />
          )}
        </Field>
        <Field label="处理截止时间（选填，逾期未处理显示为超时未处理）" error={errors.respondBy}>
          {(a) => (
            <DatePicker
              {...a}
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={form.respondBy ? dayjs(form.respondBy) : null}
              onChange={(v) => set('respondBy', v ? v.valueOf() : null)}
            />
          )}
        </Field>
        {text('contactPerson', '联系人', FEEDBACK_LIMITS.contactPerson, true)}
        {text('mobile', '联系电话', 11, true)}
        {text('place', '地点', FEEDBACK_LIMITS.place)}
        <Field label="注意事项" error={errors.notice}>
          {(a) => (
            <Input.TextArea
              {...a}
              rows={3}
              value={form.notice}
              maxLength={FEEDBACK_LIMITS.notice}
              showCount
              onChange={(e) => set('notice', e.target.value)}
            />
          )}
        </Field>
        {type === 'Offer' ? (
          <>
            <Field label="offer说明" error={errors.offerDescription}>
              {(a) => (
                <Input.TextArea
                  {...a}
                  rows={4}
                  value={form.offerDescription}
                  maxLength={FEEDBACK_LIMITS.offerDescription}
                  showCount
                  onChange={(e) => set('offerDescription', e.target.value)}
                />
              )}
            </Field>
            {programOccupations.length ? (
              <Field label="录用岗位" error={errors.internOccupationIds}>
                {(a) => (
                  <Select
                    {...a}
                    mode="multiple"
                    value={form.internOccupationIds}
                    options={programOccupations.map((o) => ({ value: o.id, label: o.name }))}
                    onChange={(v) => set('internOccupationIds', v)}
                    placeholder="请选择岗位"
                  />
                )}
              </Field>
            ) : null}
            <Field
              label={`附件（最多${FEEDBACK_LIMITS.materials}个，单个不超过20MB）`}
              error={errors.materialFileIds ?? uploadError ?? undefined}
            >
              {(a) => (
                <div>
                  <input
                    ref={fileInput}
                    type="file"
                    hidden
                    multiple
                    accept={fileAccept('offerMaterial')}
                    onChange={(e) => {
                      void addFiles(e.target.files);
                      e.target.value = '';
                    }}
                  />
                  <Button
                    {...a}
                    icon={<UploadOutlined />}
                    loading={uploading}
                    disabled={form.materials.length >= FEEDBACK_LIMITS.materials}
                    onClick={() => fileInput.current?.click()}
                  >
                    上传附件
                  </Button>
                  <ul className="applications-materials">
                    {form.materials.map((m) => (
                      <li key={m.id}>
                        <PaperClipOutlined /> {m.name}
                        <Button
                          type="text"
                          size="small"
                          aria-label={`移除 ${m.name}`}
                          icon={<DeleteOutlined />}
                          onClick={() =>
                            set(
                              'materials',
                              form.materials.filter((x) => x.id !== m.id),
                            )
                          }
                        />
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </Field>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
