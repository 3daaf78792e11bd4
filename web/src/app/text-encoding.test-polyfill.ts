import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder, which react-router's module reads when it loads: tests importing the
// router import this first.
Object.assign(globalThis, { TextEncoder, TextDecoder });
