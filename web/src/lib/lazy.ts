import { lazy, type ComponentType } from 'react';

/** Script chunks that have not arrived after 120 s count as failed (spec 01 §9). */
const CHUNK_TIMEOUT_MS = 120_000;

/** React.lazy with a time limit, so a stalled download on a slow network ends in the retry screen. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy<ComponentType<P>>(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('La página tardó demasiado en cargar.')), CHUNK_TIMEOUT_MS),
      ),
    ]),
  );
}
