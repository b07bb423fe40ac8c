import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Division, type MemberDetail, type Occupation, RESUME_MSG } from '@uplus/shared';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  renderWithRouter,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { ResumeEditingProvider } from '../editing';
import { type CityPick, CitySelector } from './city-selector';
import { JobCategorySelector, type OccupationPick } from './job-category-selector';
import { JobIntentionCard } from './job-intention-card';

const city = (code: string, name: string, letter: string, hot = false): Division => ({
  id: code,
  code,
  name,
  letter,
  parentCode: `${code.slice(0, 2)}0000`,
  level: 2,
  hot: hot ? 'Yes' : 'No',
});
const HOT = [
  city('110100', '北京市', 'B', true),
  city('310100', '上海市', 'S', true),
  city('440100', '广州市', 'G', true),
  city('440300', '深圳市', 'S', true),
  city('330100', '杭州市', 'H', true),
];
const ALL = [
  city('340300', '蚌埠市', 'B'),
  HOT[0] as Division,
  city('500100', '重庆市', 'C', true),
  city('430100', '长沙市', 'C', true),
  HOT[2] as Division,
  HOT[4] as Division,
  city('330400', '嘉兴市', 'J'),
  city('350200', '厦门市', 'X', true),
  HOT[1] as Division,
  HOT[3] as Division,
];
const occ = (code: string, name: string): Occupation => ({
  id: code,
  code,
  name,
  parentCode: code.includes('-') ? code.slice(0, code.lastIndexOf('-')) : '0',
  level: code.split('-').length,
});
const OCCUPATIONS: Record<string, Occupation[]> = {
  '0': [occ('1', '党的机关、国家机关、群众团体和社会组织、企事业单位负责人'), occ('2', '专业技术人员')],
  '1': [occ('1-01', '中国共产党机关和基层组织负责人')],
  '1-01': [occ('1-01-00', '中国共产党机关和基层组织负责人')],
  '2': [occ('2-01', '科学研究人员'), occ('2-02', '工程技术人员')],
  '2-01': [occ('2-01-01', '哲学研究人员')],
  '2-02': [
    occ('2-02-09', '电子工程技术人员'),
    occ('2-02-10', '信息和通信工程技术人员'),
    occ('2-02-11', '电气工程技术人员'),
    occ('2-02-38', '数字技术工程技术人员'),
  ],
};

const lookupRoutes = () => ({
  'GET /api/ourea/divisions': (call: RecordedCall) => ok(call.query.get('hot') === 'Yes' ? HOT : []),
  'GET /api/ourea/divisions/mobile': ok(ALL),
  'GET /api/ourea/occupations': (call: RecordedCall) =>
    ok(OCCUPATIONS[call.query.get('parentCode') ?? '0'] ?? []),
});

// the editing parts load on demand (components/lazy-part.tsx)
afterEach(async () => {
  await deferredLoadsSettled();
});
beforeEach(() => {
  setSite();
  stubBrowser();
  signIn('Student');
});

const pressed = (testid: string) => screen.getByTestId(testid).getAttribute('aria-pressed');

