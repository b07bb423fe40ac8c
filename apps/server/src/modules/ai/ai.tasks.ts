import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../../db/client';

/** Channel of stop requests between server instances on one database. */
export const AI_STOP_CHANNEL = 'uplus_ai_task_stop';

const stopMessage = z.object({ taskId: z.string(), userId: z.number().int() });

type RunningTask = { userId: number; controller: AbortController };

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Running AI streams of this instance and the stop signal between instances. A stop for a task held here
 * aborts it at once; any other goes out as NOTIFY on `uplus_ai_task_stop`, and the instance holding the
 * task aborts it. Each instance LISTENs once it has streamed: on PostgreSQL on a dedicated connection
 * outside the pool, on PGlite through its in-process listen (the same NOTIFY statement on both).
 * Only the task's owner may stop it: the holder compares the user.
 */
export type AiTasks = {
  /** Starts listening (once; again after a lost connection). Call before a task is registered. */
  listen: () => Promise<void>;
  /** Registers a running task; the returned function removes it. */
  register: (taskId: string, userId: number, controller: AbortController) => () => void;
  /** Stops the user's task wherever it runs; someone else's task, or a finished one, is left alone. */
  stop: (taskId: string, userId: number) => Promise<void>;
  close: () => Promise<void>;
};

export const createAiTasks = (deps: { db: Db; log: Log }): AiTasks => {
  const running = new Map<string, RunningTask>();
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const abortLocal = (taskId: string, userId: number) => {
    const task = running.get(taskId);
    if (!task || task.userId !== userId) return false;
    task.controller.abort();
    return true;
  };

  const onNotification = (payload: string | undefined) => {
    try {
      const message = stopMessage.parse(JSON.parse(payload ?? ''));
      abortLocal(message.taskId, message.userId);
    } catch {
      // not a stop message of ours
    }
  };

  const startListening = async (): Promise<() => Promise<void>> => {
    const client = (deps.db as unknown as { $client: unknown }).$client;
    if (client instanceof PGlite) {
      return client.listen(AI_STOP_CHANNEL, onNotification);
    }
    const pool = client as pg.Pool;
    const listener = new pg.Client(pool.options);
    listener.on('notification', (n) => {
      if (n.channel === AI_STOP_CHANNEL) onNotification(n.payload);
    });
    listener.on('error', (error) => {
      // Listen again with the next stream; stops sent meanwhile reach tasks held here only directly.
      deps.log.warn({ err: { message: error.message } }, 'AI stop listener lost its connection');
      listening = null;
      listener.end().catch(() => undefined);
    });
    await listener.connect();
    await listener.query(`listen ${AI_STOP_CHANNEL}`);
    return async () => {
      await listener.end().catch(() => undefined);
    };
  };

  return {
    listen: async () => {
      if (closed) return;
      listening ??= startListening().catch((error) => {
        listening = null;
        throw error;
      });
      await listening;
    },
    register: (taskId, userId, controller) => {
      running.set(taskId, { userId, controller });
      return () => {
        running.delete(taskId);
      };
    },
    stop: async (taskId, userId) => {
      if (running.has(taskId)) {
        abortLocal(taskId, userId);
        return;
      }
      const payload = JSON.stringify({ taskId, userId });
      await deps.db.execute(sql`select pg_notify(${AI_STOP_CHANNEL}, ${payload})`);
    },
    close: async () => {
      closed = true;
      for (const task of running.values()) task.controller.abort();
      const unlisten = await listening?.catch(() => null);
      listening = null;
      await unlisten?.();
    },
  };
};
