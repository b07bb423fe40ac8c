import { ATTACHED_MSG, ATTACHED_NAME_MAX, type AttachedResume, firstAttachedNameError } from '@uplus/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { type KeyboardEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useRenameAttached } from './api';

/*
 * 重命名附件 (issue 13, career spec 5): the attached resume's name in a small dialog, checked by
 * `firstAttachedNameError`. Loaded when first opened, or as soon as 重命名 is hovered or focused
 * (attached-resumes-card.tsx).
 */

/** The enter that ends an input method's composition is not a submit. */
const stopComposingEnter = (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === 'Enter' && (e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229)) e.preventDefault();
};

export default function RenameDialog({
  item,
  onClose,
}: {
  item: AttachedResume | null;
  onClose: () => void;
}) {
  const message = useToast();
  const rename = useRenameAttached();
  const [form] = Form.useForm<{ name: string }>();
  const [serverError, setServerError] = useState('');
  const formId = useId();
  const submit = async ({ name }: { name: string }) => {
    if (!item) return;
    setServerError('');
    try {
      await rename.mutateAsync({ id: item.id, name: name.trim() });
      message.success(ATTACHED_MSG.renamed);
      onClose();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };
  return (
    <Modal
      open={!!item}
      title="重命名附件"
      onCancel={() => !rename.isPending && onClose()}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: rename.isPending, htmlType: 'submit', form: formId }}
      destroyOnHidden
    >
      <Form
        form={form}
        id={formId}
        layout="vertical"
        initialValues={{ name: item?.name ?? '' }}
        onFinish={(values) => void submit(values)}
        data-testid="attached-rename-form"
      >
        <Form.Item
          name="name"
          label="附件名称"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const error = firstAttachedNameError(value);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input
            autoFocus
            maxLength={ATTACHED_NAME_MAX * 2}
            showCount={{ formatter: ({ count }) => `${count} / ${ATTACHED_NAME_MAX}` }}
            onKeyDown={stopComposingEnter}
          />
        </Form.Item>
        {serverError ? <Alert type="error" showIcon title={serverError} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