/** A page holding the city selector open, showing what 确定 answered. */
function CityHarness({ mode, start = [] }: { mode?: 'single' | 'multiple'; start?: CityPick[] }) {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState<CityPick[]>(start);
  return (
    <>
      <output data-testid="picked">{value.map((c) => c.code || '全国').join(',')}</output>
      <CitySelector
        open={open}
        mode={mode}
        value={value}
        onOk={(v) => {
          setValue(v);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('城市选择', () => {
  it('opens on the hot tab: 全国 first, then the hot cities in their order', async () => {
    stubFetch(lookupRoutes());
    renderWithRouter(<CityHarness />);
    const hot = await screen.findByTestId('city-hot');
    expect(
      within(hot)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['全国', '北京市', '上海市', '广州市', '深圳市', '杭州市']);
    expect(screen.getByRole('tab', { name: '热门城市' }).getAttribute('aria-selected')).toBe('true');
    for (const g of ['ABCDE', 'FGHJ', 'KLMN', 'PQRST', 'WXYZ'])
      expect(screen.getByRole('tab', { name: g })).toBeTruthy();
  });

  it('keeps at most three (最多选择三个城市); 全国 clears the others, a city removes 全国; 确定 answers', async () => {
    stubFetch(lookupRoutes());
    renderWithRouter(<CityHarness start={[{ code: '330100', name: '杭州市' }]} />);
    await screen.findByTestId('city-hot');
    expect(pressed('city-330100')).toBe('true');
    fireEvent.click(screen.getByTestId('city-110100'));
    fireEvent.click(screen.getByTestId('city-310100'));
    fireEvent.click(screen.getByTestId('city-440100'));
    expect(await screen.findByText(RESUME_MSG.citiesMax)).toBeTruthy();
    expect(pressed('city-440100')).toBe('false');
    expect(screen.getByText('已选 3/3')).toBeTruthy();

    fireEvent.click(screen.getByTestId('city-nation'));
    expect(pressed('city-nation')).toBe('true');
    expect(pressed('city-330100')).toBe('false');
    expect(screen.getByText('已选 1/3')).toBeTruthy();

    fireEvent.click(screen.getByTestId('city-440300'));
    expect(pressed('city-nation')).toBe('false');
    expect(pressed('city-440300')).toBe('true');
    // a picked city is removed from the chips with the keyboard too
    fireEvent.click(screen.getByRole('button', { name: '移除深圳市' }));
    fireEvent.click(screen.getByTestId('city-nation'));
    fireEvent.click(screen.getByTestId('city-ok'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('全国'));
  });

  it('groups the cities by letter (polyphones by their place-name reading) and searches by name', async () => {
    stubFetch(lookupRoutes());
    renderWithRouter(<CityHarness />);
    await screen.findByTestId('city-hot');
    fireEvent.click(screen.getByRole('tab', { name: 'ABCDE' }));
    const group = await screen.findByTestId('city-group-ABCDE');
    const c = within(group).getByRole('group', { name: 'C 开头的城市' });
    expect(
      within(c)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['重庆市', '长沙市']);
    expect(within(group).getByRole('group', { name: 'B 开头的城市' }).textContent).toContain('蚌埠市');
    fireEvent.click(screen.getByRole('tab', { name: 'WXYZ' }));
    expect((await screen.findByTestId('city-group-WXYZ')).textContent).toContain('厦门市');

    const search = screen.getByRole('searchbox', { name: '搜索城市' });
    fireEvent.change(search, { target: { value: '嘉' } });
    expect(within(await screen.findByTestId('city-found')).getByText('嘉兴市')).toBeTruthy();
    // the Enter that ends an IME composition picks nothing; a plain Enter picks the first found
    fireEvent.keyDown(search, { key: 'Enter', isComposing: true });
    expect(pressed('city-330400')).toBe('false');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(pressed('city-330400')).toBe('true');
    fireEvent.change(search, { target: { value: '火星' } });
    expect(await screen.findByText('没有找到该城市')).toBeTruthy();
  });

  it('single mode: a click picks the city and confirms at once; no 全国', async () => {
    stubFetch(lookupRoutes());
    renderWithRouter(<CityHarness mode="single" />);
    await screen.findByTestId('city-hot');
    expect(screen.queryByTestId('city-nation')).toBeNull();
    expect(screen.queryByTestId('city-ok')).toBeNull();
    fireEvent.click(screen.getByTestId('city-440300'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('440300'));
  });

  it('says so when the cities cannot be loaded, and tries again', async () => {
    let failing = true;
    stubFetch({
      ...lookupRoutes(),
      'GET /api/ourea/divisions': () => (failing ? fail(500, '服务器错误') : ok(HOT)),
    });
    renderWithRouter(<CityHarness />);
    expect(await screen.findByText('城市加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('city-hot')).toBeTruthy();
  });
});

function JobHarness({ start = [] }: { start?: OccupationPick[] }) {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState<OccupationPick[]>(start);
  return (
    <>
      <output data-testid="picked">{value.map((o) => o.code).join(',')}</output>
      <JobCategorySelector
        open={open}
        value={value}
        onOk={(v) => {
          setValue(v);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('职位类别选择', () => {
  it('walks 大类 > 中类 > 小类, the first ones open by themselves; at most three (最多选择三个职位)', async () => {
    const calls = stubFetch(lookupRoutes());
    renderWithRouter(<JobHarness start={[{ code: '1-01-00', name: '中国共产党机关和基层组织负责人' }]} />);
    // the first 大类 and 中类 open by themselves
    const first = await screen.findByRole('checkbox', { name: '中国共产党机关和基层组织负责人' });
    await waitFor(() => expect(first).toHaveProperty('checked', true));
    fireEvent.click(screen.getByTestId('occupation-2'));
    expect(screen.getByTestId('occupation-2').getAttribute('aria-current')).toBe('true');
    fireEvent.click(await screen.findByTestId('occupation-2-02'));
    const smalls = await screen.findByTestId('occupation-smalls');
    fireEvent.click(within(smalls).getByRole('checkbox', { name: '信息和通信工程技术人员' }));
    fireEvent.click(within(smalls).getByRole('checkbox', { name: '数字技术工程技术人员' }));
    fireEvent.click(within(smalls).getByRole('checkbox', { name: '电子工程技术人员' }));
    expect(await screen.findByText(RESUME_MSG.positionsMax)).toBeTruthy();
    expect(within(smalls).getByRole('checkbox', { name: '电子工程技术人员' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByText('已选 3/3')).toBeTruthy();
    // the 大类 shows how many of its positions are picked
    expect(screen.getByTestId('occupation-2').textContent).toContain('2');
    fireEvent.click(screen.getByRole('button', { name: '移除中国共产党机关和基层组织负责人' }));
    fireEvent.click(screen.getByTestId('occupation-ok'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('2-02-10,2-02-38'));
    expect(
      calls.filter((c) => c.path === '/api/ourea/occupations').map((c) => c.query.get('parentCode')),
    ).toEqual(expect.arrayContaining(['0', '1', '1-01', '2', '2-01', '2-02']));
  });
});

const detail = (overrides: Partial<MemberDetail> = {}): MemberDetail => ({
  id: 'u1',
  name: '王小明',
  intentions: [],
  citys: [],
  profile: {
    name: '王小明',
    portrait: '',
    portraitPath: '',
    birthday: null,
    sex: 'Male',
    sexTitle: '男',
    age: null,
    politicalStatus: null,
    politicalStatusTitle: '',
    email: null,
    mobile: null,
    domicileProvinceCode: null,
    domicileProvinceName: '',
    domicileCityCode: null,
    domicileCityName: '',
    minSalary: null,
    maxSalary: null,
    status: 'Seeking',
    statusTitle: '正在求职',
    companyName: null,
    companyId: null,
    occupationName: null,
    occupationId: null,
    visible: 'Yes',
    updateAt: null,
  },
  ...overrides,
});

/** The member server: GET members answers what the last PUT saved. */
const intentionServer = (start: MemberDetail) => {
  let member = start;
  return {
    ...lookupRoutes(),
    'GET /api/ourea/members': () => ok(member),
    'PUT /api/ourea/member_profiles': (call: RecordedCall) => {
      const body = call.body as {
        standardOccupationCodes: string[];
        cityCodes: string[];
        minSalary: number | null;
        maxSalary: number | null;
      };
      const names = new Map(Object.values(OCCUPATIONS).flatMap((l) => l.map((o) => [o.code, o.name])));
      const cities = new Map(ALL.map((c) => [c.code, c.name]));
      member = {
        ...member,
        intentions: body.standardOccupationCodes.map((code) => ({
          standardOccupationCode: code,
          standardOccupationName: names.get(code) ?? '',
        })),
        citys: body.cityCodes.map((code) => ({ cityCode: code, cityName: cities.get(code) ?? '全国' })),
        profile: member.profile && {
          ...member.profile,
          minSalary: body.minSalary,
          maxSalary: body.maxSalary,
        },
      };
      return {
        ...ok({
          userId: 'u1',
          name: '王小明',
          sex: 'Male',
          avatar: '',
          birthday: null,
          degree: null,
          schoolCode: null,
          schoolName: '',
          majorCode: null,
          majorName: '',
          enrolmentAt: null,
          graduateAt: null,
          perfected: false,
        }),
        message: '保存成功',
      };
    },
  };
};

const renderCard = () =>
  renderWithRouter(
    <ResumeEditingProvider>
      <JobIntentionCard />
    </ResumeEditingProvider>,
  );

/** The message under a field, and the field's control says so (aria-invalid, aria-describedby). */
const expectFieldError = async (testId: string, message: string) => {
  const text = await screen.findByText(message);
  const control = screen.getByTestId(testId);
  const input = control.matches('input, button') ? control : (control.querySelector('input') ?? control);
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const describedBy = input.getAttribute('aria-describedby') ?? '';
  const explain = text.closest('[id]');
  expect(explain && describedBy.split(' ').includes(explain.id)).toBe(true);
};

const chooseSalary = async (testId: string, label: string) => {
  const box = within(screen.getByTestId(testId)).getByRole('combobox');
  fireEvent.mouseDown(box);
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options[options.length - 1] as HTMLElement);
};

describe('求职意向', () => {
  it('an empty intention offers 去填写; the form checks positions, cities and the four salary rules', async () => {
    vi.useRealTimers();
    const calls = stubFetch(intentionServer(detail()));
    renderCard();
    fireEvent.click(await screen.findByTestId('intention-fill'));
    // the form loads when first opened
    fireEvent.click(await screen.findByTestId('intention-save'));
    await expectFieldError('intention-positions', RESUME_MSG.positionsRequired);

    fireEvent.click(screen.getByTestId('intention-positions'));
    fireEvent.click(await screen.findByTestId('occupation-2'));
    fireEvent.click(await screen.findByTestId('occupation-2-02'));
    fireEvent.click(await screen.findByRole('checkbox', { name: '信息和通信工程技术人员' }));
    fireEvent.click(screen.getByTestId('occupation-ok'));
    await waitFor(() =>
      expect(screen.getByTestId('intention-positions').textContent).toContain('信息和通信工程技术人员'),
    );
    fireEvent.click(screen.getByTestId('intention-save'));
    await expectFieldError('intention-cities', RESUME_MSG.citiesRequired);

    fireEvent.click(screen.getByTestId('intention-cities'));
    fireEvent.click(await screen.findByTestId('city-330100'));
    fireEvent.click(screen.getByTestId('city-ok'));
    await waitFor(() => expect(screen.getByTestId('intention-cities').textContent).toContain('杭州市'));

    await chooseSalary('intention-min', '10k');
    fireEvent.click(screen.getByTestId('intention-save'));
    expect(await screen.findByText(RESUME_MSG.maxSalaryRequired)).toBeTruthy();
    await chooseSalary('intention-max', '8k');
    fireEvent.click(screen.getByTestId('intention-save'));
    expect(await screen.findByText(RESUME_MSG.salaryOrder)).toBeTruthy();
    await chooseSalary('intention-max', '10k');
    fireEvent.click(screen.getByTestId('intention-save'));
    expect(await screen.findByText(RESUME_MSG.salaryEqual)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await chooseSalary('intention-max', '15k');
    fireEvent.click(screen.getByTestId('intention-save'));
    expect(await screen.findByText(RESUME_MSG.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      standardOccupationCodes: ['2-02-10'],
      cityCodes: ['330100'],
      minSalary: 10,
      maxSalary: 15,
    });
    const view = await screen.findByTestId('intention-view');
    expect(within(view).getByTestId('intention-view-positions').textContent).toBe('信息和通信工程技术人员');
    expect(within(view).getByTestId('intention-view-cities').textContent).toBe('杭州市');
    expect(within(view).getByTestId('intention-view-salary').textContent).toBe('10-15k');
  });

  it('a max without a min says 请选择最低月薪; 全国 is sent as the empty city code; 面议 shows as 面议', async () => {
    const calls = stubFetch(
      intentionServer(
        detail({
          intentions: [
            { standardOccupationCode: '2-02-10', standardOccupationName: '信息和通信工程技术人员' },
          ],
          citys: [{ cityCode: '330100', cityName: '杭州市' }],
        }),
      ),
    );
    renderCard();
    fireEvent.click(await screen.findByTestId('intention-edit'));
    await screen.findByTestId('intention-form');
    await chooseSalary('intention-max', '面议');
    fireEvent.click(screen.getByTestId('intention-save'));
    expect(await screen.findByText(RESUME_MSG.minSalaryRequired)).toBeTruthy();
    await chooseSalary('intention-min', '8k');
    fireEvent.click(screen.getByTestId('intention-cities'));
    fireEvent.click(await screen.findByTestId('city-nation'));
    fireEvent.click(screen.getByTestId('city-ok'));
    fireEvent.click(screen.getByTestId('intention-save'));
    expect(await screen.findByText(RESUME_MSG.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      standardOccupationCodes: ['2-02-10'],
      cityCodes: [''],
      minSalary: 8,
      maxSalary: 999,
    });
    expect((await screen.findByTestId('intention-view-cities')).textContent).toBe('全国');
    expect(screen.getByTestId('intention-view-salary').textContent).toBe('面议');
  });

  it('a server refusal naming a field goes under it (请选择正确的城市); the form stays open', async () => {
    stubFetch({
      ...intentionServer(
        detail({
          intentions: [
            { standardOccupationCode: '2-02-10', standardOccupationName: '信息和通信工程技术人员' },
          ],
          citys: [{ cityCode: '330100', cityName: '杭州市' }],
        }),
      ),
      'PUT /api/ourea/member_profiles': fail(400, RESUME_MSG.cityUnknown),
    });
    renderCard();
    fireEvent.click(await screen.findByTestId('intention-edit'));
    await screen.findByTestId('intention-form');
    fireEvent.click(screen.getByTestId('intention-save'));
    await expectFieldError('intention-cities', RESUME_MSG.cityUnknown);
    expect(screen.getByTestId('intention-form')).toBeTruthy();
  });

  it('says so when the intention cannot be loaded', async () => {
    stubFetch({ ...intentionServer(detail()), 'GET /api/ourea/members': fail(500, '服务器错误') });
    renderCard();
    expect(await screen.findByText('求职意向加载失败')).toBeTruthy();
  });
});
