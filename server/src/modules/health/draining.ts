import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';

/**
 * The first step of a shutdown (SIGTERM, or the app closing): /api/ready starts answering 503 so
 * the load balancer sends no more requests, the listener stops accepting connections and idle
 * keep-alive ones are closed (their clients open new ones elsewhere). Requests in flight finish;
 * the chat's sockets and the jobs stop in their own shutdown hooks.
 */
@Injectable()
export class Draining implements BeforeApplicationShutdown {
  private draining = false;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  get active(): boolean {
    return this.draining;
  }

  beforeApplicationShutdown(): void {
    if (this.draining) return;
    this.draining = true;
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    // Fastify closes it again when the app is disposed (a server already closed is fine there).
    server.close();
    server.closeIdleConnections();
  }
}
