import { statSync } from 'node:fs';
import type {
  CourseVideos,
  LiveInfo,
  OpenCourseCardPage,
  OpenCourseDetail,
  SubscriptionPage,
} from '@uplus/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../db/schema';
import { createFileStore } from '../storage';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { DEMO_PASSWORD } from './demo';
import { seedIfNeeded } from './index';

const OC = '/api/opencourse';

describe.each(testDrivers())('the demo set’s open classes on %s', (driver) => {
  const t = useTestApp(driver);

  it('business01’s video, single live and series courses; student02 subscribed to two, student01 to none', async () => {
    const storage = createFileStore(testConfig().storage);
    await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage });
    const signIn = async (username: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/idp/api/login',
        payload: { username, password: DEMO_PASSWORD },
        remoteAddress: `10.9.2.${username.length}`,
      });
      const token = res.json().data.ticket as string;
      return {
        get: (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-access-token': token } }),
      };
    };
    const list = (await t.app.inject({ method: 'GET', url: `${OC}/open_courses` })).json()
      .data as OpenCourseCardPage;
    expect(list.rows.map((r) => [r.name, r.liveMode]).sort()).toEqual(
      [
        ['求职第一课：简历与面试', 'Video'],
        ['人工智能行业认知公开课', 'SingleLive'],
        ['职业规划系列直播', 'SeriesLive'],
      ].sort(),
    );
    for (const row of list.rows) {
      expect(row.partnerSchools.map((s) => s.name)).toEqual(['优加示范大学']);
      expect(row.enterpriseNames).toEqual(['优加信息技术有限公司']);
      expect(row.posterUrl).toMatch(/signature=/);
    }
    const series = list.rows.find((r) => r.liveMode === 'SeriesLive');
    const detail = (
      await t.app.inject({ method: 'GET', url: `${OC}/open_courses/series_live/${series?.id}` })
    ).json().data as OpenCourseDetail;
    expect(detail.sessions.map((s) => s.roomStatus)).toEqual(['Playback', 'Living', 'LiveNotStart']);
    expect(detail.lecturers.length).toBe(2);

    const student02 = await signIn('student02');
    const subs = (await student02.get(`${OC}/open_courses/subscriptions?sort=recentSubscribe`)).json()
      .data as SubscriptionPage;
    expect(subs.rows.map((r) => r.subscriptContentModel.name)).toEqual([
      '求职第一课：简历与面试',
      '职业规划系列直播',
    ]);
    // the past session's playback is the stored demo video
    const info = (await student02.get(`${OC}/live/info/${detail.sessions[0]?.id}`)).json().data as LiveInfo;
    expect(info).toMatchObject({ roomStatus: 'Playback', canWatch: true, playbackKind: 'file' });
    const video = list.rows.find((r) => r.liveMode === 'Video');
    const videos = (await student02.get(`${OC}/open_courses/video?openCourseId=${video?.id}`)).json()
      .data as CourseVideos;
    expect(videos.videos).toMatchObject([{ kind: 'file', contentType: 'video/mp4', durationSeconds: 30 }]);
    const fileId = Number(/\/api\/files\/(\d+)\//.exec(videos.videos[0]?.url ?? '')?.[1]);
    expect(fileId).toBeGreaterThan(0);
    // its bytes are in the app's store, owned by business01
    const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
    const stored = await storage.get(row?.storageKey ?? '');
    stored?.body.destroy();
    expect(stored?.size).toBe(statSync(new URL('./assets/demo-open-class.mp4', import.meta.url)).size);

    const student01 = await signIn('student01');
    expect((await student01.get(`${OC}/open_courses/subscriptions`)).json().data.total).toBe(0);
  });
});
