import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COMPETITION_LIMITS,
  COMPETITIONS_MSG,
  type CompetitionBodyInput,
  type CompetitionInfo,
  competitionBody,
  type UploadedFile,
} from '@uplus/shared';
import { Button, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { FileUpload } from '../../files/file-upload';
import { stopComposingEnter } from '../parts';

type Values = {
  name: string;
  organizer: string;
  cover: UploadedFile | null;
  description: string;
  mode: 'Personal' | 'Group';
  maxTeamSize: string;
  applyStart: string;
  applyEnd: string;
  end: string;
  tracks: { id?: string; name: string }[];
  areas: { id?: string; name: string; divisionCode?: string }[];
};

/** A datetime-local input's value (yyyy-mm-ddThh:mm) of epoch ms, and back. */
export const msToInput = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};
export const inputToMs = (value: string | undefined): number | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value ?? '');
  return m
    ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])).getTime()
    : undefined;
};

/** The form's values as the request body (the shared schema checks them before sending). */
export const bodyOf = (v: Values): CompetitionBodyInput => ({
  name: v.name ?? '',
  organizer: v.organizer ?? '',
  coverFileId: v.cover ? String(v.cover.id) : null,
  description: v.description ?? '',
  mode: v.mode,
  maxTeamSize: v.mode === 'Group' ? Number(v.maxTeamSize) : undefined,
  applyStartAt: inputToMs(v.applyStart) as number,
  applyEndAt: inputToMs(v.applyEnd) as number,
  endAt: inputToMs(v.end) as number,
  tracks: (v.tracks ?? []).map((t) => ({ id: t.id, name: t.name ?? '' })),
  areas: (v.areas ?? []).map((a) => ({ id: a.id, name: a.name ?? '', divisionCode: a.divisionCode ?? '' })),
});

