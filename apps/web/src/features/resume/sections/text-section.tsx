import { EditOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../api/http';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useResumeEvaluation } from '../api';
import { useSectionEditing } from '../editing';
import { AddButton, SectionFrame } from './section-parts';

/*
 * 个人优势 and 自我评价 (spec 4, 5, 7): one text of at most 500 characters each, shown line by line; edited
 * in place (text-form.tsx, loaded when first opened or when 编辑/添加 is hovered or focused) and saved
 * with PUT resume_online_evaluations/{resumeId} { strength } or { evaluation }.
 */

export type TextKind = 'strength' | 'evaluation';

const EMPTY: Record<TextKind, string> = {
  strength: '还没有填写个人优势，说说你的专长和亮点吧',
  evaluation: '还没有填写自我评价，用几句话介绍一下自己吧',
};

const TextForm = lazyPart(async () => (await import('../editors')).TextForm);

/** A text section of the resume (个人优势 or 自我评价). */
export function TextSection({ kind, resumeId }: { kind: TextKind; resumeId: number }) {
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
        {...preloadOn(TextForm)}
        aria-label={`编辑${kind === 'strength' ? '个人优势' : '自我评价'}`}
        data-testid={`resume-${kind}-edit`}
      >
        编辑
      </Button>
    ) : (
      <AddButton sectionKey={kind} onClick={begin} form={TextForm} />
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
          {EMPTY[kind]}
        </p>
      )}
    </SectionFrame>
  );
}
