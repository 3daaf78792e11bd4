// `npm start`: builds what is missing, then runs the server, which migrates the database,
// seeds the demo data on an empty embedded database, and serves the API and the SPA.
import { buildWhatIsMissing, run } from './lib.mjs';

await buildWhatIsMissing();
const code = await run(process.execPath, ['server/dist/server/src/main.js']);
process.exit(code);
