import type { ManagedTalk, TalkLiveInfo } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';

const O = '/api/ourea';
const HOUR = 3_600_000;
type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

/** With a live provider configured (LIVE_PLAY_URL, LIVE_PUSH_URL, LIVE_AUTH_KEY) a talk's room is signed. */
describe.each(testDrivers())('career talk live room with a provider on %s', (driver) => {
  const t = useTestApp(driver, {
    config: {
      live: {
        playUrl: 'https://play.example.com/live',
        pushUrl: 'rtmp://push.example.com/live',
        authKey: 'test-key',
        chatUrl: undefined,
        chatSecret: undefined,
        tokenTtlSeconds: 3600,
      },
    },
  });

  it('gives the company a signed push address and watchers signed play addresses only while the live is on', async () => {
    const boss = await buildSignedInMember(t.db, { identityType: 'Business' });
    await createCompany({ db: t.db, userId: boss.user.id, name: unique('企业') });
    const api = asUser(t.app, boss.token);
    const put = (url: string) =>
      t.app.inject({ method: 'PUT', url, headers: { 'x-access-token': boss.token }, payload: {} });
    const stop = (url: string) =>
      t.app.inject({ method: 'DELETE', url, headers: { 'x-access-token': boss.token } });
    const start = Date.now() - 60_000;
    const talk = data<ManagedTalk>(
      await api.post(`${O}/company/career_talks`, {
        subject: '直播宣讲',
        mode: 'Online',
        startTimestamp: start,
        endTimestamp: start + HOUR,
      }),
    );
    const room = () => t.app.inject({ method: 'GET', url: `/api/live/info/talk-${talk.id}` });
    expect(data<TalkLiveInfo>(await room()).playUrls).toBeNull();
    const on = data<ManagedTalk>(await put(`${O}/company/career_talks/${talk.id}/live`));
    expect(on.pushUrl).toMatch(
      new RegExp(
        `^rtmp://push\\.example\\.com/live/talk-${talk.id}\\?auth_key=\\d+-[0-9a-f]+-0-[0-9a-f]{32}$`,
      ),
    );
    const info = data<TalkLiveInfo>(await room());
    expect(info.playUrls?.hls).toMatch(
      new RegExp(`^https://play\\.example\\.com/live/talk-${talk.id}\\.m3u8\\?auth_key=`),
    );
    expect(info.playUrls?.flv).toContain(`/live/talk-${talk.id}.flv?auth_key=`);
    // job seekers never see the push address
    const student = await buildSignedInMember(t.db);
    const shown = data<Record<string, unknown>>(
      await asUser(t.app, student.token).get(`${O}/career_talks/${talk.id}`),
    );
    expect(shown).not.toHaveProperty('pushUrl');
    const off = data<ManagedTalk>(await stop(`${O}/company/career_talks/${talk.id}/live`));
    expect(off.pushUrl).toBeNull();
    expect(data<TalkLiveInfo>(await room()).playUrls).toBeNull();
  });
});
