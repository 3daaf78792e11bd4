import 'reflect-metadata';
import { prepareTemplate } from './template-db';

export default async function globalSetup(): Promise<void> {
  await prepareTemplate();
}
