import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  LockOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  FOOTER_QR_CODES,
  type FooterQrKey,
  footerQrSrc,
  footerSettings,
  SITE_SETTINGS_MSG,
  type SiteSettingsView,
  siteSettings,
} from '@uplus/shared';
import { Alert, Button, Checkbox, Form, type FormInstance, Input, Select, Switch, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, HttpError } from '../../../api/http';
import { StatusPanel } from '../../../components/status-panel';
import { useToast } from '../../../lib/toast';
import { useSaveSiteSettings, useSiteSettings } from './api';
import {
  AREA_MENU_VALUE_OPTIONS,
  bodyOf,
  formValuesOf,
  HOME_SECTION_OPTIONS,
  isLinkMenu,
  QR_KEYS,
  SCHOOL_NAV_TYPE_OPTIONS,
  type SettingsFormValues,
  SITE_TYPE_TITLES,
  type SiteType,
  schemaRule,
  type TabKey,
  tabOfField,
  tabsOf,
} from './site-settings-model';
import '../../../components/query-state.css';
import './site-settings-page.css';

const MAX_ENTRIES = 12;
const MAX_LINKS = 10;
const urlRule = schemaRule(siteSettings.shape.dataCubeUrl);
const URL_PLACEHOLDER = 'https://';

/** 站点设置 (/u/content/settings): the managed site's title, home sections, footer and navigation. */
export function SiteSettingsPage() {
  const settings = useSiteSettings();

  if (settings.isPending)
    return (
      <div className="site-settings">
        <div className="query-state" role="status" data-testid="query-loading">
          正在加载站点设置…
        </div>
      </div>
    );
  if (settings.isError) {
    const refused = settings.error instanceof HttpError && settings.error.status === 403;
    return (
      <div className="site-settings">
        <StatusPanel
          icon={refused ? <LockOutlined /> : undefined}
          title={refused ? errorMessage(settings.error) : '站点设置加载失败'}
          description={
            refused
              ? '站点设置仅对本站点的管理员开放。如果您管理着某个站点，请先切换到该站点所属的机构。'
              : errorMessage(settings.error)
          }
          actions={
            refused ? (
              <Link to="/home/index">
                <Button type="primary">返回首页</Button>
              </Link>
            ) : (
              <Button onClick={() => void settings.refetch()}>重试</Button>
            )
          }
        />
      </div>
    );
  }
  return <SettingsEditor view={settings.data} />;
}

function SettingsEditor({ view }: { view: SiteSettingsView }) {
  const [form] = Form.useForm<SettingsFormValues>();
  const save = useSaveSiteSettings();
  const toast = useToast();
  const siteType = view.site.siteType;
  const tabs = tabsOf(siteType);
  const [active, setActive] = useState<TabKey>('basic');
  const [savedOnce, setSavedOnce] = useState(false);

  const onFinish = async (values: SettingsFormValues) => {
    try {
      const saved = await save.mutateAsync(bodyOf(values));
      form.setFieldsValue(formValuesOf(saved));
      toast.success(SITE_SETTINGS_MSG.saved);
      setSavedOnce(true);
    } catch {
      // the client has shown the server's message; the form keeps the edits
    }
  };

  const panes: Record<TabKey, { label: string; children: ReactNode }> = {
    basic: { label: '基本信息', children: <BasicPane siteType={siteType} /> },
    home: { label: '首页板块', children: <HomePane /> },
    footer: { label: '页脚', children: <FooterPane saved={view.footer} form={form} /> },
    navigation: { label: '顶部导航', children: <NavigationPane /> },
    menus: { label: '区域菜单', children: <MenusPane form={form} /> },
  };

  return (
    <div className="site-settings" data-testid="site-settings">
      <header className="site-settings__head">
        <div>
          <h1>站点设置</h1>
          <p>
            正在管理：<strong>{view.site.siteName}</strong>（{SITE_TYPE_TITLES[siteType]}）
          </p>
        </div>
        <Link to="/u/content/manage">前往内容管理</Link>
      </header>
      {savedOnce && (
        <Alert
          className="site-settings__note"
          type="success"
          showIcon
          role="status"
          message="设置已保存"
          description="访客在下次打开或刷新页面时即可看到新的设置（包括您自己当前打开的页面）。"
          data-testid="site-settings-saved"
        />
      )}
      <Form<SettingsFormValues>
        form={form}
        layout="vertical"
        initialValues={formValuesOf(view)}
        onFinish={(values) => void onFinish(values)}
        onFinishFailed={({ errorFields }) => setActive(tabOfField(errorFields[0]?.name[0]))}
        className="site-settings__form"
      >
        <Tabs
          activeKey={active}
          onChange={(key) => setActive(key as TabKey)}
          items={tabs.map((key) => ({
            key,
            label: panes[key].label,
            children: panes[key].children,
            forceRender: true,
          }))}
        />
        <div className="site-settings__actions">
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="site-settings-save">
            保存设置
          </Button>
          <Button
            htmlType="button"
            onClick={() => form.setFieldsValue(formValuesOf(view))}
            disabled={save.isPending}
          >
            撤销未保存的修改
          </Button>
        </div>
      </Form>
    </div>
  );
}

