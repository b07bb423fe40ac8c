import { CopyOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type ClassOrgan,
  COURSE_LIMITS,
  COURSES_MSG,
  createClassBody,
  type TeachingClass,
} from '@uplus/shared';
import { Button, type ButtonProps, Input, Modal, Select, Tag } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useDebounced } from '../../../lib/use-debounced';
import {
  useClassOrgans,
  useCreateClass,
  useRegenerateCode,
  useTeachingClasses,
  useUpdateClass,
} from '../api';
import { ListState, useConfirm } from '../course-parts';

/** An organisation as the picker names it: 学校 / 学院 / 班级 with its parent. */
const organLabel = (organ: ClassOrgan) =>
  organ.parent ? `${organ.parent.name} / ${organ.name}` : organ.name;

/** 新建教学班: its name and the organisation whose members may join (from class_organs, searchable). */
function CreateClassDialog({
  courseId,
  open,
  onClose,
}: {
  courseId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [organId, setOrganId] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<{ name?: string; organisationId?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const organs = useClassOrgans(courseId, useDebounced(search.trim(), 300), open);
  const create = useCreateClass(courseId);
  const toast = useToast();
  const id = useId();

  const close = () => {
    setName('');
    setOrganId(undefined);
    setSearch('');
    setErrors({});
    setServerError(null);
    onClose();
  };

  const submit = async () => {
    const parsed = createClassBody.safeParse({ name, organisationId: organId });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        if (!next[field])
          next[field] = field === 'organisationId' ? COURSES_MSG.classOrganRequired : issue.message;
      }
      setErrors(next);
      return;
    }
    setServerError(null);
    try {
      const opened = await create.mutateAsync(parsed.data);
      toast.success(`教学班已创建，班级码 ${opened.code}`);
      close();
    } catch (e) {
      setServerError(errorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      title="新建教学班"
      okText="创建"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'class-form-submit' } as ButtonProps}
    >
      <div className="courses-field">
        <label htmlFor={`${id}-name`} className="courses-field__required">
          教学班名称
        </label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={COURSE_LIMITS.maxClassNameLength}
          showCount
          placeholder="例如：软件工程2401班"
          aria-required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          data-testid="class-form-name"
        />
        {errors.name && (
          <div id={`${id}-name-error`} className="courses-field__error" role="alert">
            {errors.name}
          </div>
        )}
      </div>
      <div className="courses-field">
        <label htmlFor={`${id}-organ`} className="courses-field__required">
          可加入的机构
        </label>
        <Select
          id={`${id}-organ`}
          style={{ width: '100%' }}
          showSearch
          filterOption={false}
          value={organId}
          placeholder="选择学校、学院或班级"
          onSearch={setSearch}
          onChange={(value: string) => {
            setOrganId(value);
            setErrors((x) => ({ ...x, organisationId: undefined }));
          }}
          loading={organs.isFetching}
          notFoundContent={organs.isError ? errorMessage(organs.error) : '没有可选的机构'}
          options={(organs.data?.rows ?? []).map((o) => ({ value: o.id, label: organLabel(o) }))}
          aria-required
          aria-invalid={errors.organisationId ? true : undefined}
          aria-describedby={`${id}-organ-hint${errors.organisationId ? ` ${id}-organ-error` : ''}`}
          status={errors.organisationId ? 'error' : undefined}
          data-testid="class-form-organ"
        />
        <div id={`${id}-organ-hint`} className="courses-field__hint">
          只有该机构（及其下属学院、班级）的学生可以用班级码加入。
        </div>
        {errors.organisationId && (
          <div id={`${id}-organ-error`} className="courses-field__error" role="alert">
            {errors.organisationId}
          </div>
        )}
      </div>
      {serverError && (
        <div className="courses-field__error" role="alert" data-testid="class-form-error">
          {serverError}
        </div>
      )}
    </Modal>
  );
}

