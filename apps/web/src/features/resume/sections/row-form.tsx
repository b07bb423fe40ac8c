import {
  RESUME_MSG,
  type ResumeListSection,
  type ResumeSectionCreateBody,
  type ResumeSectionRow,
  type ResumeSectionUpdateBody,
  type RuleError,
} from '@uplus/shared';
import { Form } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../lib/toast';
import { useSaveSectionRow } from '../api';
import { FormActions, useRuleErrors } from './form-parts';
import type { RowFormProps } from './rows-section';

/*
 * The form of one list section of the online resume (spec 4, 5, 7), in place of the row it edits or under
 * the list for a new one; loaded with the section's form module when first opened (rows-section.tsx).
 * 保存 runs the section's shared checker (the server runs the same one), then creates or updates; the
 * reload of the list, the update time and the completeness follows (api.ts invalidates the resume's
 * queries) before the form closes.
 */

type Row<S extends ResumeListSection> = ResumeSectionRow[S];

/** What a section's form module gives the form: its fields, their values and its rules. */
export type RowFormSpec<S extends ResumeListSection, V extends object> = {
  section: S;
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
  renderFields: (ctx: { row: Row<S> | null; save: () => void }) => ReactNode;
};

export function RowForm<S extends ResumeListSection, V extends object>({
  spec,
  resumeId,
  row,
  rows,
  onDone,
  saveOther,
}: RowFormProps<S> & {
  spec: RowFormSpec<S, V>;
  /** a save the section does itself (the first education); undefined: the usual create or update */
  saveOther?: (row: Row<S> | null, values: V, rows: readonly Row<S>[]) => Promise<unknown> | undefined;
}) {
  const { section, fields, fieldOf, valuesOf, check, bodyOf, renderFields } = spec;
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
