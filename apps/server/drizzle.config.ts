import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the same files run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
