import 'reflect-metadata';
import { prepareTemplate } from './template-db';
import { startOnce } from './test-app';

/** The template database, once per run (the api and browser projects both ask for it). */
export default async function globalSetup(): Promise<void> {
  if (process.env.CYM_TEMPLATE_READY === '1') return;
  await prepareTemplate(startOnce);
  process.env.CYM_TEMPLATE_READY = '1';
}
