import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/app-config';
import { closeDatabaseOnShutdown } from '../database/close-on-shutdown';
import { migrate, openDatabase } from '../database/database';
import { ensureAdmin } from '../database/seeds/first-admin';

/**
 * `npm run create-admin -- email@dominio password`: creates an admin in the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR). Without arguments it uses ADMIN_EMAIL and
 * ADMIN_PASSWORD. An e-mail of a worker or employer is refused, never turned into an admin.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const email = process.argv[2] ?? config.admin.email;
  const password = process.argv[3] ?? config.admin.password;
  if (!email || !password) {
    console.error('Uso: npm run create-admin -- email@dominio contraseña (o ADMIN_EMAIL y ADMIN_PASSWORD).');
    return 2;
  }
  // While a server holds the embedded folder this throws, naming its PID, before anything is written.
  const database = await openDatabase(config);
  closeDatabaseOnShutdown(database);
  try {
    await migrate(database.options);
    const done = await ensureAdmin(database.options, { email, password }, config.bcryptCost);
    const messages = {
      created: `Administrador ${email} creado.`,
      exists: `${email} ya es administrador: no se cambió nada.`,
      refused: `${email} pertenece a una cuenta de trabajador o empleador: no se convirtió en administrador.`,
    };
    console.log(messages[done]);
    return done === 'refused' ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  // Exit explicitly: pool and embedded-engine timers must not keep a finished CLI alive.
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
