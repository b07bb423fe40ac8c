import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { unique } from '../../test/factories';
import * as site from './site.service';

/*
 * Issue 2: bad input to the public site endpoints answers 400 with a clear Chinese message that names what
 * is wrong (not zod's generic "数值过大：期望 string <=64 字符"), and never a record.
 */
describe.each(testDrivers())('site endpoints: bad input on %s', (driver) => {
  const t = useTestApp(driver);
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  const expect400 = async (url: string, message: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(400);
    expect(res.json(), url).toEqual({ success: false, code: 400, message, data: null });
  };

  it('get_appconfig: a repeated or over-long t', async () => {
    await site.ensureDefaultDeployment({ db: t.db });
    expect((await get('/get_appconfig?t=1700000000000')).statusCode).toBe(200);
    await expect400('/get_appconfig?t=1&t=2', '时间戳格式不正确');
    await expect400(`/get_appconfig?t=${'1'.repeat(33)}`, '时间戳格式不正确');
  });

  it('config/college: an over-long or repeated param', async () => {
    await expect400(`/api/base/config/college?param=${'C'.repeat(65)}`, '机构编码不能超过64个字符');
    await expect400('/api/base/config/college?param=A&param=B', '机构编码格式不正确');
    // 64 characters is still a code (with no pairs)
    expect((await get(`/api/base/config/college?param=${'C'.repeat(64)}`)).json().data).toEqual([]);
  });

  it('schools/{schoolCode}: a blank or over-long code', async () => {
    const code = unique('S');
    await site.createSchool({ db: t.db, code, name: '输入校验大学' });
    expect((await get(`/api/base/schools/${code}`)).statusCode).toBe(200);
    await expect400('/api/base/schools/%20', '请提供学校编码');
    await expect400(`/api/base/schools/${'S'.repeat(65)}`, '学校编码不能超过64个字符');
  });

  it('colleges/{code}: a blank or over-long code', async () => {
    await expect400('/api/base/colleges/%20%20', '请提供学院编码');
    await expect400(`/api/base/colleges/${'C'.repeat(65)}`, '学院编码不能超过64个字符');
  });

  it('website_configs/{code}: a blank or over-long code', async () => {
    await expect400('/api/portal/website_configs/%20', '请提供区域站点编码');
    await expect400(`/api/portal/website_configs/${'A'.repeat(65)}`, '区域站点编码不能超过64个字符');
  });
});
