import request from 'supertest';
import type { TestApp } from './test-app';

export function http(testApp: TestApp) {
  return request(testApp.app.getHttpServer());
}

/** Every error answer has the one shape: a Spanish `error`, a `code`, and `errors` only for fields. */
export function expectErrorShape(body: unknown): void {
  expect(body).toEqual(
    expect.objectContaining({ error: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/) }),
  );
  const keys = Object.keys(body as object).sort();
  expect(['code', 'error', 'errors']).toEqual(expect.arrayContaining(keys));
}
