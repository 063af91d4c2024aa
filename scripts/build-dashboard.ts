// `npm run dashboard:build`: builds the dashboard now (npm start does it by itself when sources changed).
import { ensureDashboardBuilt } from '../src/dashboard/build.ts';
import { createLogger } from '../src/logger.ts';

await ensureDashboardBuilt(createLogger('info'), { force: process.argv.includes('--force') });