function BasicPane({ siteType }: { siteType: SiteType }) {
  return (
    <section className="site-settings__pane" aria-label="基本信息">
      <Form.Item
        name="title"
        label="站点标题"
        extra={
          siteType === 'area'
            ? '显示在浏览器标签页上；留空则使用站点名称。'
            : '显示在浏览器标签页和页头上；留空则使用站点名称。'
        }
        rules={[{ max: 40, message: '站点标题最多40个字' }]}
      >
        <Input maxLength={40} showCount placeholder="例如：优加示范大学 · 教学实践平台" />
      </Form.Item>
    </section>
  );
}

function HomePane() {
  return (
    <section className="site-settings__pane" aria-label="首页板块">
      <Form.Item
        name="homeSections"
        label="在首页显示的板块"
        extra="未勾选的板块不在首页的「平台板块」中显示；栏目页面本身仍可访问。"
      >
        <Checkbox.Group className="site-settings__sections" options={HOME_SECTION_OPTIONS} />
      </Form.Item>
    </section>
  );
}

const FOOTER_FIELDS = [
  {
    key: 'CONTACT_EMAIL',
    label: '联系邮箱',
    placeholder: 'service@example.com',
    rule: footerSettings.shape.CONTACT_EMAIL,
  },
  { key: 'CONTACT_ADDRESS', label: '联系地址', placeholder: '例如：示范市高新区软件园 8 号楼', max: 100 },
  { key: 'ICP_FILING', label: 'ICP备案号', placeholder: '例如：京ICP备12345678号-1', max: 50 },
  { key: 'PSB_FILING', label: '公安备案号', placeholder: '例如：京公网安备 11010802000001号', max: 50 },
  {
    key: 'ALLIANCE_URL',
    label: '示范性软件学院联盟网址',
    placeholder: URL_PLACEHOLDER,
    rule: footerSettings.shape.ALLIANCE_URL,
    extra: '留空则链接到本站的联盟页面。',
  },
] as const;

function FooterPane({
  saved,
  form,
}: {
  saved: SiteSettingsView['footer'];
  form: FormInstance<SettingsFormValues>;
}) {
  return (
    <section className="site-settings__pane" aria-label="页脚">
      <div className="site-settings__grid">
        {FOOTER_FIELDS.map((field) => (
          <Form.Item
            key={field.key}
            name={['footer', field.key]}
            label={field.label}
            extra={'extra' in field ? field.extra : undefined}
            rules={
              'rule' in field
                ? [schemaRule(field.rule)]
                : [{ max: field.max, message: `最多${field.max}个字` }]
            }
          >
            <Input placeholder={field.placeholder} maxLength={'max' in field ? field.max : 500} />
          </Form.Item>
        ))}
      </div>
      <h2 className="site-settings__subhead">二维码</h2>
      <p className="site-settings__hint">
        填写扫码后打开的地址，页脚会生成对应的二维码；留空则页脚不显示该二维码。
      </p>
      <div className="site-settings__qrs">
        {QR_KEYS.map((key) => (
          <QrField key={key} qrKey={key} saved={saved[FOOTER_QR_CODES[key].key]} form={form} />
        ))}
      </div>
    </section>
  );
}

function QrField({
  qrKey,
  saved,
  form,
}: {
  qrKey: FooterQrKey;
  saved: string;
  form: FormInstance<SettingsFormValues>;
}) {
  const { key, caption } = FOOTER_QR_CODES[qrKey];
  const current = Form.useWatch(['footer', key], form) as string | undefined;
  const changed = (current ?? '').trim() !== saved;
  return (
    <div className="site-settings__qr" data-testid={`qr-${qrKey}`}>
      <Form.Item
        name={['footer', key]}
        label={`${caption}地址`}
        rules={[schemaRule(footerSettings.shape[key])]}
      >
        <Input placeholder={URL_PLACEHOLDER} maxLength={500} />
      </Form.Item>
      <div className="site-settings__qr-preview">
        {saved ? (
          <img src={footerQrSrc(qrKey, saved)} alt={`${caption}二维码预览`} width={112} height={112} />
        ) : (
          <span className="site-settings__qr-empty">尚未配置</span>
        )}
        {changed && <span className="site-settings__hint">保存后更新预览</span>}
      </div>
    </div>
  );
}

