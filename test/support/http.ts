import request from 'supertest';
import type { TestApp } from './test-app';

export function http(testApp: TestApp) {
  return request(testApp.app.getHttpServer());
}

/** GET `address` with the answer's bytes as a Buffer in `body` (photos and other binaries). */
export function getBytes(testApp: TestApp, address: string) {
  return http(testApp)
    .get(address)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/** Every error answer has the one shape: a Spanish `error`, a `code`, and `errors` only for fields. */
export function expectErrorShape(body: unknown): void {
  expect(body).toEqual(
    expect.objectContaining({ error: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/) }),
  );
  const keys = Object.keys(body as object).sort();
  expect(['code', 'error', 'errors']).toEqual(expect.arrayContaining(keys));
}
