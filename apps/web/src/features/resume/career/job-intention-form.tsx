import { firstIntentionError, type IntentionForm, RESUME_LIMITS, RESUME_MSG } from '@uplus/shared';
import { Button, Form, Select } from 'antd';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useToast } from '../../../lib/toast';
import { useSaveMemberProfile } from './api';
import type { CityPick } from './city-selector';
import type { OccupationPick } from './job-category-selector';
import './lookups.css';

/*
 * The form of 求职意向 (career spec 3, 5), loaded when first opened (job-intention-card.tsx): positions and
 * cities picked in their selector dialogs (each loaded when first opened, or as soon as its field is
 * hovered, focused or touched), the monthly salary in thousands (面议 = 999). 保存 checks it with
 * `firstIntentionError` (the server runs the same) and saves through `PUT member_profiles`.
 */

const JobCategorySelector = lazyPart(
  async () => (await import('./job-category-selector')).JobCategorySelector,
  {
    dialog: true,
  },
);
const CitySelector = lazyPart(async () => (await import('./city-selector')).CitySelector, { dialog: true });

export type Values = {
  positions: OccupationPick[];
  cities: CityPick[];
  minSalary: number | null;
  maxSalary: number | null;
};

const NEGOTIABLE = RESUME_LIMITS.negotiableSalary;
/** Monthly salaries offered, in thousands (k). */
const SALARY_STEPS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 25, 30, 35, 40, 45, 50];
const MIN_OPTIONS = SALARY_STEPS.map((k) => ({ value: k, label: `${k}k` }));
/** 面议 (999) is offered as the upper end: "from the minimum, negotiable". */
const MAX_OPTIONS = [...MIN_OPTIONS, { value: NEGOTIABLE, label: '面议' }];

/** A server refusal that names a field goes under that field. */
const FIELD_OF_MESSAGE: Record<string, keyof Values> = {
  [RESUME_MSG.positionsRequired]: 'positions',
  [RESUME_MSG.positionsMax]: 'positions',
  [RESUME_MSG.positionUnknown]: 'positions',
  [RESUME_MSG.citiesRequired]: 'cities',
  [RESUME_MSG.citiesMax]: 'cities',
  [RESUME_MSG.cityUnknown]: 'cities',
  [RESUME_MSG.minSalaryRequired]: 'minSalary',
  [RESUME_MSG.salaryInvalid]: 'minSalary',
  [RESUME_MSG.maxSalaryRequired]: 'maxSalary',
  [RESUME_MSG.salaryOrder]: 'maxSalary',
  [RESUME_MSG.salaryEqual]: 'maxSalary',
};

/** Where each checked field's message goes. */
const FIELD_OF: Record<string, keyof Values> = {
  standardOccupationCodes: 'positions',
  cityCodes: 'cities',
  minSalary: 'minSalary',
  maxSalary: 'maxSalary',
};
const FIELDS: (keyof Values)[] = ['positions', 'cities', 'minSalary', 'maxSalary'];

type PickerFieldProps<T extends { code: string; name: string }> = {
  id?: string;
  value?: T[];
  placeholder: string;
  /** its selector dialog is open */
  expanded: boolean;
  /** the id of the selector dialog's content */
  controls: string;
  onOpen: () => void;
  /** starts loading the selector dialog (hover, focus, touch) */
  preload: () => void;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'data-testid'?: string;
};

/**
 * A form field that shows the picked names and opens a selector dialog (Enter/Space or a click). A
 * combobox with a dialog popup, so that the form's aria-required and aria-invalid apply to it.
 */
function PickerField<T extends { code: string; name: string }>({
  value,
  placeholder,
  expanded,
  controls,
  onOpen,
  preload,
  ...rest
}: PickerFieldProps<T>) {
  const names = (value ?? []).map((v) => v.name);
  return (
    <button
      type="button"
      role="combobox"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      className="lk-field"
      onClick={onOpen}
      {...preloadOn({ preload })}
      {...rest}
    >
      {names.length === 0 ? (
        <span className="lk-placeholder">{placeholder}</span>
      ) : (
        <span className="lk-field-names">{names.join('、')}</span>
      )}
      <span className="lk-field-action" aria-hidden="true">
        选择
      </span>
    </button>
  );
}

