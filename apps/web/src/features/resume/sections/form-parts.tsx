import { charCount, type RuleError } from '@uplus/shared';
import { Alert, Button, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import { errorMessage } from '../../../api/http';

/*
 * The parts every form of the online resume shares (issue 13; spec 4, 5), loaded with the forms (never
 * before the page shows): the save/cancel buttons, the month values (a month is stored as its first
 * instant in UTC, `monthStart`), and the checker-driven form errors: the first failing rule of the shared
 * checker goes under its field (antd sets aria-invalid and aria-describedby), the field is focused, and a
 * server refusal naming a field goes there too; any other refusal is shown above the buttons.
 */

/** A text field's counter counts characters as a person does (an emoji or a CJK character is one). */
export const countOf = (max: number) => ({ show: true, max, strategy: charCount });

/** The month a picker shows as the epoch ms the server stores (the first instant of the month, UTC). */
export const monthValue = (d: Dayjs | null | undefined): number | null =>
  d ? Date.UTC(d.year(), d.month(), 1) : null;

/** A stored month (epoch ms, UTC month start) as the picker's local date; null for none. */
export const monthPicked = (time: number | null | undefined): Dayjs | null => {
  if (typeof time !== 'number' || !Number.isFinite(time)) return null;
  const d = new Date(time);
  return dayjs(new Date(d.getUTCFullYear(), d.getUTCMonth(), 1));
};

/** The month pickers' display and typing format (spec 9: year-month). */
export const MONTH_FORMAT = 'YYYY.MM';

/** Enter in a single-line field saves, but never the Enter that ends an IME composition. */
export const enterSaves =
  (save: () => void) =>
  (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    save();
  };

/** A trimmed text, or '' for none. */
export const trimmed = (v: string | null | undefined) => (v ?? '').trim();

/**
 * The checker-driven errors of one form: `check()` runs the shared checker on the values, shows its first
 * message under its field (clearing the others) and focuses it; `refused(e)` places a server refusal.
 */
export const useRuleErrors = <V extends object>(
  form: FormInstance<V>,
  fields: readonly (keyof V & string)[],
  fieldOf: Readonly<Record<string, keyof V & string>>,
) => {
  const [serverError, setServerError] = useState<string | null>(null);
  const show = (error: RuleError | null) => {
    form.setFields(
      fields.map((name) => ({
        name: name as never,
        errors: error && error.field === name ? [error.message] : [],
      })),
    );
    if (error && (fields as readonly string[]).includes(error.field)) form.focusField(error.field as never);
  };
  return {
    serverError,
    /** Shows the checker's answer; true when the form may be saved. */
    check: (error: RuleError | null) => {
      setServerError(null);
      show(error);
      return error === null;
    },
    /** A failed save: under the field it names, else above the buttons. */
    refused: (e: unknown) => {
      const message = errorMessage(e);
      const field = fieldOf[message];
      if (field) show({ field, message });
      else setServerError(message);
    },
    /** The Form's onValuesChange: a field edited loses its message (the next save checks again). */
    onValuesChange: (changed: Partial<V>) => {
      const names = Object.keys(changed).filter((name) => form.getFieldError(name as never).length > 0);
      if (names.length > 0) form.setFields(names.map((name) => ({ name: name as never, errors: [] })));
    },
  };
};

/** 取消 and 保存 under a form, with a refusal that names no field above them. */
export function FormActions({
  saving,
  serverError,
  onCancel,
  onSave,
  testId,
}: {
  saving: boolean;
  serverError: string | null;
  onCancel: () => void;
  onSave: () => void;
  testId: string;
}) {
  return (
    <div className="rs-form__foot">
      {serverError ? (
        <Alert
          className="rs-form__error"
          type="error"
          showIcon
          title={serverError}
          role="alert"
          data-testid={`${testId}-error`}
        />
      ) : null}
      <div className="rs-form__buttons">
        <Button onClick={onCancel} disabled={saving} data-testid={`${testId}-cancel`}>
          取消
        </Button>
        <Button type="primary" loading={saving} onClick={onSave} data-testid={`${testId}-save`}>
          保存
        </Button>
      </div>
    </div>
  );
}
