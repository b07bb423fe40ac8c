import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Popconfirm, Switch } from 'antd';
import { useState } from 'react';
import type { FieldPath } from './console-model';
import { RichTextField } from './rich-text-field';

/*
 * The editor's repeated parts (issue 15): steps (an experiment's 实验步骤, a project's 项目阶段 and 实战任务),
 * a course's chapters with their sections, a lab's solutions. Each item moves up and down with buttons
 * and is removed after a confirmation; labels carry the item's number so every field has its own name.
 */

/** 上移 / 下移 / 删除 of one item of a list. */
export function ItemButtons({
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  /** the item's name in the buttons' labels: 第2步 */
  name: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  return (
    <span className="cc-item-buttons">
      <Button
        size="small"
        icon={<ArrowUpOutlined aria-hidden />}
        disabled={index === 0}
        aria-label={`上移${name}`}
        title="上移"
        onClick={() => onMove(index, index - 1)}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined aria-hidden />}
        disabled={index >= count - 1}
        aria-label={`下移${name}`}
        title="下移"
        onClick={() => onMove(index, index + 1)}
      />
      <Popconfirm
        title={`确定删除${name}吗？`}
        description="保存后生效"
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onConfirm={onRemove}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={`删除${name}`}
          title="删除"
        />
      </Popconfirm>
    </span>
  );
}

type BusyProps = { onBusyChange: (busy: boolean) => void };

