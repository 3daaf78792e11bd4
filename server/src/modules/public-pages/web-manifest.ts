import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A chunk of Vite's build manifest (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const manifests = new Map<string, Record<string, ManifestChunk>>();

/** The web build's manifest: which chunk and CSS each source module became (empty without one). */
export function webManifest(distDir: string): Record<string, ManifestChunk> {
  let manifest = manifests.get(distDir);
  if (!manifest) {
    const path = join(distDir, '.vite', 'manifest.json');
    manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>) : {};
    manifests.set(distDir, manifest);
  }
  return manifest;
}
