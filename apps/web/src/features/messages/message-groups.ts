import { formatDate } from '@uplus/shared';

/** A calendar day of messages, for the list grouped by day (spec 001 section 2.9). */
export type DayGroup<T> = { day: string; label: string; items: T[] };

const dayKey = (time: number) => formatDate(time, '{y}-{m}-{d}');

/**
 * Groups messages by the local calendar day of their timestamp, newest day first and newest message first
 * inside a day, whatever order they came in. Labels: 今天, 昨天, M月D日 this year, else YYYY年M月D日.
 */
export const groupByDay = <T extends { timestamp: number; id: string }>(
  items: readonly T[],
  now: Date | number = Date.now(),
): DayGroup<T>[] => {
  const sorted = [...items].sort((a, b) => b.timestamp - a.timestamp || Number(b.id) - Number(a.id));
  const today = new Date(now);
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const groups: DayGroup<T>[] = [];
  for (const item of sorted) {
    const key = dayKey(item.timestamp);
    let group = groups.at(-1);
    if (!group || group.day !== key) {
      const date = new Date(item.timestamp);
      const label =
        key === dayKey(today.getTime())
          ? '今天'
          : key === dayKey(yesterday.getTime())
            ? '昨天'
            : date.getFullYear() === today.getFullYear()
              ? `${date.getMonth() + 1}月${date.getDate()}日`
              : `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
      group = { day: key, label, items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
};