/** A list of steps (title + rich-text body): 实验步骤, 项目阶段, 实战任务. */
export function StepsField({
  name,
  legend,
  item,
  max,
  onBusyChange,
}: BusyProps & {
  name: FieldPath;
  legend: string;
  /** what one item is called: 步骤, 阶段, 任务 */
  item: string;
  max: number;
}) {
  return (
    <fieldset className="cc-fieldset">
      <legend>{legend}</legend>
      <Form.List name={name}>
        {(fields, { add, remove, move }) => (
          <>
            {fields.length === 0 && (
              <p className="cc-hint">
                还没有{item}，点击“添加{item}”开始。
              </p>
            )}
            <ol className="cc-list">
              {fields.map((field, index) => {
                const label = `${item}${index + 1}`;
                return (
                  <li key={field.key} className="cc-list-item" data-testid="step-item">
                    <div className="cc-list-row">
                      <Form.Item
                        name={[field.name, 'title']}
                        label={`${label}名称`}
                        rules={[
                          { required: true, whitespace: true, message: `请输入${item}名称` },
                          { max: 60, message: `${item}名称不能超过60个字符` },
                        ]}
                        className="cc-grow"
                      >
                        <Input maxLength={60} />
                      </Form.Item>
                      <ItemButtons
                        index={index}
                        count={fields.length}
                        name={label}
                        onMove={move}
                        onRemove={() => remove(field.name)}
                      />
                    </div>
                    <Form.Item name={[field.name, 'body']} label={`${label}内容`}>
                      <RichTextField label={`${label}内容`} compact onBusyChange={onBusyChange} />
                    </Form.Item>
                  </li>
                );
              })}
            </ol>
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ title: '', body: '' })}
              disabled={fields.length >= max}
              data-testid={`add-${item}`}
            >
              添加{item}
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

/** A course's chapters, each with its sections (title, minutes, free preview, rich-text body). */
export function ChaptersField({ onBusyChange }: BusyProps) {
  // which sections show their body editor (many editors at once would be slow): keys of open sections
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <fieldset className="cc-fieldset">
      <legend>课程章节</legend>
      <Form.List name={['attrs', 'chapters']}>
        {(chapters, { add, remove, move }) => (
          <>
            {chapters.length === 0 && <p className="cc-hint">还没有章节，点击“添加章节”开始。</p>}
            <ol className="cc-list">
              {chapters.map((chapter, ci) => {
                const chapterName = `第${ci + 1}章`;
                return (
                  <li key={chapter.key} className="cc-list-item cc-chapter" data-testid="chapter-item">
                    <div className="cc-list-row">
                      <Form.Item
                        name={[chapter.name, 'title']}
                        label={`${chapterName}名称`}
                        rules={[
                          { required: true, whitespace: true, message: '请输入章节名称' },
                          { max: 60, message: '章节名称不能超过60个字符' },
                        ]}
                        className="cc-grow"
                      >
                        <Input maxLength={60} />
                      </Form.Item>
                      <ItemButtons
                        index={ci}
                        count={chapters.length}
                        name={chapterName}
                        onMove={move}
                        onRemove={() => remove(chapter.name)}
                      />
                    </div>
                    <Form.List name={[chapter.name, 'sections']}>
                      {(sections, sectionOps) => (
                        <div className="cc-sections">
                          <ol className="cc-list">
                            {sections.map((section, si) => {
                              const sectionName = `${chapterName}第${si + 1}节`;
                              const key = `${chapter.key}-${section.key}`;
                              const editing = open.has(key);
                              return (
                                <li key={section.key} className="cc-list-item" data-testid="section-item">
                                  <div className="cc-list-row">
                                    <Form.Item
                                      name={[section.name, 'title']}
                                      label={`${sectionName}名称`}
                                      rules={[
                                        { required: true, whitespace: true, message: '请输入小节名称' },
                                        { max: 60, message: '小节名称不能超过60个字符' },
                                      ]}
                                      className="cc-grow"
                                    >
                                      <Input maxLength={60} />
                                    </Form.Item>
                                    <Form.Item name={[section.name, 'minutes']} label="时长（分钟）">
                                      <InputNumber
                                        min={0}
                                        max={10_000}
                                        precision={0}
                                        style={{ width: 110 }}
                                      />
                                    </Form.Item>
                                    <Form.Item
                                      name={[section.name, 'free']}
                                      label="免费试看"
                                      valuePropName="checked"
                                    >
                                      <Switch />
                                    </Form.Item>
                                    <ItemButtons
                                      index={si}
                                      count={sections.length}
                                      name={sectionName}
                                      onMove={sectionOps.move}
                                      onRemove={() => sectionOps.remove(section.name)}
                                    />
                                  </div>
                                  <Button
                                    size="small"
                                    type="link"
                                    aria-expanded={editing}
                                    onClick={() => toggle(key)}
                                    data-testid="section-body-toggle"
                                  >
                                    {editing ? `收起${sectionName}内容` : `编辑${sectionName}内容`}
                                  </Button>
                                  {/* closed: the body stays in the form (a hidden field keeps it registered) */}
                                  <Form.Item
                                    name={[section.name, 'body']}
                                    label={`${sectionName}内容`}
                                    hidden={!editing}
                                  >
                                    {editing ? (
                                      <RichTextField
                                        label={`${sectionName}内容`}
                                        compact
                                        onBusyChange={onBusyChange}
                                      />
                                    ) : (
                                      <Input type="hidden" />
                                    )}
                                  </Form.Item>
                                </li>
                              );
                            })}
                          </ol>
                          <Button
                            size="small"
                            icon={<PlusOutlined aria-hidden />}
                            onClick={() => {
                              sectionOps.add({ title: '', minutes: 0, free: false, body: '' });
                            }}
                            disabled={sections.length >= 50}
                            data-testid="add-section"
                          >
                            添加小节
                          </Button>
                        </div>
                      )}
                    </Form.List>
                  </li>
                );
              })}
            </ol>
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ title: '', sections: [] })}
              disabled={chapters.length >= 50}
              data-testid="add-chapter"
            >
              添加章节
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

/** A laboratory's solutions (title + a short description). */
export function SolutionsField() {
  return (
    <fieldset className="cc-fieldset">
      <legend>解决方案</legend>
      <Form.List name={['attrs', 'solutions']}>
        {(fields, { add, remove, move }) => (
          <>
            {fields.length === 0 && <p className="cc-hint">还没有解决方案，点击“添加方案”开始。</p>}
            <ol className="cc-list">
              {fields.map((field, index) => {
                const label = `方案${index + 1}`;
                return (
                  <li key={field.key} className="cc-list-item" data-testid="solution-item">
                    <div className="cc-list-row">
                      <Form.Item
                        name={[field.name, 'title']}
                        label={`${label}名称`}
                        rules={[
                          { required: true, whitespace: true, message: '请输入方案名称' },
                          { max: 30, message: '方案名称不能超过30个字符' },
                        ]}
                        className="cc-grow"
                      >
                        <Input maxLength={30} />
                      </Form.Item>
                      <ItemButtons
                        index={index}
                        count={fields.length}
                        name={label}
                        onMove={move}
                        onRemove={() => remove(field.name)}
                      />
                    </div>
                    <Form.Item
                      name={[field.name, 'description']}
                      label={`${label}说明`}
                      rules={[{ max: 200, message: '方案说明不能超过200个字符' }]}
                    >
                      <Input.TextArea rows={2} maxLength={200} showCount />
                    </Form.Item>
                  </li>
                );
              })}
            </ol>
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ title: '', description: '' })}
              disabled={fields.length >= 12}
              data-testid="add-solution"
            >
              添加方案
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