function NavigationPane() {
  return (
    <section className="site-settings__pane" aria-label="顶部导航">
      <h2 className="site-settings__subhead">导航项</h2>
      <p className="site-settings__hint">学校站点页头的导航按此顺序显示；显示名称留空时显示导航名称。</p>
      <Form.List
        name="navigation"
        rules={[
          {
            validator: async (_, list: unknown[] | undefined) => {
              if ((list?.length ?? 0) > MAX_ENTRIES) throw new Error(SITE_SETTINGS_MSG.navTooMany);
            },
          },
        ]}
      >
        {(fields, { add, remove, move }, { errors }) => (
          <>
            {fields.length === 0 && <p className="site-settings__empty">暂无导航项，页头将只显示首页。</p>}
            <ol className="site-settings__rows">
              {fields.map((field, index) => (
                <li key={field.key} className="site-settings__row" data-testid="nav-row">
                  <span className="site-settings__index" aria-hidden>
                    {index + 1}
                  </span>
                  <Form.Item
                    name={[field.name, 'type']}
                    label={`第${index + 1}项类型`}
                    rules={[{ required: true, message: SITE_SETTINGS_MSG.navTypeInvalid }]}
                  >
                    <Select options={SCHOOL_NAV_TYPE_OPTIONS} placeholder="请选择类型" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name']}
                    label="导航名称"
                    rules={[
                      { required: true, whitespace: true, message: SITE_SETTINGS_MSG.navNameRequired },
                      { max: 30, message: '导航名称最多30个字' },
                    ]}
                  >
                    <Input maxLength={30} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'showName']}
                    label="显示名称"
                    rules={[{ max: 10, message: '显示名称最多10个字' }]}
                  >
                    <Input maxLength={10} placeholder="同导航名称" />
                  </Form.Item>
                  <RowButtons
                    label={`第${index + 1}项导航`}
                    first={index === 0}
                    last={index === fields.length - 1}
                    onUp={() => move(index, index - 1)}
                    onDown={() => move(index, index + 1)}
                    onRemove={() => remove(field.name)}
                  />
                </li>
              ))}
            </ol>
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ type: 'HOME_PAGE', name: '', showName: '' })}
              disabled={fields.length >= MAX_ENTRIES}
            >
              添加导航项
            </Button>
          </>
        )}
      </Form.List>

      <h2 className="site-settings__subhead">栏目开关</h2>
      <div className="site-settings__switches">
        <Form.Item
          name="showTechClass"
          label="精品课程"
          valuePropName="checked"
          extra="关闭后访问精品课程将回到首页。"
        >
          <Switch checkedChildren="开放" unCheckedChildren="关闭" />
        </Form.Item>
        <Form.Item
          name="showJobClass"
          label="职业发展课"
          valuePropName="checked"
          extra="关闭后访问职业发展课将回到首页。"
        >
          <Switch checkedChildren="开放" unCheckedChildren="关闭" />
        </Form.Item>
        <Form.Item
          name="showJiuye"
          label="求职就业"
          valuePropName="checked"
          extra="关闭后首页不显示求职就业板块。"
        >
          <Switch checkedChildren="开放" unCheckedChildren="关闭" />
        </Form.Item>
      </div>

      <Form.Item
        name="dataCubeUrl"
        label="数据魔方地址"
        extra="「数据魔方」导航项在新标签页打开此地址；留空则该导航项回到首页。"
        rules={[urlRule]}
      >
        <Input placeholder={URL_PLACEHOLDER} maxLength={500} />
      </Form.Item>
    </section>
  );
}

