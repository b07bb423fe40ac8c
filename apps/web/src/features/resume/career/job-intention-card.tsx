import {
  ALL_NATION_CODE,
  ALL_NATION_NAME,
  firstIntentionError,
  formatSalary,
  type IntentionForm,
  RESUME_LIMITS,
  RESUME_MSG,
} from '@uplus/shared';
import { Button, Card, Form, Select, Skeleton } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useMemberDetail, useSaveMemberProfile } from './api';
import { type CityPick, CitySelector } from './city-selector';
import { JobCategorySelector, type OccupationPick } from './job-category-selector';
import './lookups.css';

type Values = {
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

/**
 * 求职意向 (career spec 2 right column, 3, 5): the member's positions (小类 of the occupation classification,
 * at most 3, from the job-category selector), cities (at most 3 or 全国, from the city selector) and monthly
 * salary in thousands (面议 = 999). 编辑 opens the form in the card; 保存 checks it with
 * `firstIntentionError` (the server runs the same) and saves through `PUT member_profiles`, which refreshes
 * the update time and the completeness.
 */
export function JobIntentionCard() {
  const toast = useToast();
  const detail = useMemberDetail();
  const save = useSaveMemberProfile();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState(false);
  const [selector, setSelector] = useState<'positions' | 'cities' | null>(null);
  const selectorId = useId();
  const positionsDialog = `${selectorId}-positions`;
  // Keyboard focus follows the mode: the first field on opening the form, 编辑 (去填写) on leaving it.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) document.getElementById('job-intention_positions')?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const citiesDialog = `${selectorId}-cities`;

  const positions: OccupationPick[] = (detail.data?.intentions ?? []).map((i) => ({
    code: i.standardOccupationCode,
    name: i.standardOccupationName,
  }));
  const cities: CityPick[] = (detail.data?.citys ?? []).map((c) => ({
    code: c.cityCode,
    name: c.cityCode === ALL_NATION_CODE ? ALL_NATION_NAME : c.cityName,
  }));
  const minSalary = detail.data?.profile?.minSalary ?? null;
  const maxSalary = detail.data?.profile?.maxSalary ?? null;
  const empty = positions.length === 0 && cities.length === 0 && minSalary === null && maxSalary === null;

  const startEditing = () => {
    form.setFieldsValue({ positions, cities, minSalary, maxSalary });
    setEditing(true);
  };

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
      setEditing(false);
    } catch (e) {
      const message = errorMessage(e);
      const target = FIELD_OF_MESSAGE[message];
      if (target) {
        form.setFields([{ name: target, errors: [message] }]);
        form.focusField(target);
      } else toast.error(message);
    }
  };

  const row = (label: string, text: string, testid: string) => (
    <div className="lk-row">
      <dt>{label}</dt>
      <dd data-testid={testid}>{text || <span className="lk-muted">未填写</span>}</dd>
    </div>
  );

  let body: ReactNode;
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (detail.isError)
    body = (
      <div className="lk-state" role="alert">
        求职意向加载失败
        <Button size="small" type="link" onClick={() => void detail.refetch()}>
          重试
        </Button>
      </div>
    );
  else if (editing)
    body = (
      <Form<Values>
        form={form}
        layout="vertical"
        name="job-intention"
        requiredMark
        className="lk-form"
        data-testid="intention-form"
      >
        <Form.Item label="期望职位" name="positions" required>
          <PickerField<OccupationPick>
            placeholder="请选择职位（最多3个）"
            expanded={selector === 'positions'}
            controls={positionsDialog}
            onOpen={() => setSelector('positions')}
            data-testid="intention-positions"
          />
        </Form.Item>
        <Form.Item label="期望城市" name="cities" required>
          <PickerField<CityPick>
            placeholder="请选择城市（最多3个）"
            expanded={selector === 'cities'}
            controls={citiesDialog}
            onOpen={() => setSelector('cities')}
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
          <Button onClick={() => setEditing(false)} data-testid="intention-cancel">
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
      </Form>
    );
  else if (empty)
    body = (
      <div className="lk-empty">
        <span className="lk-muted">还没有填写求职意向</span>
        <Button ref={editButton} type="link" onClick={startEditing} data-testid="intention-fill">
          去填写
        </Button>
      </div>
    );
  else
    body = (
      <dl className="lk-view" data-testid="intention-view">
        {row('期望职位', positions.map((p) => p.name).join('、'), 'intention-view-positions')}
        {row('期望城市', cities.map((c) => c.name).join('、'), 'intention-view-cities')}
        {row('期望月薪', formatSalary(minSalary, maxSalary), 'intention-view-salary')}
      </dl>
    );

  return (
    <Card
      title="求职意向"
      size="small"
      className="lk-card"
      data-testid="job-intention-card"
      extra={
        !editing && !detail.isPending && !detail.isError && !empty ? (
          <Button
            ref={editButton}
            type="link"
            size="small"
            onClick={startEditing}
            data-testid="intention-edit"
          >
            编辑
          </Button>
        ) : null
      }
    >
      {body}
    </Card>
  );
}
