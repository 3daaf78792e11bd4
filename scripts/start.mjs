// `npm start`: builds what is missing, runs the demo seed when the configuration asks for it (on
// an empty embedded database by default), then the server, which migrates the database and
// serves the API and the SPA.
import { buildWhatIsMissing, run, seedDemoIfConfigured } from './lib.mjs';

await buildWhatIsMissing();
const seeded = await seedDemoIfConfigured();
if (seeded !== 0) process.exit(seeded);
const code = await run(process.execPath, ['server/dist/server/src/main.js']);
process.exit(code);
