/**
 * The third step of the app's start (src/main.tsx): common's rules and texts, the phone library
 * and the API client, whose modules' top level runs when this chunk is evaluated. (Kept although
 * nothing reads it: web/package.json lists it among the modules with side effects.)
 */
import { formatPhone, isErrorCode } from '@cym/common';
import createClient from 'openapi-fetch';

if (!isErrorCode('NOT_FOUND') || typeof formatPhone !== 'function' || typeof createClient !== 'function')
  throw new Error('Las reglas de la aplicación no cargaron.');
