import type { FastifyInstance } from 'fastify';

/** What a server must have done before it takes traffic. */
export type ReadinessCheck = 'database' | 'codeExecution';

/** A check's state: `pending` until done; done as `ok` or with what it found (e.g. why code cannot run). */
export type CheckState = 'pending' | 'ok' | `unavailable: ${string}`;

/** The answer of the readiness endpoint. */
export type ReadinessState = {
  ready: boolean;
  stopping: boolean;
  checks: Partial<Record<ReadinessCheck, CheckState>>;
};

/** Start-up steps a load balancer waits for (GET /readyz), and the stop that ends its traffic. */
export type Readiness = {
  /** Marks a check done; `unavailable` says what it found when the step finished without its feature. */
  done: (check: ReadinessCheck, unavailable?: string) => void;
  /** The server is shutting down: not ready from now on, so a balancer sends its traffic elsewhere. */
  stop: () => void;
  state: () => ReadinessState;
};

/**
 * A readiness with the given checks pending. Ready once every check is done (a host that cannot isolate
 * code is ready: its probe is done and the languages call says why no code runs) and until `stop`.
 */
export const createReadiness = (checks: readonly ReadinessCheck[]): Readiness => {
  const states: Partial<Record<ReadinessCheck, CheckState>> = {};
  for (const check of checks) states[check] = 'pending';
  let stopping = false;
  return {
    done: (check, unavailable) => {
      states[check] = unavailable ? `unavailable: ${unavailable}` : 'ok';
    },
    stop: () => {
      stopping = true;
    },
    state: () => ({
      ready: !stopping && Object.values(states).every((s) => s !== 'pending'),
      stopping,
      checks: { ...states },
    }),
  };
};

/**
 * `GET /livez`: 200 `{"live":true}` whenever the process answers (restart it when it does not).
 * `GET /readyz`: 200 `{"ready":true,...}` once the database is migrated (and seeded), and code execution
 * probed where this process runs code; 503 `{"ready":false,...}` before that and while shutting down.
 * Neither needs a sign-in, reads the database or says more than these states.
 */
export const healthRoutes = (app: FastifyInstance, readiness: Readiness) => {
  app.get('/livez', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { live: true };
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const state = readiness.state();
    reply.header('cache-control', 'no-store');
    return reply.code(state.ready ? 200 : 503).send(state);
  });
};
