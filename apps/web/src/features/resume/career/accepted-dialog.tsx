import { type AcceptedForm, firstAcceptedError, RESUME_LIMITS } from '@uplus/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useSaveMemberProfile } from './api';

/*
 * The 已接受offer dialog of 求职状态 (career spec 5 "Accepted-status dialog"): the position (15) and the
 * company (30), prefilled, checked by `firstAcceptedError`, saved with status Accepted. Loaded when first
 * opened, or as soon as the status choice or 修改 is hovered or focused (job-status-card.tsx).
 */

const FIELDS = ['occupationName', 'companyName'] as const;
const count = { show: true, strategy: (text: string) => [...text].length };

export default function AcceptedDialog({
  open,
  occupationName,
  companyName,
  onClose,
}: {
  open: boolean;
  /** the saved values the dialog opens with */
  occupationName: string | null | undefined;
  companyName: string | null | undefined;
  onClose: () => void;
}) {
  const save = useSaveMemberProfile();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const [form] = Form.useForm<AcceptedForm>();

  useEffect(() => {
    if (open) {
      form.setFieldsValue({ occupationName: occupationName ?? '', companyName: companyName ?? '' });
      setServerError(null);
    }
  }, [open, form, occupationName, companyName]);

  const submit = async () => {
    if (save.isPending) return;
    const values = form.getFieldsValue(true) as AcceptedForm;
    const error = firstAcceptedError(values);
    form.setFields(FIELDS.map((name) => ({ name, errors: error?.field === name ? [error.message] : [] })));
    if (error) {
      form.focusField(error.field);
      return;
    }
    setServerError(null);
    try {
      await save.mutateAsync({
        status: 'Accepted',
        occupationName: (values.occupationName ?? '').trim(),
        companyName: (values.companyName ?? '').trim(),
      });
      toast.success('保存成功');
      onClose();
    } catch (e) {
      setServerError(errorMessage(e));
    }
  };
  const enter = (e: KeyboardEvent) => {
    // IME composition's Enter only picks the characters; it never saves.
    if (!e.nativeEvent.isComposing && e.keyCode !== 229) void submit();
  };

  return (
    <Modal
      open={open}
      title="已接受offer"
      okText="保存"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'accepted-save' } as never}
      maskClosable={false}
      destroyOnHidden
      width={440}
    >
      <Form<AcceptedForm> form={form} layout="vertical" name="accepted-status" requiredMark>
        <Form.Item label="职位名称" name="occupationName" required>
          <Input
            placeholder="请填写职位名称"
            count={{ ...count, max: RESUME_LIMITS.position }}
            onPressEnter={enter}
            autoFocus
            data-testid="accepted-position"
          />
        </Form.Item>
        <Form.Item label="公司名称" name="companyName" required>
          <Input
            placeholder="请填写公司名称"
            count={{ ...count, max: RESUME_LIMITS.companyName }}
            onPressEnter={enter}
            data-testid="accepted-company"
          />
        </Form.Item>
      </Form>
      {serverError && <Alert type="error" showIcon title={serverError} role="alert" />}
    </Modal>
  );
}
