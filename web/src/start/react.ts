/**
 * The first step of the app's start (src/main.tsx): React and react-dom's client, evaluated here
 * in a task of their own. CommonJS inside the bundle, they run when first used, so using them
 * here is the work. (This module's effect is the evaluation: web/package.json lists it among the
 * modules with side effects, so the bundler keeps it although nothing reads it.)
 */
import { jsx } from 'react/jsx-runtime';
import { hydrateRoot } from 'react-dom/client';

if (typeof jsx !== 'function' || typeof hydrateRoot !== 'function') throw new Error('React no cargó.');
