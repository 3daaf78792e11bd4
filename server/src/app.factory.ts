import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { AppModule } from './app.module';
import { declareOpenSecurity } from './modules/auth/access/auth.decorators';
import { ChatIoAdapter } from './modules/chat/chat-io.adapter';
import { registerPublicPageRoutes } from './modules/public-pages/public-pages.routes';
import { ServerRenderer } from './modules/public-pages/server-renderer';
import { PublicPagesService } from './modules/public-pages/public-pages.service';
import { bodyOf, HttpExceptionFilter } from './common/http-exception.filter';
import { refuseHostileInput } from './common/hostile-input';
import { Metrics } from './common/metrics/metrics';
import { registerMetricsRoute, timeRequests } from './common/metrics/metrics.routes';
import { withQueryTiming } from './database/query-timing';
import { SpaIndex } from './common/spa-index';
import { createValidationPipe } from './common/validation';
import { Reads } from './database/reads';
import type { AppConfig } from './config/app-config';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Largest JSON body accepted; uploads have their own limits in their module. */
const BODY_LIMIT = 64 * 1024;

/** The service worker's scripts (web/public): never kept by the HTTP cache. */
const SERVICE_WORKER_FILES = ['sw.js', 'sw-rules.js'];

/** The only routes that take a form body (see the content type parser below). */
const FORM_POST_PATHS = ['/api/payments/sandbox/checkout/', '/api/saved-searches/unsubscribe'];

/**
 * Builds the whole application (API, OpenAPI document, SPA) without listening, so the
 * server, the tests and the OpenAPI generator share one set-up.
 */
export async function createApp(
  config: AppConfig,
  dataSource: DataSourceOptions,
  options: { logs?: boolean } = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors Fastify's router answers itself (a malformed URL, an over-long path segment) get
    // the one error shape too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 400;
      void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(bodyOf(error, status));
    },
    // Reuse a well-formed incoming X-Request-Id so a proxy's id follows the request.
    genReqId: (req: IncomingMessage) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    request.raw.headers['x-request-id'] = request.id;
    void reply.header('x-request-id', request.id);
    done();
  });
  // The operators' figures (GET /metrics, docs/OPERATIONS.md): with METRICS_TOKEN every request
  // and every statement is timed; without it nothing is, and the address does not exist.
  const metrics = new Metrics(config.metrics.token !== null);
  if (metrics.enabled) timeRequests(adapter.getInstance(), metrics);
  const database = metrics.enabled
    ? withQueryTiming(dataSource, (seconds) => metrics.queryDuration.observe(seconds))
    : dataSource;
  refuseHostileInput(adapter.getInstance());
  // The API speaks JSON: a text/plain body would reach the DTOs as a bare string. 415 instead.
  adapter.getInstance().removeContentTypeParser('text/plain');
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, database, metrics), adapter, {
    bufferLogs: true,
    // A failed start throws to the caller (main.ts logs it and exits; a test fails) instead of
    // Nest's own process.exit(1), which took a whole Jest worker and its other suites down.
    abortOnError: false,
    // Fastify's own JSON parser reads bodies; Nest's extra parsers (form bodies everywhere) stay off.
    bodyParser: false,
    logger: options.logs === false ? false : undefined,
  });
  if (options.logs !== false) app.useLogger(app.get(Logger));
  app.get(Reads).register(adapter.getInstance());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // The service worker (/sw.js: offline pages and Web Push notifications).
        workerSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Form posts are accepted only by the sandbox checkout page (a plain HTML form) and the saved
  // searches' one-click unsubscribe (mail apps post `List-Unsubscribe=One-Click`, RFC 8058; the
  // route reads its query only); every other route takes JSON, so a cross-site form cannot reach it.
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2048 },
      (request, body, done) => {
        if (!FORM_POST_PATHS.some((path) => request.url.startsWith(path))) {
          done(
            Object.assign(new Error('form bodies only where FORM_POST_PATHS allows'), { statusCode: 415 }),
            undefined,
          );
          return;
        }
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Uploads are read as streams with per-route limits (see the media module).
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 4, parts: 5 } });

  const spa = new SpaIndex(config.webDistDir);
  if (spa.available) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed bundles never change; index.html is served by the SPA fallback with no-cache. The
      // service worker and its rules are checked on every visit (no-cache), so a new version
      // reaches the browser at once instead of an hour later.
      setHeaders: (reply: FastifyReply, path: string) => {
        const immutable = path.startsWith(join(config.webDistDir, 'assets'));
        // (The file sent may be its precompressed .br or .gz.)
        const file = path.replace(/\.(br|gz)$/, '');
        const worker = SERVICE_WORKER_FILES.some((name) => file === join(config.webDistDir, name));
        void reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }

  // The public pages' HTML, the sitemap and robots.txt live at the site's root, beside the files.
  const pages = app.get(PublicPagesService);
  const fastify = app.getHttpAdapter().getInstance();
  registerPublicPageRoutes(fastify, pages);
  if (config.metrics.token !== null) registerMetricsRoute(fastify, metrics, config.metrics.token);
  // Server renders call the API through the app itself.
  app.get(ServerRenderer).attach(fastify);

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter(pages));
  app.enableShutdownHooks();

  // The chat's socket.io server, on the same HTTP server; rooms shared through Redis when set.
  const io = new ChatIoAdapter(app, config.redisUrl, config.redisKeyPrefix);
  await io.connectRedis();
  app.useWebSocketAdapter(io);

  // Built on its first request, not at every start: about 100 ms the server, and each test app,
  // would otherwise spend on a document few of them are asked for.
  SwaggerModule.setup('api/docs', app, () => buildOpenApi(app, config.publicUrl), {
    jsonDocumentUrl: 'api/openapi.json',
    raw: ['json'],
  });

  return app;
}

/** The OpenAPI document of the running app; its server is the site's public address (PUBLIC_URL). */
export function buildOpenApi(app: NestFastifyApplication, publicUrl: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Casa y Manos API')
    .setDescription('API del marketplace de trabajo en casas particulares. Errores: { error, code, errors? }.')
    .setVersion('1')
    .addServer(publicUrl, 'Este sitio')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller: string, method: string) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  declareOpenSecurity(document);
  return document;
}
