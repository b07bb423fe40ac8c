import { FAVOURITES_MSG, type FavouritePage } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { companyVideos, files, recruitmentOccupations } from '../../db/schema';
import type { App } from '../../http/context';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { favouriteOf } from './favourites.service';

const O = '/api/ourea';
type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const expectError = (res: Res, status: number, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().message).toBe(message);
};
const client = (app: App, token: string) => ({
  ...asUser(app, token),
  delete: (url: string) => app.inject({ method: 'DELETE', url, headers: { 'x-access-token': token } }),
});

const companyWithJobs = async (db: Db) => {
  const boss = await buildSignedInMember(db, { identityType: 'Business' });
  const company = await createCompany({ db, userId: boss.user.id, name: unique('企业') });
  const job = async (onlined: 'Yes' | 'No', name = '前端工程师') =>
    (
      await db
        .insert(recruitmentOccupations)
        .values({
          companyId: company.id,
          createdBy: boss.user.id,
          name,
          onlined,
          cityName: '杭州',
          degree: 'Bachelor',
          minSalary: 10,
          maxSalary: 20,
          approvalAt: onlined === 'Yes' ? new Date() : null,
        })
        .returning()
    )[0] as { id: number };
  return { boss, company, job };
};

describe.each(testDrivers())('favourites on %s', (driver) => {
  const t = useTestApp(driver);

  it('favourites an online position once, lists it as a job card, and cancels it (own only)', async () => {
    const { company, job } = await companyWithJobs(t.db);
    const online = await job('Yes');
    const offline = await job('No', '下线职位');
    const me = await buildSignedInMember(t.db);
    const other = await buildSignedInMember(t.db);
    const api = client(t.app, me.token);

    const first = await api.post(`${O}/favorites`, { targetId: String(online.id), targetType: 'Occupation' });
    expect(first.json().message).toBe(FAVOURITES_MSG.favourited);
    const { id } = data<{ id: string }>(first);
    expect(
      data<{ id: string }>(
        await api.post(`${O}/favorites`, { targetId: online.id, targetType: 'Occupation' }),
      ).id,
    ).toBe(id);
    expect(
      await favouriteOf({ db: t.db, userId: me.user.id, targetType: 'Occupation', targetId: online.id }),
    ).toEqual({
      id: Number(id),
    });

    expectError(
      await api.post(`${O}/favorites`, { targetId: offline.id, targetType: 'Occupation' }),
      400,
      FAVOURITES_MSG.occupationOffline,
    );
    expectError(
      await api.post(`${O}/favorites`, { targetId: 99999999, targetType: 'Occupation' }),
      404,
      FAVOURITES_MSG.occupationNotFound,
    );

    const page = data<FavouritePage>(
      await api.get(`${O}/favorites?targetType=Occupation&details=occupation,more`),
    );
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id,
      targetId: String(online.id),
      targetType: 'Occupation',
      content: {
        name: '前端工程师',
        cityName: '杭州',
        degreeTitle: '本科',
        minSalary: 10,
        maxSalary: 20,
        onlined: 'Yes',
        companyId: String(company.id),
      },
    });
    expect(data<FavouritePage>(await api.get(`${O}/favorites?targetType=Company`)).total).toBe(0);
    // another user sees none of it and cannot cancel it
    expect(
      data<FavouritePage>(await client(t.app, other.token).get(`${O}/favorites?targetType=Occupation`)).total,
    ).toBe(0);
    expectError(
      await client(t.app, other.token).delete(`${O}/favorites/${id}`),
      404,
      FAVOURITES_MSG.notFound,
    );

    // the position goes offline: the favourite stays, shown as offline
    const { eq } = await import('drizzle-orm');
    await t.db
      .update(recruitmentOccupations)
      .set({ onlined: 'No' })
      .where(eq(recruitmentOccupations.id, online.id));
    const after = data<FavouritePage>(await api.get(`${O}/favorites?targetType=Occupation`));
    expect(after.rows[0]?.content).toMatchObject({ onlined: 'No' });
    // favouriting it again is still the same favourite, no error
    expect(
      data<{ id: string }>(
        await api.post(`${O}/favorites`, { targetId: online.id, targetType: 'Occupation' }),
      ).id,
    ).toBe(id);

    const del = await api.delete(`${O}/favorites/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toBe(FAVOURITES_MSG.canceled);
    expectError(await api.delete(`${O}/favorites/${id}`), 404);
    expect(data<FavouritePage>(await api.get(`${O}/favorites?targetType=Occupation`)).total).toBe(0);
  });

  it('lists favourite companies as cards with video and open-position counts, 10 a page', async () => {
    const { company, job, boss } = await companyWithJobs(t.db);
    await job('Yes');
    await job('Yes', '后端工程师');
    await job('No', '下线');
    const [file] = await t.db
      .insert(files)
      .values({
        storageKey: unique('k'),
        ownerId: boss.user.id,
        purpose: 'video',
        name: 'v.mp4',
        contentType: 'video/mp4',
        size: 10,
      })
      .returning();
    await t.db
      .insert(companyVideos)
      .values({ companyId: company.id, fileId: file?.id as number, title: '宣传片' });
    const { eq } = await import('drizzle-orm');
    const { companies } = await import('../../db/schema');
    await t.db
      .update(companies)
      .set({ nickname: '小U', financingRound: 'RoundA', industry: 'Internet', scale: 'From100To499' })
      .where(eq(companies.id, company.id));
    const me = await buildSignedInMember(t.db);
    const api = client(t.app, me.token);
    expectError(
      await api.post(`${O}/favorites`, { targetId: 99999999, targetType: 'Company' }),
      404,
      FAVOURITES_MSG.companyNotFound,
    );
    expectError(await api.post(`${O}/favorites`, { targetId: 'x', targetType: 'Company' }), 400);
    data(await api.post(`${O}/favorites`, { targetId: company.id, targetType: 'Company' }));
    for (let i = 0; i < 10; i++) {
      const c = await createCompany({
        db: t.db,
        userId: (await buildSignedInMember(t.db)).user.id,
        name: unique('企业'),
      });
      data(await api.post(`${O}/favorites`, { targetId: c.id, targetType: 'Company' }));
    }
    const first = data<FavouritePage>(await api.get(`${O}/favorites?targetType=Company&details=company`));
    expect(first.total).toBe(11);
    expect(first.rows).toHaveLength(10);
    const second = data<FavouritePage>(await api.get(`${O}/favorites?targetType=Company&pageNumber=2`));
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]?.content).toEqual({
      id: String(company.id),
      logo: null,
      companyNickName: '小U',
      videoCount: 1,
      financingRoundTitle: 'A轮',
      industryTitle: '互联网',
      scaleTitle: '100-499人',
      occupationCount: 2,
    });
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${O}/favorites?targetType=Company` })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${O}/favorites`,
          payload: { targetId: 1, targetType: 'Company' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
