import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Secrets generated once and shared by every instance (e.g. the app secret when APP_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
