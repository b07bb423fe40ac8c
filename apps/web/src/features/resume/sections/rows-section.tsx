import {
  RESUME_MSG,
  type ResumeListSection,
  type ResumeSectionCreateBody,
  type ResumeSectionRow,
  type ResumeSectionUpdateBody,
  type RuleError,
  resumeSectionTitle,
  SECTION_FULL_MSG,
  SECTION_MAX_ROWS,
} from '@uplus/shared';
import { Button, Form, Spin } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useConfirm } from '../../../components/confirm-dialog';
import { useToast } from '../../../lib/toast';
import { useDeleteSectionRow, useSaveSectionRow, useSectionList } from '../api';
import { useSectionEditing } from '../editing';
import { AddButton, FormActions, RowActions, SectionFrame, useRuleErrors } from './section-parts';

/*
 * One list section of the online resume (education, internship, society/project, award, language; spec 4,
 * 5, 7): its rows in view mode with 编辑 and 删除 (after 删除后不可恢复，确认删除吗？), and one form at a time,
 * in place of the row it edits or under the list for a new one. Opening a form asks the page's one-section
 * rule first. 保存 runs the section's shared checker (the server runs the same one), then creates or
 * updates; the reload of the list, the update time and the completeness follows (api.ts invalidates the
 * resume's queries) before the form closes.
 */

type Row<S extends ResumeListSection> = ResumeSectionRow[S];

export type RowsSectionProps<S extends ResumeListSection, V extends object> = {
  section: S;
  resumeId: number;
  /** what the section says without rows */
  empty: string;
  /** the form's fields in the checker's order */
  fields: readonly (keyof V & string)[];
  /** server messages that belong under a field */
  fieldOf: Readonly<Record<string, keyof V & string>>;
  /** the form's values for a row (null: a new one) */
  valuesOf: (row: Row<S> | null) => V;
  /** the shared checker of spec 5 */
  check: (values: V) => RuleError | null;
  /** the body without resumeId (added for a new row) */
  bodyOf: (values: V) => Omit<ResumeSectionUpdateBody[S], 'resumeId'>;
  /** the row's name, for the buttons' accessible names */
  describe: (row: Row<S>) => string;
  renderRow: (row: Row<S>) => ReactNode;
  renderFields: (ctx: { row: Row<S> | null; save: () => void }) => ReactNode;
  /** why a row cannot be deleted (its delete button is then disabled), or undefined */
  undeletable?: (row: Row<S>) => string | undefined;
  /** a save the section does itself (the first education); undefined: the usual create or update */
  saveOther?: (row: Row<S> | null, values: V, rows: readonly Row<S>[]) => Promise<unknown> | undefined;
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

function RowForm<S extends ResumeListSection, V extends object>({
  props,
  row,
  rows,
  onDone,
}: {
  props: RowsSectionProps<S, V>;
  row: Row<S> | null;
  rows: readonly Row<S>[];
  onDone: (saved: boolean) => void;
}) {
  const { section, resumeId, fields, fieldOf, valuesOf, check, bodyOf, renderFields, saveOther } = props;
  const [form] = Form.useForm<V>();
  const errors = useRuleErrors(form, fields, fieldOf);
  const saveRow = useSaveSectionRow(section);
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const testId = `resume-${section}-form`;
  const wrapper = useRef<HTMLDivElement>(null);
  // the form opens with its first field focused, so typing can start at once
  useEffect(() => {
    wrapper.current?.querySelector<HTMLElement>('input:not([disabled]), textarea')?.focus();
  }, []);

  const save = async () => {
    if (saving) return;
    const values = form.getFieldsValue(true) as V;
    if (!errors.check(check(values))) return;
    setSaving(true);
    try {
      const other = saveOther?.(row, values, rows);
      if (other) await other;
      else if (row === null) {
        const body = { resumeId, ...bodyOf(values) } as ResumeSectionCreateBody[S];
        await saveRow.mutateAsync({ id: null, body });
      } else {
        const body = bodyOf(values) as ResumeSectionUpdateBody[S];
        await saveRow.mutateAsync({ id: (row as { id: number }).id, body });
      }
      toast.success(RESUME_MSG.saved);
      onDone(true);
    } catch (e) {
      errors.refused(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div ref={wrapper}>
      <Form<V>
        form={form}
        name={`resume-${section}`}
        layout="vertical"
        requiredMark
        className="rs-form"
        initialValues={valuesOf(row)}
        onValuesChange={errors.onValuesChange}
        aria-label={row === null ? '新增' : '编辑'}
        data-testid={testId}
      >
        <div className="rs-form__grid">{renderFields({ row, save: () => void save() })}</div>
        <FormActions
          saving={saving}
          serverError={errors.serverError}
          onCancel={() => onDone(false)}
          onSave={() => void save()}
          testId={testId}
        />
      </Form>
    </div>
  );
}

/** A list section: rows, add/edit form, delete with confirmation. */
export function RowsSection<S extends ResumeListSection, V extends object>(props: RowsSectionProps<S, V>) {
  const { section, resumeId, empty, describe, renderRow, undeletable, isExtra } = props;
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
    <RowForm<S, V> key={row ? rowKey(row) : NEW} props={props} row={row} rows={rows} onDone={close} />
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
          <AddButton sectionKey={section} onClick={() => openForm(null)} />
        )
      }
    >
      {body}
      {confirm.dialog}
    </SectionFrame>
  );
}