/** The intention form; `initial` is what the card shows, `onDone` returns it to view mode. */
export default function JobIntentionForm({ initial, onDone }: { initial: Values; onDone: () => void }) {
  const toast = useToast();
  const save = useSaveMemberProfile();
  const [form] = Form.useForm<Values>();
  const [selector, setSelector] = useState<'positions' | 'cities' | null>(null);
  // each selector stays mounted once opened (so that it closes with its animation)
  const [opened, setOpened] = useState({ positions: false, cities: false });
  const open = (which: 'positions' | 'cities') => {
    setOpened((o) => ({ ...o, [which]: true }));
    setSelector(which);
  };
  const selectorId = useId();
  const positionsDialog = `${selectorId}-positions`;
  const citiesDialog = `${selectorId}-cities`;
  // Keyboard focus goes to the first field on opening the form.
  useEffect(() => {
    document.getElementById('job-intention_positions')?.focus();
  }, []);

  const submit = async () => {
    if (save.isPending) return;
    const v = form.getFieldsValue(true) as Values;
    const body = {
      standardOccupationCodes: (v.positions ?? []).map((p) => p.code),
      cityCodes: (v.cities ?? []).map((c) => c.code),
      minSalary: v.minSalary ?? null,
      maxSalary: v.maxSalary ?? null,
    };
    const error = firstIntentionError(body satisfies IntentionForm);
    const field = error ? FIELD_OF[error.field] : undefined;
    form.setFields(FIELDS.map((name) => ({ name, errors: error && field === name ? [error.message] : [] })));
    if (error) {
      if (field) form.focusField(field);
      else toast.error(error.message);
      return;
    }
    try {
      await save.mutateAsync(body);
      toast.success(RESUME_MSG.saved);
      onDone();
    } catch (e) {
      const message = errorMessage(e);
      const target = FIELD_OF_MESSAGE[message];
      if (target) {
        form.setFields([{ name: target, errors: [message] }]);
        form.focusField(target);
      } else toast.error(message);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="job-intention"
      requiredMark
      className="lk-form"
      initialValues={initial}
      data-testid="intention-form"
    >
      <Form.Item label="期望职位" name="positions" required>
        <PickerField<OccupationPick>
          placeholder="请选择职位（最多3个）"
          expanded={selector === 'positions'}
          controls={positionsDialog}
          onOpen={() => open('positions')}
          preload={JobCategorySelector.preload}
          data-testid="intention-positions"
        />
      </Form.Item>
      <Form.Item label="期望城市" name="cities" required>
        <PickerField<CityPick>
          placeholder="请选择城市（最多3个）"
          expanded={selector === 'cities'}
          controls={citiesDialog}
          onOpen={() => open('cities')}
          preload={CitySelector.preload}
          data-testid="intention-cities"
        />
      </Form.Item>
      <Form.Item label="期望月薪" className="lk-salary-item">
        <div className="lk-salary">
          <Form.Item name="minSalary" className="lk-salary-part">
            <Select
              allowClear
              virtual={false}
              placeholder="最低月薪"
              aria-label="最低月薪"
              options={MIN_OPTIONS}
              data-testid="intention-min"
            />
          </Form.Item>
          <span className="lk-salary-sep" aria-hidden="true">
            -
          </span>
          <Form.Item name="maxSalary" className="lk-salary-part">
            <Select
              allowClear
              virtual={false}
              placeholder="最高月薪"
              aria-label="最高月薪"
              options={MAX_OPTIONS}
              data-testid="intention-max"
            />
          </Form.Item>
        </div>
      </Form.Item>
      <div className="lk-actions">
        <Button onClick={onDone} data-testid="intention-cancel">
          取消
        </Button>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="intention-save"
        >
          保存
        </Button>
      </div>
      {opened.positions ? (
        <JobCategorySelector
          id={positionsDialog}
          open={selector === 'positions'}
          value={form.getFieldValue('positions') ?? []}
          onCancel={() => setSelector(null)}
          onOk={(picked) => {
            form.setFields([{ name: 'positions', value: picked, errors: [] }]);
            setSelector(null);
          }}
        />
      ) : null}
      {opened.cities ? (
        <CitySelector
          id={citiesDialog}
          open={selector === 'cities'}
          value={form.getFieldValue('cities') ?? []}
          onCancel={() => setSelector(null)}
          onOk={(picked) => {
            form.setFields([{ name: 'cities', value: picked, errors: [] }]);
            setSelector(null);
          }}
        />
      ) : null}
    </Form>
  );
}
