import { firstTextError, RESUME_LIMITS, RESUME_MSG } from '@uplus/shared';
import { Form, Input } from 'antd';
import { useEffect, useRef } from 'react';
import { useToast } from '../../../lib/toast';
import { useSaveEvaluation } from '../api';
import { countOf, FormActions, useRuleErrors } from './form-parts';
import type { TextKind } from './text-section';

/*
 * The form of 个人优势 or 自我评价 (spec 4, 5, 7): one text of at most 500 characters, saved with
 * PUT resume_online_evaluations/{resumeId} { strength } or { evaluation }. Loaded when first opened
 * (text-section.tsx).
 */

type Values = { text: string };

const PLACEHOLDER: Record<TextKind, string> = {
  strength: '例如：熟悉 Java 与 Spring Boot，做过两个完整的课程项目；沟通顺畅，乐于分享',
  evaluation: '例如：性格开朗，学习能力强，对新技术保持好奇',
};

export default function TextForm({
  kind,
  resumeId,
  initial,
  onDone,
}: {
  kind: TextKind;
  resumeId: number;
  initial: string;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const errors = useRuleErrors<Values>(form, ['text'], {
    [RESUME_MSG.strengthTooLong]: 'text',
    [RESUME_MSG.evaluationTooLong]: 'text',
  });
  const save = useSaveEvaluation();
  const toast = useToast();
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    wrapper.current?.querySelector('textarea')?.focus();
  }, []);
  const testId = `resume-${kind}-form`;

  const submit = async () => {
    if (save.isPending) return;
    const text = (form.getFieldValue('text') as string | undefined)?.trim() ?? '';
    const error = firstTextError(kind, text);
    if (!errors.check(error ? { field: 'text', message: error.message } : null)) return;
    try {
      await save.mutateAsync({ resumeId, body: { [kind]: text } });
      toast.success(RESUME_MSG.saved);
      onDone();
    } catch (e) {
      errors.refused(e);
    }
  };

  return (
    <div ref={wrapper}>
      <Form<Values>
        form={form}
        name={`resume-${kind}`}
        layout="vertical"
        className="rs-form"
        initialValues={{ text: initial }}
        onValuesChange={errors.onValuesChange}
        data-testid={testId}
      >
        <Form.Item name="text" label={kind === 'strength' ? '个人优势' : '自我评价'}>
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 12 }}
            placeholder={PLACEHOLDER[kind]}
            count={countOf(RESUME_LIMITS.text)}
            data-testid={`resume-${kind}-input`}
          />
        </Form.Item>
        <FormActions
          saving={save.isPending}
          serverError={errors.serverError}
          onCancel={onDone}
          onSave={() => void submit()}
          testId={testId}
        />
      </Form>
    </div>
  );
}
