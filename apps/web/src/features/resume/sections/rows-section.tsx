import {
  RESUME_MSG,
  type ResumeListSection,
  type ResumeSectionRow,
  resumeSectionTitle,
  SECTION_FULL_MSG,
  SECTION_MAX_ROWS,
} from '@uplus/shared';
import { Button, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useConfirm } from '../../../components/confirm-dialog';
import type { LazyPart } from '../../../components/lazy-part';
import { useToast } from '../../../lib/toast';
import { useDeleteSectionRow, useSectionList } from '../api';
import { useSectionEditing } from '../editing';
import { AddButton, RowActions, SectionFrame } from './section-parts';

/*
 * One list section of the online resume (education, internship, society/project, award, language; spec 4,
 * 5, 7): its rows in view mode with 编辑 and 删除 (after 删除后不可恢复，确认删除吗？), and one form at a time,
 * in place of the row it edits or under the list for a new one. Opening a form asks the page's one-section
 * rule first. The form (row-form.tsx with the section's fields: Form, Input, DatePicker, Select) is not
 * part of the page's first load: it loads when first opened, or as soon as 添加 or 编辑 is hovered,
 * focused or touched, and says 正在加载… meanwhile.
 */

type Row<S extends ResumeListSection> = ResumeSectionRow[S];

/** What the section gives its form (row-form.tsx, by way of the section's form module). */
export type RowFormProps<S extends ResumeListSection> = {
  resumeId: number;
  /** the row edited; null: a new one */
  row: Row<S> | null;
  /** the section's rows (the first education decides where a new one is saved) */
  rows: readonly Row<S>[];
  onDone: (saved: boolean) => void;
};

export type RowsSectionProps<S extends ResumeListSection> = {
  section: S;
  resumeId: number;
  /** what the section says without rows */
  empty: string;
  /** the row's name, for the buttons' accessible names */
  describe: (row: Row<S>) => string;
  renderRow: (row: Row<S>) => ReactNode;
  /** the section's form, loaded when first opened (or when 添加/编辑 is hovered or focused) */
  Form: LazyPart<RowFormProps<S>>;
  /** why a row cannot be deleted (its delete button is then disabled), or undefined */
  undeletable?: (row: Row<S>) => string | undefined;
  /** rows that do not count towards SECTION_MAX_ROWS (the first education) */
  isExtra?: (row: Row<S>) => boolean;
};

/** Which row the form edits (by key, so a refetch meanwhile keeps the form): row null = a new row. */
type Target<S extends ResumeListSection> = { key: string; row: Row<S> | null };

/** A row's key: its id, or `top` for the member profile's first education (id null). */
const rowKey = (row: unknown) => {
  const id = (row as { id: number | null }).id;
  return id === null ? 'top' : String(id);
};
const NEW = 'new';

/** A list section: rows, add/edit form, delete with confirmation. */
export function RowsSection<S extends ResumeListSection>({
  section,
  resumeId,
  empty,
  describe,
  renderRow,
  Form,
  undeletable,
  isExtra,
}: RowsSectionProps<S>) {
  const list = useSectionList(section, resumeId);
  const editing = useSectionEditing(section);
  const remove = useDeleteSectionRow(section);
  const confirm = useConfirm();
  const toast = useToast();
  const [target, setTarget] = useState<Target<S> | null>(null);
  const rows = (list.data ?? []) as Row<S>[];
  const open = editing.editing && target !== null;

  const openForm = (row: Row<S> | null) => {
    if (row === null && rows.filter((r) => !isExtra?.(r)).length >= SECTION_MAX_ROWS) {
      toast.warning(SECTION_FULL_MSG);
      return;
    }
    if (!editing.begin()) return;
    setTarget({ key: row === null ? NEW : rowKey(row), row });
  };
  const close = () => {
    setTarget(null);
    editing.end();
    // back to the section's heading, so the keyboard stays where the person was
    requestAnimationFrame(() => document.getElementById(`rs-${section}-title`)?.focus());
  };
  const askDelete = (row: Row<S>) => {
    const id = (row as { id: number | null }).id;
    if (id === null) return;
    confirm.ask({
      title: '提示',
      content: RESUME_MSG.deleteConfirm,
      okText: '删除',
      danger: true,
      onConfirm: async () => {
        await remove.mutateAsync(id);
        toast.success(RESUME_MSG.deleted);
      },
    });
  };

  const form = (row: Row<S> | null) => (
    <Form key={row ? rowKey(row) : NEW} resumeId={resumeId} row={row} rows={rows} onDone={close} />
  );

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="rs-state" role="status">
        <Spin size="small" /> 正在加载…
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className="rs-state is-error" role="alert" data-testid={`resume-${section}-load-error`}>
        <span>{errorMessage(list.error)}</span>
        <Button size="small" onClick={() => void list.refetch()}>
          重试
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        {rows.length === 0 && !(open && target?.key === NEW) ? (
          <p className="rs-empty" data-testid={`resume-${section}-empty`}>
            {empty}
          </p>
        ) : null}
        {rows.length > 0 ? (
          <ul className="rs-rows" aria-label={`${resumeSectionTitle(section)}列表`}>
            {rows.map((row) => (
              <li key={rowKey(row)} className="rs-row" data-testid={`resume-${section}-row`}>
                {open && target?.key === rowKey(row) ? (
                  form(row)
                ) : (
                  <>
                    <div className="rs-row__content">{renderRow(row)}</div>
                    {open ? null : (
                      <RowActions
                        what={describe(row)}
                        onEdit={() => openForm(row)}
                        onDelete={() => askDelete(row)}
                        deleteDisabledReason={undeletable?.(row)}
                        testId={`resume-${section}-row`}
                        form={Form}
                      />
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {open && target?.key === NEW ? <div className="rs-new">{form(null)}</div> : null}
      </>
    );
  }

  return (
    <SectionFrame
      sectionKey={section}
      action={
        open || list.isPending || list.isError ? null : (
          <AddButton sectionKey={section} onClick={() => openForm(null)} form={Form} />
        )
      }
    >
      {body}
      {confirm.dialog}
    </SectionFrame>
  );
}
