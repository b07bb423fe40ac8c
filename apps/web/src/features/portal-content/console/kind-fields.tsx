import { PlusOutlined } from '@ant-design/icons';
import { type ContentKind, DIFFICULTIES, MEMBER_TYPES } from '@uplus/shared';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useAllConsoleContents } from './api';
import { COURSE_TYPE_TITLES, type FieldPath } from './console-model';
import { ChaptersField, EditableList, ItemButtons, SolutionsField, StepsField } from './list-fields';
import { RichTextField } from './rich-text-field';

/*
 * The kind-specific fields of the editor (attrs, portal spec 2.1 and CONTENT_ATTRS): each kind's facts,
 * a course's chapters, an experiment's steps and sample report, a project's stages, practical tasks and
 * cloud environment, a laboratory's solutions, a course system's matrix of published courses.
 */

const a = (key: string): FieldPath => ['attrs', key];

type Props = { onBusyChange: (busy: boolean) => void };

/** A short text field of attrs. */
function TextField({
  name,
  label,
  max,
  placeholder,
}: {
  name: string;
  label: string;
  max: number;
  placeholder?: string;
}) {
  return (
    <Form.Item name={a(name)} label={label} rules={[{ max, message: `${label}不能超过${max}个字符` }]}>
      <Input maxLength={max} placeholder={placeholder} />
    </Form.Item>
  );
}

/** A whole number of attrs (学时, 分钟). */
function NumberField({ name, label, max }: { name: string; label: string; max: number }) {
  return (
    <Form.Item name={a(name)} label={label}>
      <InputNumber min={0} max={max} precision={0} style={{ width: 160 }} />
    </Form.Item>
  );
}

/** Free words (岗位): typed and added with Enter (an IME's Enter only picks the characters). */
function WordsField({ name, label, max, each }: { name: string; label: string; max: number; each: number }) {
  return (
    <Form.Item
      name={a(name)}
      label={label}
      extra={`输入后按回车添加，最多${max}个，每个不超过${each}个字符`}
      rules={[
        {
          validator: async (_, value: unknown) => {
            const words = Array.isArray(value) ? (value as string[]) : [];
            if (words.length > max) throw new Error(`${label}最多${max}个`);
            if (words.some((w) => String(w).trim().length > each))
              throw new Error(`每个${label}不超过${each}个字符`);
          },
        },
      ]}
    >
      <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，', '、']} maxCount={max} />
    </Form.Item>
  );
}

function DifficultyField() {
  return (
    <Form.Item name={a('difficulty')} label="难度">
      <Radio.Group options={DIFFICULTIES.map((d) => ({ value: d, label: d }))} />
    </Form.Item>
  );
}

/** 云端开发环境: the parts of the cloud IDE address the experiment or project opens. */
function CloudFields() {
  return (
    <fieldset className="cc-fieldset">
      <legend>云端开发环境</legend>
      <p className="cc-hint">
        填写后，访客在详情页可一键打开云端开发环境（地址由站点配置的云端环境模板生成）；不使用可留空。
      </p>
      <div className="cc-grid">
        <TextField name="serviceType" label="服务类型" max={30} placeholder="如：codeserver" />
        <TextField name="projectId" label="项目标识" max={64} />
        <TextField name="repositoryId" label="代码仓库标识" max={64} />
      </div>
    </fieldset>
  );
}

