import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a migration for a schema change into server/drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
});
