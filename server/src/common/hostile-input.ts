import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { AppException } from './app-exception';

/**
 * Input no route can use, refused once for the whole API before routing, parsing into DTOs or
 * any handler: a NUL character (PostgreSQL refuses it in text, so it could only end as a 500)
 * and JSON nested deeper than any of our bodies (class-transformer and class-validator recurse,
 * so a 5,000-level body overflows the stack). Both answer 400 in the one error shape.
 */

/** Our deepest body is an object holding an array of objects; 32 leaves ample room. */
export const MAX_JSON_DEPTH = 32;

export const HOSTILE_INPUT_MESSAGES = {
  nul: 'El texto enviado tiene caracteres no permitidos.',
  tooDeep: 'El contenido enviado tiene demasiados niveles anidados.',
} as const;

export type InputProblem = 'nul' | 'too-deep';

/**
 * Walks a parsed value without recursion (so the walk cannot overflow either) and answers the
 * first problem: a NUL in any string or key, or nesting past `maxDepth`.
 */
export function inputProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): InputProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return 'nul';
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return 'too-deep';
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key.includes('\u0000')) return 'nul';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

export function hostileInputException(problem: InputProblem): AppException {
  return problem === 'nul'
    ? new AppException(HttpStatus.BAD_REQUEST, 'INVALID_CHARACTERS', HOSTILE_INPUT_MESSAGES.nul)
    : new AppException(HttpStatus.BAD_REQUEST, 'BODY_TOO_DEEP', HOSTILE_INPUT_MESSAGES.tooDeep);
}

/** A NUL written into the path or the query string, percent-encoded (a raw one never parses). */
const ENCODED_NUL = /%00/i;

/**
 * Registers the checks on the Fastify instance: the URL before routing, every parsed body (JSON,
 * the sandbox checkout's form) in preValidation, after parsing and before Nest's pipes and the
 * handler. JSON.parse itself is iterative in V8, so only what comes after it needs the guard.
 */
export function refuseHostileInput(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    done(ENCODED_NUL.test(request.url) ? hostileInputException('nul') : undefined);
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    const problem = inputProblem(request.body);
    done(problem ? hostileInputException(problem) : undefined);
  });
}