/** A course system: columns (基础/核心/拓展 …) and rows (学期 …) whose cells hold published courses. */
function CourseSystemFields() {
  const courses = useAllConsoleContents('course', 'Published');
  const form = Form.useFormInstance();
  const columns = (Form.useWatch(['attrs', 'columns'], form) as string[] | undefined) ?? [];
  const rows = Form.useWatch(['attrs', 'rows'], form) as { cells?: string[][] }[] | undefined;
  const options = useMemo(() => {
    const known = new Map((courses.data?.rows ?? []).map((c) => [c.id, c.title]));
    const chosen = (rows ?? []).flatMap((r) => (r?.cells ?? []).flat()).filter((id) => !known.has(id));
    return [
      ...[...known].map(([value, label]) => ({ value, label })),
      ...[...new Set(chosen)].map((value) => ({ value, label: `未发布或已删除的课程（${value}）` })),
    ];
  }, [courses.data, rows]);

  return (
    <>
      <fieldset className="cc-fieldset">
        <legend>列（课程类别）</legend>
        <Form.List name={a('columns')}>
          {(fields, { add, remove, move }) => (
            <>
              {fields.length === 0 && (
                <p className="cc-hint">先添加列，例如“基础课程”“核心课程”“拓展课程”。</p>
              )}
              <ol className="cc-list cc-list--inline">
                {fields.map((field, index) => (
                  <li key={field.key} className="cc-list-row" data-testid="column-item">
                    <Form.Item
                      name={field.name}
                      label={`第${index + 1}列`}
                      rules={[
                        { required: true, whitespace: true, message: '请输入列名称' },
                        { max: 20, message: '列名称不能超过20个字符' },
                      ]}
                    >
                      <Input maxLength={20} />
                    </Form.Item>
                    <ItemButtons
                      index={index}
                      count={fields.length}
                      name={`第${index + 1}列`}
                      onMove={(from, to) => {
                        move(from, to);
                        // the cells follow their column
                        const current = (form.getFieldValue(a('rows')) ?? []) as { cells?: string[][] }[];
                        form.setFieldValue(
                          a('rows'),
                          current.map((r) => {
                            const cells = [...(r.cells ?? [])];
                            const [moved] = cells.splice(from, 1);
                            cells.splice(to, 0, moved ?? []);
                            return { ...r, cells };
                          }),
                        );
                      }}
                      onRemove={() => {
                        remove(field.name);
                        const current = (form.getFieldValue(a('rows')) ?? []) as { cells?: string[][] }[];
                        form.setFieldValue(
                          a('rows'),
                          current.map((r) => ({
                            ...r,
                            cells: (r.cells ?? []).filter((_, j) => j !== index),
                          })),
                        );
                      }}
                    />
                  </li>
                ))}
              </ol>
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add('')}
                disabled={fields.length >= 8}
                data-testid="add-column"
              >
                添加列
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
      <fieldset className="cc-fieldset">
        <legend>行（学期或阶段）</legend>
        {courses.isError && <p className="cc-error">课程列表加载失败，请刷新页面后重试。</p>}
        <EditableList
          name={a('rows')}
          noun="行"
          itemLabel={(i) => `第${i + 1}行`}
          titleMax={20}
          maxItems={12}
          newItem={() => ({ title: '', cells: columns.map(() => []) })}
          itemTestId="row-item"
          addTestId="add-row"
          emptyHint="再添加行，例如“第一学期”，并在每列中选择已发布的课程。"
        >
          {(field, rowName) =>
            columns.length === 0 ? (
              <p className="cc-hint">添加列后即可为本行选择课程。</p>
            ) : (
              <div className="cc-grid">
                {columns.map((column, j) => (
                  <Form.Item
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column's position
                    key={j}
                    name={[field.name, 'cells', j]}
                    label={`${rowName} · ${column || `第${j + 1}列`}`}
                    rules={[
                      {
                        validator: async (_, v: unknown) => {
                          if (Array.isArray(v) && v.length > 20) throw new Error('每格最多20门课程');
                        },
                      },
                    ]}
                  >
                    <Select
                      mode="multiple"
                      allowClear
                      placeholder="选择已发布的课程"
                      loading={courses.isPending}
                      options={options}
                      showSearch={{ optionFilterProp: 'label' }}
                      maxCount={20}
                      notFoundContent={courses.isPending ? '正在加载课程…' : '没有已发布的课程'}
                    />
                  </Form.Item>
                ))}
              </div>
            )
          }
        </EditableList>
      </fieldset>
    </>
  );
}

/** The fields of `kind` (nothing for a single page: its title and body say everything). */
export function KindFields({ kind, onBusyChange }: Props & { kind: ContentKind }) {
  switch (kind) {
    case 'course':
      return (
        <>
          <div className="cc-grid">
            <TextField
              name="category"
              label="专业方向"
              max={20}
              placeholder="如：软件工程、大数据、人工智能"
            />
            <Form.Item name={a('courseType')} label="课程类型">
              <Radio.Group
                options={Object.entries(COURSE_TYPE_TITLES).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item
              name={a('vocational')}
              label="职教课程"
              valuePropName="checked"
              extra="开启后在“职教课程”栏目展示"
            >
              <Switch />
            </Form.Item>
            <NumberField name="hours" label="学时" max={1000} />
            <TextField name="teacher" label="授课教师" max={30} />
            <TextField name="school" label="所属院校" max={40} />
          </div>
          <ChaptersField onBusyChange={onBusyChange} />
        </>
      );
    case 'experiment':
      return (
        <>
          <div className="cc-grid">
            <TextField name="category" label="专业方向" max={20} />
            <DifficultyField />
            <NumberField name="minutes" label="实验时长（分钟）" max={10_000} />
            <TextField
              name="environment"
              label="实验环境"
              max={80}
              placeholder="如：Ubuntu 22.04 / Python 3.11"
            />
          </div>
          <StepsField name={a('steps')} legend="实验步骤" item="步骤" max={50} onBusyChange={onBusyChange} />
          <Form.Item name={a('sample')} label="实验报告示例">
            <RichTextField label="实验报告示例" onBusyChange={onBusyChange} />
          </Form.Item>
          <CloudFields />
        </>
      );
    case 'project':
      return (
        <>
          <div className="cc-grid">
            <TextField name="industry" label="所属行业" max={20} />
            <DifficultyField />
            <NumberField name="hours" label="学时" max={1000} />
          </div>
          <WordsField name="positions" label="培养岗位" max={10} each={20} />
          <StepsField name={a('stages')} legend="项目阶段" item="阶段" max={30} onBusyChange={onBusyChange} />
          <StepsField
            name={a('practical')}
            legend="实战任务"
            item="任务"
            max={30}
            onBusyChange={onBusyChange}
          />
          <Form.Item name={a('sample')} label="项目成果示例">
            <RichTextField label="项目成果示例" onBusyChange={onBusyChange} />
          </Form.Item>
          <CloudFields />
        </>
      );
    case 'case':
      return (
        <div className="cc-grid">
          <TextField name="organisation" label="案例单位" max={40} />
          <TextField name="industry" label="所属行业" max={20} />
        </div>
      );
    case 'lab':
      return <SolutionsField />;
    case 'news':
    case 'notice':
      return (
        <div className="cc-grid">
          <TextField name="source" label="来源" max={30} placeholder="如：联盟秘书处" />
        </div>
      );
    case 'member':
      return (
        <div className="cc-grid">
          <Form.Item name={a('memberType')} label="成员类型">
            <Select options={MEMBER_TYPES.map((t) => ({ value: t, label: t }))} />
          </Form.Item>
          <Form.Item
            name={a('website')}
            label="单位网址"
            rules={[
              { max: 300, message: '网址不能超过300个字符' },
              {
                validator: async (_, v: unknown) => {
                  const text = typeof v === 'string' ? v.trim() : '';
                  if (text && !/^https?:\/\//.test(text))
                    throw new Error('网址需以 http:// 或 https:// 开头');
                },
              },
            ]}
          >
            <Input maxLength={300} placeholder="https://" />
          </Form.Item>
        </div>
      );
    case 'recruit':
      return (
        <>
          <div className="cc-grid">
            <TextField name="company" label="招聘单位" max={40} />
            <TextField name="city" label="工作城市" max={20} />
            <TextField name="salary" label="薪资待遇" max={20} placeholder="如：8-12K" />
            <Form.Item name={a('deadline')} label="截止日期">
              <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
            </Form.Item>
            <TextField name="contact" label="联系方式" max={60} />
          </div>
          <WordsField name="positions" label="招聘岗位" max={20} each={20} />
        </>
      );
    case 'courseSystem':
      return <CourseSystemFields />;
    default:
      return null;
  }
}
