import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { COMMON_MESSAGES, type ErrorBody } from '@cym/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from './database-errors';
import { RateLimitedException } from './rate-limit/rate-limiter';

const MESSAGES_BY_STATUS: Record<number, ErrorBody> = {
  400: { code: 'BAD_REQUEST', error: COMMON_MESSAGES.invalidBody },
  401: { code: 'UNAUTHORIZED', error: 'Tenés que iniciar sesión para continuar.' },
  403: { code: 'FORBIDDEN', error: 'No tenés permiso para realizar esta acción.' },
  404: { code: 'NOT_FOUND', error: COMMON_MESSAGES.notFound },
  405: { code: 'METHOD_NOT_ALLOWED', error: 'Método no permitido.' },
  413: { code: 'PAYLOAD_TOO_LARGE', error: 'El contenido enviado es demasiado grande.' },
  414: { code: 'URI_TOO_LONG', error: 'La dirección pedida es demasiado larga.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', error: 'El formato del contenido no es compatible.' },
  429: { code: 'RATE_LIMITED', error: COMMON_MESSAGES.rateLimited },
  503: { code: 'SERVICE_UNAVAILABLE', error: COMMON_MESSAGES.unavailable },
};

/** Seconds a client is asked to wait after a 503 (the database or the photo bucket was busy or unreachable). */
const UNAVAILABLE_RETRY_SECONDS = 5;

/** What answers a GET no route matched with a page (the public-pages module's ShellPages), or null. */
export interface FallbackPages {
  fallback(
    request: FastifyRequest,
  ): { status: number; html: string } | Promise<{ status: number; html: string }> | null;
}

/**
 * Turns every failure into the one error shape. Expected failures (AppException) keep their
 * message; framework errors get a Spanish message by status; anything else is a 500 whose
 * details go to the log with the request id, never to the client. A non-API GET no route answered
 * gets the web app's index.html (FallbackPages, ShellPages.fallback): 200 where the app has a page, so client
 * routes work on reload, 404 with the not-found page's head elsewhere.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  constructor(private readonly shell: FallbackPages) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const status = statusOf(exception);

    const page = status === HttpStatus.NOT_FOUND ? this.shell.fallback(request) : null;
    if (page) {
      void Promise.resolve(page).then((answer) =>
        reply
          .status(answer.status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(answer.html),
      );
      return;
    }
    const retry = retryAfterOf(exception, status);
    if (retry !== null) void reply.header('retry-after', String(retry));
    if (status === HttpStatus.SERVICE_UNAVAILABLE) {
      this.logger.warn({ err: exception, reqId: request.id }, 'Service unavailable (database or photo storage)');
    } else if (status >= 500) {
      this.logger.error({ err: exception, reqId: request.id }, 'Unhandled error');
    }
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(bodyOf(exception, status));
  }
}

/** The seconds a failed request's `Retry-After` names (a rate limit's wait, a 503's), or null. */
export function retryAfterOf(exception: unknown, status: number): number | null {
  if (exception instanceof RateLimitedException) return exception.retryAfterSeconds;
  return status === HttpStatus.SERVICE_UNAVAILABLE ? UNAVAILABLE_RETRY_SECONDS : null;
}

export function statusOf(exception: unknown): number {
  if (exception instanceof HttpException) return exception.getStatus();
  if (isDatabaseUnavailable(exception)) return HttpStatus.SERVICE_UNAVAILABLE;
  const code = (exception as { statusCode?: unknown })?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500;
}

export function bodyOf(exception: unknown, status: number): ErrorBody {
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    if (isErrorBody(response)) return response;
  }
  if (status === HttpStatus.SERVICE_UNAVAILABLE) return MESSAGES_BY_STATUS[503]!;
  if (status >= 500) return { error: COMMON_MESSAGES.internal, code: 'INTERNAL_ERROR' };
  return MESSAGES_BY_STATUS[status] ?? { error: COMMON_MESSAGES.invalidBody, code: 'BAD_REQUEST' };
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).error === 'string' &&
    typeof (value as ErrorBody).code === 'string'
  );
}
