import { EditOutlined } from '@ant-design/icons';
import { firstTextError, RESUME_LIMITS, RESUME_MSG } from '@uplus/shared';
import { Button, Form, Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useResumeEvaluation, useSaveEvaluation } from '../api';
import { useSectionEditing } from '../editing';
import { AddButton, countOf, FormActions, SectionFrame, useRuleErrors } from './section-parts';

/*
 * 个人优势 and 自我评价 (spec 4, 5, 7): one text of at most 500 characters each, shown line by line; edited
 * in place and saved with PUT resume_online_evaluations/{resumeId} { strength } or { evaluation }.
 */

type Kind = 'strength' | 'evaluation';
type Values = { text: string };

const COPY: Record<Kind, { empty: string; placeholder: string }> = {
  strength: {
    empty: '还没有填写个人优势，说说你的专长和亮点吧',
    placeholder: '例如：熟悉 Java 与 Spring Boot，做过两个完整的课程项目；沟通顺畅，乐于分享',
  },
  evaluation: {
    empty: '还没有填写自我评价，用几句话介绍一下自己吧',
    placeholder: '例如：性格开朗，学习能力强，对新技术保持好奇',
  },
};

function TextForm({
  kind,
  resumeId,
  initial,
  onDone,
}: {
  kind: Kind;
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
            placeholder={COPY[kind].placeholder}
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

/** A text section of the resume (个人优势 or 自我评价). */
export function TextSection({ kind, resumeId }: { kind: Kind; resumeId: number }) {
  const query = useResumeEvaluation(resumeId);
  const editing = useSectionEditing(kind);
  const [open, setOpen] = useState(false);
  const text = query.data?.[kind] ?? '';
  const shown = open && editing.editing;

  const begin = () => {
    if (editing.begin()) setOpen(true);
  };
  const done = () => {
    setOpen(false);
    editing.end();
    requestAnimationFrame(() => document.getElementById(`rs-${kind}-title`)?.focus());
  };

  let action = null;
  if (!shown && query.isSuccess) {
    action = text ? (
      <Button
        type="link"
        icon={<EditOutlined aria-hidden />}
        onClick={begin}
        aria-label={`编辑${kind === 'strength' ? '个人优势' : '自我评价'}`}
        data-testid={`resume-${kind}-edit`}
      >
        编辑
      </Button>
    ) : (
      <AddButton sectionKey={kind} onClick={begin} />
    );
  }

  return (
    <SectionFrame sectionKey={kind} action={action}>
      {query.isPending ? (
        <div className="rs-state" role="status">
          <Spin size="small" /> 正在加载…
        </div>
      ) : query.isError ? (
        <div className="rs-state is-error" role="alert">
          <span>{errorMessage(query.error)}</span>
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        </div>
      ) : shown ? (
        <TextForm kind={kind} resumeId={resumeId} initial={text} onDone={done} />
      ) : text ? (
        <p className="rs-text" data-testid={`resume-${kind}-text`}>
          {text}
        </p>
      ) : (
        <p className="rs-empty" data-testid={`resume-${kind}-empty`}>
          {COPY[kind].empty}
        </p>
      )}
    </SectionFrame>
  );
}
