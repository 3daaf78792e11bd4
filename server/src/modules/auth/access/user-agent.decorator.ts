import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * The request's User-Agent header (undefined without one), for the labels of a login's browser
 * and system. A parameter decorator of its own rather than `@Headers('user-agent')`, which the
 * OpenAPI document would list as a required header of the route.
 */
export const UserAgent = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const header = context.switchToHttp().getRequest<FastifyRequest>().headers['user-agent'];
  return typeof header === 'string' ? header : undefined;
});
