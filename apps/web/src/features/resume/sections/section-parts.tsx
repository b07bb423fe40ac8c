import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type ResumeSectionKey, resumeSectionTitle } from '@uplus/shared';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { preloadOn } from '../../../components/lazy-part';

/*
 * The view-mode parts every section of the online resume shares (issue 13; spec 4, 5): the section's frame
 * (its heading, the add button, the scroll target of the one-section-editing rule) and the edit/delete
 * buttons of a row. The buttons that open a form start loading it (form-parts.tsx and the section's form
 * module) on hover, focus or touch. The forms' own parts are in form-parts.tsx, loaded with the forms.
 */

/** Something loaded on demand that a button opens (a section's form: components/lazy-part.tsx). */
type Preloadable = { preload: () => void };

/** The frame of one section: heading, the add (or edit) button, the content; the scroll target. */
export function SectionFrame({
  sectionKey,
  action,
  children,
}: {
  sectionKey: ResumeSectionKey;
  action?: ReactNode;
  children: ReactNode;
}) {
  const title = resumeSectionTitle(sectionKey);
  return (
    <section
      className="rs-section"
      data-resume-section={sectionKey}
      aria-labelledby={`rs-${sectionKey}-title`}
      data-testid={`resume-section-${sectionKey}`}
    >
      <header className="rs-section__head">
        <h2 id={`rs-${sectionKey}-title`} className="rs-section__title" tabIndex={-1}>
          {title}
        </h2>
        {action}
      </header>
      <div className="rs-section__body">{children}</div>
    </section>
  );
}

/** The section's 添加 button (hidden while the section has a form open: it would have nothing to do). */
export function AddButton({
  sectionKey,
  label = '添加',
  onClick,
  form,
}: {
  sectionKey: ResumeSectionKey;
  label?: string;
  onClick: () => void;
  /** the form it opens, loaded on hover, focus or touch */
  form: Preloadable;
}) {
  return (
    <Button
      type="link"
      icon={<PlusOutlined aria-hidden />}
      onClick={onClick}
      {...preloadOn(form)}
      aria-label={`${label}${resumeSectionTitle(sectionKey)}`}
      data-testid={`resume-${sectionKey}-add`}
    >
      {label}
    </Button>
  );
}

/** 编辑 and 删除 of one row; the delete button can be disabled with the reason as its title. */
export function RowActions({
  what,
  onEdit,
  onDelete,
  deleteDisabledReason,
  testId,
  form,
}: {
  /** the row, for the buttons' accessible names */
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabledReason?: string;
  testId: string;
  /** the form 编辑 opens, loaded on hover, focus or touch */
  form: Preloadable;
}) {
  return (
    <div className="rs-row__actions">
      <Button
        type="link"
        size="small"
        icon={<EditOutlined aria-hidden />}
        onClick={onEdit}
        {...preloadOn(form)}
        aria-label={`编辑 ${what}`}
        data-testid={`${testId}-edit`}
      >
        编辑
      </Button>
      <Button
        type="link"
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        onClick={onDelete}
        disabled={!!deleteDisabledReason}
        title={deleteDisabledReason}
        aria-label={deleteDisabledReason ? `删除 ${what}（${deleteDisabledReason}）` : `删除 ${what}`}
        data-testid={`${testId}-delete`}
      >
        删除
      </Button>
    </div>
  );
}

/** A period's two ends as the rows show it: 2021.09 - 2025.06. */
export const periodText = (start: string, end: string) => `${start} - ${end}`;
