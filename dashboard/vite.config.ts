// The dashboard's build. `npm start` builds it when its sources changed (src/dashboard/build.ts);
// `npm run dashboard:dev` serves it with hot reload, sending /graphql to a Clarion on PORT (3000).
import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export const dashboardViteConfig: UserConfig = {
  root,
  base: '/',
  // React without the plugin: Vite's own transform compiles JSX; hot reload is all the plugin would add.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: { outDir: fileURLToPath(new URL('../dist/dashboard', import.meta.url)), emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: {
    port: Number(process.env.DASHBOARD_PORT ?? 3001),
    proxy: { '/graphql': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
  logLevel: 'warn',
};

export default dashboardViteConfig;
