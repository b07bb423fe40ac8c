import { z } from 'zod';
import type { NotificationBus } from '../db/notify';

/** Channel of stop requests between server instances on one database. */
export const AI_STOP_CHANNEL = 'uplus_ai_task_stop';

const stopMessage = z.object({ taskId: z.string(), userId: z.number().int() });

type RunningTask = { userId: number; controller: AbortController };

/**
 * Running AI streams of this instance and the stop signal between instances (the question generator's
 * draft streams, the assistants' answers: each area makes its own registry on the one channel). A stop for a task held here
 * aborts it at once; any other goes out as NOTIFY on `uplus_ai_task_stop`, and the instance holding the
 * task aborts it. Each instance listens once it has streamed, through the app's notification bus (which
 * reconnects by itself after a lost connection). Only the task's owner may stop it: the holder compares
 * the user.
 */
export type AiTasks = {
  /** Starts listening (once; the bus listens again after a lost connection). Call before registering. */
  listen: () => Promise<void>;
  /** Registers a running task; the returned function removes it. */
  register: (taskId: string, userId: number, controller: AbortController) => () => void;
  /** Stops the user's task wherever it runs; someone else's task, or a finished one, is left alone. */
  stop: (taskId: string, userId: number) => Promise<void>;
  close: () => Promise<void>;
};

export const createAiTasks = (deps: { bus: NotificationBus }): AiTasks => {
  const running = new Map<string, RunningTask>();
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const abortLocal = (taskId: string, userId: number) => {
    const task = running.get(taskId);
    if (!task || task.userId !== userId) return false;
    task.controller.abort();
    return true;
  };

  const onNotification = (payload: string) => {
    try {
      const message = stopMessage.parse(JSON.parse(payload));
      abortLocal(message.taskId, message.userId);
    } catch {
      // not a stop message of ours
    }
  };

  return {
    listen: async () => {
      if (closed) return;
      listening ??= deps.bus.subscribe(AI_STOP_CHANNEL, onNotification).catch((error) => {
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
      await deps.bus.publish(AI_STOP_CHANNEL, JSON.stringify({ taskId, userId }));
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
