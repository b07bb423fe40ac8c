import { describe, expect, it } from 'vitest';
import { isPgBossBookkeepingRejection } from './rejections';

const withStack = (stack: string) => Object.assign(new Error('terminating connection'), { stack });

describe('pg-boss bookkeeping rejections', () => {
  it("recognises a failed complete or fail of pg-boss's worker, as a restart of PostgreSQL leaves them", () => {
    const fail = withStack(
      'error: the database system is shutting down\n' +
        '    at /srv/uplus/node_modules/pg-pool/index.js:45:11\n' +
        '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n' +
        '    at async Manager.fail (/srv/uplus/node_modules/pg-boss/src/manager.js:493:20)',
    );
    const complete = withStack(
      'error: terminating connection due to administrator command\n' +
        '    at async Db.executeSql (C:\\srv\\node_modules\\pg-boss\\src\\db.js:42:14)\n' +
        '    at async Manager.complete (C:\\srv\\node_modules\\pg-boss\\src\\manager.js:485:20)',
    );
    expect(isPgBossBookkeepingRejection(fail)).toBe(true);
    expect(isPgBossBookkeepingRejection(complete)).toBe(true);
  });

  it('leaves every other rejection to end the process', () => {
    expect(isPgBossBookkeepingRejection(new Error('boom'))).toBe(false);
    expect(isPgBossBookkeepingRejection('a string')).toBe(false);
    expect(isPgBossBookkeepingRejection(undefined)).toBe(false);
    // pg-boss's own other calls (a send the caller awaits) reject to their caller, never unhandled here.
    expect(
      isPgBossBookkeepingRejection(
        withStack('error\n    at async Manager.send (/srv/node_modules/pg-boss/src/manager.js:300:5)'),
      ),
    ).toBe(false);
    expect(
      isPgBossBookkeepingRejection(
        withStack('error\n    at async Manager.complete (/srv/app/manager.js:1:1)'),
      ),
    ).toBe(false);
  });
});
