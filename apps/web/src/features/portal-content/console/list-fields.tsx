import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormListFieldData, Input, InputNumber, Popconfirm, Switch } from 'antd';
import { type ReactNode, useState } from 'react';
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

/**
 * An ordered list of items, each with its 名称 field and ItemButtons, then whatever else the item has;
 * a hint while empty and an 添加… button under the list. Every repeated part of the editor is one.
 */
export function EditableList({
  name,
  noun,
  itemLabel,
  titleMax,
  maxItems,
  newItem,
  itemTestId,
  addTestId,
  emptyHint = `还没有${noun}，点击“添加${noun}”开始。`,
  itemClassName,
  className,
  small,
  rowFields,
  children,
}: {
  /** the list's path in the form (relative inside another list) */
  name: FieldPath;
  /** what one item is called in messages and the add button: 章节, 小节, 步骤, 方案 … */
  noun: string;
  /** one item's name in its labels: 第2章, 步骤2 */
  itemLabel: (index: number) => string;
  titleMax: number;
  maxItems: number;
  newItem: () => unknown;
  itemTestId: string;
  addTestId: string;
  /** shown while the list is empty; null shows nothing */
  emptyHint?: string | null;
  itemClassName?: string;
  /** wraps the list and its button in a div of this class (a fragment without it) */
  className?: string;
  /** a small add button (a list inside another) */
  small?: boolean;
  /** more fields in the item's row, before its buttons */
  rowFields?: (field: FormListFieldData, label: string) => ReactNode;
  /** the rest of the item, under its row */
  children?: (field: FormListFieldData, label: string) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => {
        const list = (
          <>
            {fields.length === 0 && emptyHint && <p className="cc-hint">{emptyHint}</p>}
            <ol className="cc-list">
              {fields.map((field, index) => {
                const label = itemLabel(index);
                return (
                  <li
                    key={field.key}
                    className={itemClassName ? `cc-list-item ${itemClassName}` : 'cc-list-item'}
                    data-testid={itemTestId}
                  >
                    <div className="cc-list-row">
                      <Form.Item
                        name={[field.name, 'title']}
                        label={`${label}名称`}
                        rules={[
                          { required: true, whitespace: true, message: `请输入${noun}名称` },
                          { max: titleMax, message: `${noun}名称不能超过${titleMax}个字符` },
                        ]}
                        className="cc-grow"
                      >
                        <Input maxLength={titleMax} />
                      </Form.Item>
                      {rowFields?.(field, label)}
                      <ItemButtons
                        index={index}
                        count={fields.length}
                        name={label}
                        onMove={move}
                        onRemove={() => remove(field.name)}
                      />
                    </div>
                    {children?.(field, label)}
                  </li>
                );
              })}
            </ol>
            <Button
              size={small ? 'small' : undefined}
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add(newItem())}
              disabled={fields.length >= maxItems}
              data-testid={addTestId}
            >
              添加{noun}
            </Button>
          </>
        );
        return className ? <div className={className}>{list}</div> : list;
      }}
    </Form.List>
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
      <EditableList
        name={name}
        noun={item}
        itemLabel={(i) => `${item}${i + 1}`}
        titleMax={60}
        maxItems={max}
        newItem={() => ({ title: '', body: '' })}
        itemTestId="step-item"
        addTestId={`add-${item}`}
      >
        {(field, label) => (
          <Form.Item name={[field.name, 'body']} label={`${label}内容`}>
            <RichTextField label={`${label}内容`} compact onBusyChange={onBusyChange} />
          </Form.Item>
        )}
      </EditableList>
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
  const chapterName = (ci: number) => `第${ci + 1}章`;
  return (
    <fieldset className="cc-fieldset">
      <legend>课程章节</legend>
      <EditableList
        name={['attrs', 'chapters']}
        noun="章节"
        itemLabel={chapterName}
        titleMax={60}
        maxItems={50}
        newItem={() => ({ title: '', sections: [] })}
        itemTestId="chapter-item"
        addTestId="add-chapter"
        itemClassName="cc-chapter"
      >
        {(chapter, name) => (
          <EditableList
            name={[chapter.name, 'sections']}
            noun="小节"
            itemLabel={(si) => `${name}第${si + 1}节`}
            titleMax={60}
            maxItems={50}
            newItem={() => ({ title: '', minutes: 0, free: false, body: '' })}
            itemTestId="section-item"
            addTestId="add-section"
            emptyHint={null}
            className="cc-sections"
            small
            rowFields={(section) => (
              <>
                <Form.Item name={[section.name, 'minutes']} label="时长（分钟）">
                  <InputNumber min={0} max={10_000} precision={0} style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name={[section.name, 'free']} label="免费试看" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </>
            )}
          >
            {(section, sectionName) => {
              const key = `${chapter.key}-${section.key}`;
              const editing = open.has(key);
              return (
                <>
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
                  <Form.Item name={[section.name, 'body']} label={`${sectionName}内容`} hidden={!editing}>
                    {editing ? (
                      <RichTextField label={`${sectionName}内容`} compact onBusyChange={onBusyChange} />
                    ) : (
                      <Input type="hidden" />
                    )}
                  </Form.Item>
                </>
              );
            }}
          </EditableList>
        )}
      </EditableList>
    </fieldset>
  );
}

/** A laboratory's solutions (title + a short description). */
export function SolutionsField() {
  return (
    <fieldset className="cc-fieldset">
      <legend>解决方案</legend>
      <EditableList
        name={['attrs', 'solutions']}
        noun="方案"
        itemLabel={(i) => `方案${i + 1}`}
        titleMax={30}
        maxItems={12}
        newItem={() => ({ title: '', description: '' })}
        itemTestId="solution-item"
        addTestId="add-solution"
        emptyHint="还没有解决方案，点击“添加方案”开始。"
      >
        {(field, label) => (
          <Form.Item
            name={[field.name, 'description']}
            label={`${label}说明`}
            rules={[{ max: 200, message: '方案说明不能超过200个字符' }]}
          >
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        )}
      </EditableList>
    </fieldset>
  );
}