function MenusPane({ form }: { form: FormInstance<SettingsFormValues> }) {
  return (
    <section className="site-settings__pane" aria-label="区域菜单">
      <p className="site-settings__hint">
        页头始终先显示首页、云端实验、产业项目、职业发展课、实习生计划、求职，再按此顺序显示下列菜单（与前者重复的栏目不再显示）。
      </p>
      <Form.List
        name="areaMenus"
        rules={[
          {
            validator: async (_, list: unknown[] | undefined) => {
              if ((list?.length ?? 0) > MAX_ENTRIES) throw new Error(SITE_SETTINGS_MSG.navTooMany);
            },
          },
        ]}
      >
        {(fields, { add, remove, move }, { errors }) => (
          <>
            {fields.length === 0 && <p className="site-settings__empty">暂无菜单，页头只显示固定栏目。</p>}
            <ol className="site-settings__rows">
              {fields.map((field, index) => (
                <li key={field.key} className="site-settings__menu" data-testid="menu-row">
                  <div className="site-settings__row">
                    <span className="site-settings__index" aria-hidden>
                      {index + 1}
                    </span>
                    <Form.Item
                      name={[field.name, 'value']}
                      label={`第${index + 1}项类型`}
                      rules={[{ required: true, message: SITE_SETTINGS_MSG.menuValueInvalid }]}
                    >
                      <Select options={AREA_MENU_VALUE_OPTIONS} placeholder="请选择类型" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'title']}
                      label="菜单名称"
                      rules={[
                        { required: true, whitespace: true, message: SITE_SETTINGS_MSG.menuTitleRequired },
                        { max: 10, message: '菜单名称最多10个字' },
                      ]}
                    >
                      <Input maxLength={10} />
                    </Form.Item>
                    <RowButtons
                      label={`第${index + 1}项菜单`}
                      first={index === 0}
                      last={index === fields.length - 1}
                      onUp={() => move(index, index - 1)}
                      onDown={() => move(index, index + 1)}
                      onRemove={() => remove(field.name)}
                    />
                  </div>
                  <MenuLinks form={form} menuName={field.name} index={index} />
                </li>
              ))}
            </ol>
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ value: 'home', title: '', name: '', content: [] })}
              disabled={fields.length >= MAX_ENTRIES}
            >
              添加菜单
            </Button>
          </>
        )}
      </Form.List>
    </section>
  );
}

/** The links of a linkSingle (one) or linkMultiple (a dropdown) menu. */
function MenuLinks({
  form,
  menuName,
  index,
}: {
  form: FormInstance<SettingsFormValues>;
  menuName: number;
  index: number;
}) {
  const value = Form.useWatch(['areaMenus', menuName, 'value'], form) as string | undefined;
  if (!isLinkMenu(value)) return null;
  const single = value === 'linkSingle';
  return (
    <fieldset className="site-settings__links">
      <legend>第{index + 1}项菜单的外链</legend>
      <Form.List
        name={[menuName, 'content']}
        rules={[
          {
            validator: async (_, list: unknown[] | undefined) => {
              if ((list?.length ?? 0) === 0) throw new Error(SITE_SETTINGS_MSG.menuLinksRequired);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, linkIndex) => (
              <div key={field.key} className="site-settings__row" data-testid="menu-link-row">
                <Form.Item
                  name={[field.name, 'name']}
                  label={`链接${linkIndex + 1}名称`}
                  rules={[
                    { required: true, whitespace: true, message: SITE_SETTINGS_MSG.linkNameRequired },
                    { max: 20, message: '链接名称最多20个字' },
                  ]}
                >
                  <Input maxLength={20} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'domainUrl']}
                  label="链接地址"
                  rules={[
                    { required: true, whitespace: true, message: SITE_SETTINGS_MSG.urlInvalid },
                    urlRule,
                  ]}
                  className="site-settings__wide"
                >
                  <Input placeholder={URL_PLACEHOLDER} maxLength={500} />
                </Form.Item>
                <Button
                  className="site-settings__row-button"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`删除链接${linkIndex + 1}`}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              size="small"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ name: '', domainUrl: '' })}
              disabled={fields.length >= (single ? 1 : MAX_LINKS)}
            >
              添加链接
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

function RowButtons({
  label,
  first,
  last,
  onUp,
  onDown,
  onRemove,
}: {
  label: string;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}) {
  return (
    <span className="site-settings__row-buttons">
      <Button
        icon={<ArrowUpOutlined aria-hidden />}
        aria-label={`上移${label}`}
        disabled={first}
        onClick={onUp}
      />
      <Button
        icon={<ArrowDownOutlined aria-hidden />}
        aria-label={`下移${label}`}
        disabled={last}
        onClick={onDown}
      />
      <Button icon={<DeleteOutlined aria-hidden />} aria-label={`删除${label}`} danger onClick={onRemove} />
    </span>
  );
}
