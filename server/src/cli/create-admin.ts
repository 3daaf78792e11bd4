import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/app-config';
import { closeDatabaseOnShutdown } from '../database/close-on-shutdown';
import { migrate, openDatabase } from '../database/database';
import { ensureAdmin } from '../database/first-admin';

/** What the new admin meets at the first login (every admin needs a second factor). */
const SECOND_FACTOR_HELP = [
  'En su primer ingreso, después de la contraseña, el sitio le pide activar la verificación en dos pasos:',
  '  1. Instalar una app de autenticación en el teléfono (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).',
  '  2. Escanear el código QR que muestra el sitio (o escribir la clave que aparece debajo) y confirmar con el código de 6 dígitos de la app.',
  '  3. Guardar los diez códigos de recuperación: cada uno sirve una vez para ingresar sin el teléfono.',
  'Desde entonces, cada ingreso pide la contraseña y el código de la app; la sesión dura como máximo 12 horas.',
  'First login: after the password the admin enrols an authenticator app (QR code, first code, ten recovery codes).',
].join('\n');

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
    if (done === 'created') console.log(SECOND_FACTOR_HELP);
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