/** One class: its name, organisation, the class code large with 复制, 重新生成, 关闭 / 重新开放. */
function ClassCard({
  klass,
  archived,
  onRegenerate,
  onToggleClosed,
}: {
  klass: TeachingClass;
  archived: boolean;
  onRegenerate: (klass: TeachingClass) => void;
  onToggleClosed: (klass: TeachingClass) => void;
}) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(klass.code);
      toast.success('班级码已复制');
    } catch {
      toast.error('复制失败，请手动选择班级码复制');
    }
  };
  return (
    <article
      className={`class-card${klass.closed ? ' is-closed' : ''}`}
      aria-label={klass.name}
      data-testid="teaching-class"
    >
      <h3>
        {klass.name}
        {klass.closed ? <Tag color="default">已关闭</Tag> : <Tag color="green">开放中</Tag>}
      </h3>
      <p className="class-card__organ">
        开放机构：{klass.organisation.name} · 学生 {klass.studentCount} 人
      </p>
      <div className="class-code">
        <span className="class-code__value" data-testid="class-code">
          {klass.code}
        </span>
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void copy()}
          data-testid="class-code-copy"
        >
          复制
        </Button>
      </div>
      {!archived && (
        <div className="class-card__actions">
          <Button
            size="small"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => onRegenerate(klass)}
            data-testid="class-regenerate"
          >
            重新生成班级码
          </Button>
          <Button size="small" onClick={() => onToggleClosed(klass)} data-testid="class-toggle-closed">
            {klass.closed ? '重新开放' : '关闭班级'}
          </Button>
        </div>
      )}
    </article>
  );
}

/**
 * 教学班: the course's classes, each with its class code (students join by it), 新建教学班, regenerate a
 * code and close or reopen a class, each after a confirmation. An archived course's classes are shown only.
 */
export function ClassesSection({ courseId, archived }: { courseId: string; archived: boolean }) {
  const classes = useTeachingClasses(courseId);
  const update = useUpdateClass(courseId);
  const regenerate = useRegenerateCode(courseId);
  const toast = useToast();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);

  const askRegenerate = (klass: TeachingClass) =>
    confirm.ask({
      title: '重新生成班级码',
      content: `重新生成后，《${klass.name}》的旧班级码 ${klass.code} 将立即失效，已加入的学生不受影响。确定重新生成吗？`,
      okText: '重新生成',
      danger: true,
      onConfirm: async () => {
        const next = await regenerate.mutateAsync(klass.id);
        toast.success(`${COURSES_MSG.codeRegenerated}：${next.code}`);
      },
    });

  const askToggle = (klass: TeachingClass) =>
    klass.closed
      ? void update
          .mutateAsync({ classId: klass.id, body: { closed: false } })
          .then(() => toast.success('班级已重新开放'))
          .catch(() => undefined)
      : confirm.ask({
          title: '关闭班级',
          content: `关闭后，学生不能再用班级码加入《${klass.name}》，已加入的学生不受影响。可随时重新开放。确定关闭吗？`,
          okText: '关闭班级',
          danger: true,
          onConfirm: async () => {
            await update.mutateAsync({ classId: klass.id, body: { closed: true } });
            toast.success('班级已关闭');
          },
        });

  return (
    <section aria-labelledby="classes-title">
      <div className="course-section-head">
        <h2 id="classes-title">教学班</h2>
        {!archived && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="class-create"
          >
            新建教学班
          </Button>
        )}
      </div>
      <ListState
        query={classes}
        loadingText="正在加载教学班…"
        isEmpty={(data) => data.rows.length === 0}
        empty={archived ? '该课程没有教学班' : '还没有教学班。新建教学班后，把班级码发给学生即可加入。'}
      >
        {(data) => (
          <ul className="class-list">
            {data.rows.map((klass) => (
              <li key={klass.id}>
                <ClassCard
                  klass={klass}
                  archived={archived}
                  onRegenerate={askRegenerate}
                  onToggleClosed={askToggle}
                />
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <CreateClassDialog courseId={courseId} open={creating} onClose={() => setCreating(false)} />
      {confirm.dialog}
    </section>
  );
}