/** 发布竞赛 / 编辑竞赛: name, organiser, cover, description, mode and team size, the times, tracks and areas. */
export function CompetitionFormDialog({
  open,
  initial,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  initial: CompetitionInfo | null;
  busy: boolean;
  onSubmit: (body: CompetitionBodyInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const mode = Form.useWatch('mode', form);
  useEffect(() => {
    if (!open) return;
    setError(null);
    form.setFieldsValue({
      name: initial?.name ?? '',
      organizer: initial?.organizer ?? '',
      cover:
        initial?.coverFileId && initial.coverUrl
          ? {
              id: Number(initial.coverFileId),
              name: '封面',
              contentType: 'image/png',
              size: 0,
              url: initial.coverUrl,
            }
          : null,
      description: initial?.description ?? '',
      mode: initial?.mode ?? 'Personal',
      maxTeamSize: String(initial && initial.mode === 'Group' ? initial.maxTeamSize : 3),
      applyStart: initial ? msToInput(initial.applyStartAt) : '',
      applyEnd: initial ? msToInput(initial.applyEndAt) : '',
      end: initial ? msToInput(initial.endAt) : '',
      tracks: initial?.tracks ?? [],
      areas: initial?.areas ?? [],
    });
  }, [open, initial, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const parsed = competitionBody.safeParse(bodyOf(v));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await onSubmit(bodyOf(v));
    } catch {
      // the client toasted the server's message
    }
  };
  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <Modal
      open={open}
      width={720}
      title={initial ? '编辑竞赛' : '发布竞赛'}
      okText="保存"
      onOk={() => void submit()}
      okButtonProps={{ disabled: uploading }}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="name" label="竞赛名称" rules={required(COMPETITIONS_MSG.competitionNameRequired)}>
          <Input maxLength={COMPETITION_LIMITS.nameMax} showCount onKeyDown={stopComposingEnter} />
        </Form.Item>
        <Form.Item name="organizer" label="主办方" rules={required(COMPETITIONS_MSG.organizerRequired)}>
          <Input maxLength={COMPETITION_LIMITS.organizerMax} onKeyDown={stopComposingEnter} />
        </Form.Item>
        <Form.Item name="cover" label="封面">
          <FileUpload purpose="poster" onBusyChange={setUploading} />
        </Form.Item>
        <Form.Item name="description" label="竞赛介绍">
          <Input.TextArea rows={4} maxLength={COMPETITION_LIMITS.descriptionMax} showCount />
        </Form.Item>
        <Form.Item
          name="mode"
          label="参赛方式"
          rules={[{ required: true, message: COMPETITIONS_MSG.modeRequired }]}
        >
          <Radio.Group
            disabled={!!initial && initial.applyCount > 0}
            options={[
              { value: 'Personal', label: '个人赛' },
              { value: 'Group', label: '团体赛' },
            ]}
          />
        </Form.Item>
        {mode === 'Group' && (
          <Form.Item
            name="maxTeamSize"
            label="每队最多人数（含队长）"
            rules={[
              {
                validator: async (_, value: string) => {
                  const n = Number(value);
                  if (
                    !Number.isInteger(n) ||
                    n < COMPETITION_LIMITS.teamSizeMin ||
                    n > COMPETITION_LIMITS.teamSizeMax
                  )
                    throw new Error(COMPETITIONS_MSG.teamSizeInvalid);
                },
              },
            ]}
          >
            <Input
              type="number"
              min={COMPETITION_LIMITS.teamSizeMin}
              max={COMPETITION_LIMITS.teamSizeMax}
              onKeyDown={stopComposingEnter}
            />
          </Form.Item>
        )}
        <Form.Item
          name="applyStart"
          label="报名开始时间"
          rules={required(COMPETITIONS_MSG.applyStartRequired)}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="applyEnd" label="报名截止时间" rules={required(COMPETITIONS_MSG.applyEndRequired)}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="end" label="竞赛结束时间" rules={required(COMPETITIONS_MSG.endRequired)}>
          <Input type="datetime-local" />
        </Form.Item>
        <fieldset className="competition-items">
          <legend>赛道</legend>
          <Form.List name="tracks">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <div key={f.key} className="competition-items__row">
                    <Form.Item
                      name={[f.name, 'name']}
                      rules={required(COMPETITIONS_MSG.trackNameRequired)}
                      noStyle={false}
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      <Input
                        aria-label={`赛道${i + 1}名称`}
                        maxLength={COMPETITION_LIMITS.trackNameMax}
                        onKeyDown={stopComposingEnter}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined aria-hidden />}
                      aria-label={`删除赛道${i + 1}`}
                      onClick={() => remove(f.name)}
                    />
                  </div>
                ))}
                {fields.length < COMPETITION_LIMITS.tracksMax && (
                  <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ name: '' })}>
                    添加赛道
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </fieldset>
        <fieldset className="competition-items">
          <legend>赛区</legend>
          <Form.List name="areas">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <div key={f.key} className="competition-items__row">
                    <Form.Item
                      name={[f.name, 'name']}
                      rules={required(COMPETITIONS_MSG.areaNameRequired)}
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      <Input
                        aria-label={`赛区${i + 1}名称`}
                        maxLength={COMPETITION_LIMITS.areaNameMax}
                        onKeyDown={stopComposingEnter}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'divisionCode']} style={{ width: 140, marginBottom: 0 }}>
                      <Input
                        aria-label={`赛区${i + 1}地区代码`}
                        placeholder="地区代码（可选）"
                        maxLength={12}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined aria-hidden />}
                      aria-label={`删除赛区${i + 1}`}
                      onClick={() => remove(f.name)}
                    />
                  </div>
                ))}
                {fields.length < COMPETITION_LIMITS.areasMax && (
                  <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ name: '' })}>
                    添加赛区
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </fieldset>
        {error && (
          <p role="alert" className="query-state is-error">
            {error}
          </p>
        )}
      </Form>
    </Modal>
  );
}
