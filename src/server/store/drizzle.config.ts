import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes the next SQL migration from schema.ts; both stores run the same files. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/store/schema.ts',
  out: './src/server/store/migrations',
});
