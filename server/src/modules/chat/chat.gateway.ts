import { BeforeApplicationShutdown, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  CHAT_CLIENT_EVENTS,
  CHAT_NAMESPACE,
  CHAT_SERVER_EVENTS,
  PUSH_MESSAGES,
  chatClientId,
  chatHeartbeatAck,
  chatJoinConversation,
  chatRequestConversation,
  type ChatClientEvents,
  type ChatHeartbeatAck,
  type ChatReadReceipt,
  type ChatRefusal,
  type ChatServerEvents,
} from '@cym/common';
import type { DefaultEventsMap, Namespace, Socket } from 'socket.io';
import { AppException } from '../../common/app-exception';
import { Metrics } from '../../common/metrics/metrics';
import type { AuthUser } from '../auth/access/auth-user';
import { AUTH_ERRORS } from '../auth/auth.errors';
import { SessionTokensService } from '../auth/session-tokens.service';
import { PushService } from '../push/push.service';
import { UsersService } from '../users/users.service';
import { type DomainEventMap, OnDomainEvent } from '../../common/events/domain-events';
import { CHAT_ERRORS } from './chat.errors';
import { ChatService } from './chat.service';

/** Sockets and the namespace are typed by common's event maps (the web's socket reads the same). */
type ChatSocket = Socket<
  ChatClientEvents,
  ChatServerEvents,
  DefaultEventsMap,
  { user?: AuthUser; conversationId?: number; familyId?: string; expiresAt?: number }
>;
type ChatNamespace = Namespace<ChatClientEvents, ChatServerEvents>;

const userRoom = (id: number) => `user:${id}`;
const conversationRoom = (id: number) => `conversation:${id}`;
/** Every socket of one login (refresh family), to close them when that login ends. */
const sessionRoom = (familyId: string) => `session:${familyId}`;

/**
 * The live channel: socket.io namespace /chat, the access token in the
 * handshake's `auth`, one conversation room at a time, `send_message` saved before it is
 * acknowledged and broadcast, heartbeats, read receipts, and `conversation_updated` to each
 * participant's personal room. With REDIS_URL the adapter carries rooms across processes.
 */
@WebSocketGateway({ namespace: CHAT_NAMESPACE, serveClient: false })
export class ChatGateway implements OnGatewayInit, OnGatewayConnection, BeforeApplicationShutdown {
  private readonly logger = new Logger('Chat');
  private server!: ChatNamespace;

  constructor(
    private readonly chat: ChatService,
    private readonly tokens: SessionTokensService,
    private readonly users: UsersService,
    private readonly push: PushService,
    private readonly metrics: Metrics,
  ) {}

  afterInit(server: ChatNamespace): void {
    this.server = server;
    this.metrics.chatSockets.from(() => [{ value: server.sockets.size }]);
    server.use((socket, next) => {
      void this.authenticate(socket as ChatSocket).then(
        () => next(),
        () => next(new Error(AUTH_ERRORS.sessionExpired.message)),
      );
    });
  }

  /**
   * At shutdown the sockets' connections are closed without a goodbye: their clients see a lost
   * transport and reconnect by themselves, through the load balancer, to another process (a
   * goodbye, 'io server disconnect', would keep them away).
   */
  beforeApplicationShutdown(): void {
    this.server?.server.engine.close();
  }

  /**
   * A valid access token of an active user, checked by the service the HTTP guards' strategy
   * uses (same JwtModule options, same user lookup); anything else refuses the connection.
   */
  private async authenticate(socket: ChatSocket): Promise<void> {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const session = typeof token === 'string' ? await this.tokens.userFor(token) : null;
    if (!session) throw new Error('invalid token');
    const { expiresAt, familyId, ...user } = session;
    socket.data.user = user;
    socket.data.familyId = familyId;
    socket.data.expiresAt = expiresAt;
  }

  async handleConnection(socket: ChatSocket): Promise<void> {
    const user = socket.data.user;
    if (!user || !this.alive(socket)) return void socket.disconnect(true);
    // Closed when the access token expires; the client reconnects with its fresh token.
    const expiry = setTimeout(() => socket.disconnect(true), socket.data.expiresAt! - Date.now());
    socket.once('disconnect', () => clearTimeout(expiry));
    await socket.join([userRoom(user.id), sessionRoom(socket.data.familyId!)]);
    // Being connected counts as being seen (the user's last seen).
    await this.users.touch(user.id).catch(() => undefined);
  }

  /** Joins one conversation (leaving the previous one); participants only. */
  @SubscribeMessage(CHAT_CLIENT_EVENTS.join)
  async join(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown): Promise<{ ok: true } | ChatRefusal> {
    return this.guarded(async () => {
      const id = chatJoinConversation(body);
      if (!id) throw CHAT_ERRORS.conversationNotFound.exception();
      await this.chat.conversationFor(id, socket.data.user!);
      if (socket.data.conversationId && socket.data.conversationId !== id)
        await socket.leave(conversationRoom(socket.data.conversationId));
      socket.data.conversationId = id;
      await socket.join(conversationRoom(id));
      return { ok: true as const };
    }, socket);
  }

  @SubscribeMessage(CHAT_CLIENT_EVENTS.sendMessage)
  async sendMessage(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown) {
    return this.guarded(async () => {
      const id = chatRequestConversation(body, socket.data.conversationId);
      if (!id) throw CHAT_ERRORS.conversationNotFound.exception();
      // The content is checked by the service (the same check as the HTTP route's).
      const content = (body as { content?: unknown } | null | undefined)?.content;
      const { message, duplicate } = await this.chat.send(
        id,
        socket.data.user!,
        content,
        chatClientId(body),
        socket.id,
      );
      return { message, duplicate };
    }, socket);
  }

  @SubscribeMessage(CHAT_CLIENT_EVENTS.read)
  async read(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown) {
    return this.guarded(async () => {
      const id = chatRequestConversation(body, socket.data.conversationId);
      if (!id) throw CHAT_ERRORS.conversationNotFound.exception();
      return { message_ids: await this.chat.markRead(id, socket.data.user!) };
    }, socket);
  }

  /**
   * Heartbeats: the client sends `{type: 'heartbeat', timestamp}` and gets a `heartbeat_ack`
   * event with the same timestamp (also the acknowledgement when one is asked for); a client
   * that hears no ack knows its link is dead. A missing or odd timestamp is answered with ours.
   */
  @SubscribeMessage(CHAT_CLIENT_EVENTS.heartbeat)
  heartbeat(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown): ChatHeartbeatAck {
    const ack = chatHeartbeatAck(body, new Date());
    socket.emit(CHAT_SERVER_EVENTS.heartbeatAck, ack);
    return ack;
  }

  /**
   * Runs a request; a refusal (not a participant, no membership, too fast, bad content) is
   * acknowledged in the API's error shape and also sent as a `chat_error` event. Never throws.
   */
  private async guarded<T>(work: () => Promise<T>, socket: ChatSocket): Promise<T | ChatRefusal> {
    try {
      if (!this.alive(socket)) {
        socket.disconnect(true);
        throw AUTH_ERRORS.sessionExpired.exception();
      }
      return await work();
    } catch (error) {
      const body: ChatRefusal =
        error instanceof AppException
          ? (error.getResponse() as ChatRefusal)
          : { error: CHAT_ERRORS.sendFailed.message, code: CHAT_ERRORS.sendFailed.code };
      if (!(error instanceof AppException)) this.logger.warn(`chat request failed: ${String(error)}`);
      socket.emit(CHAT_SERVER_EVENTS.chatError, { error: body.error, code: body.code });
      return { error: body.error, code: body.code };
    }
  }

  /** The socket's access token has not expired (checked again on every request, besides the timer). */
  private alive(socket: ChatSocket): boolean {
    return socket.data.expiresAt !== undefined && socket.data.expiresAt > Date.now();
  }

  /**
   * A saved message reaches the open conversation (but the socket that sent it, whose
   * acknowledgement carries it) and, in one broadcast (one Redis publish), each participant's
   * personal room.
   */
  @OnDomainEvent('chat.message-saved')
  messageSaved(event: DomainEventMap['chat.message-saved']): void {
    if (!this.server) return;
    const room = this.server.to(conversationRoom(event.conversationId));
    (event.origin ? room.except(event.origin) : room).emit(CHAT_SERVER_EVENTS.message, event.message);
    this.server.to(event.participants.map(userRoom)).emit(CHAT_SERVER_EVENTS.conversationUpdated, {
      conversation_id: event.conversationId,
      last_message: event.message,
    });
    void this.pushToAway(event).catch((error) => this.logger.warn(`chat push failed: ${String(error)}`));
  }

  /**
   * The receiver with no socket open anywhere (every process, through the adapter) hears of the
   * message by Web Push; one who has the site open sees it there. The tag keeps one notification
   * per conversation on the device, the newest.
   */
  private async pushToAway(event: DomainEventMap['chat.message-saved']): Promise<void> {
    const sender = event.message.sender;
    for (const receiver of event.participants) {
      if (receiver === sender.id) continue;
      await this.push.notify(
        receiver,
        'message',
        {
          title: PUSH_MESSAGES.newMessageTitle(sender.first_name),
          body: event.message.content,
          url: `/conversations/chat/${event.conversationId}`,
          tag: `conv-${event.conversationId}`,
        },
        async () => (await this.server.in(userRoom(receiver)).fetchSockets()).length > 0,
      );
    }
  }

  /** Read receipts: to the open conversation and each participant's personal room. */
  @OnDomainEvent('chat.messages-read')
  messagesRead(event: DomainEventMap['chat.messages-read']): void {
    if (!this.server) return;
    const receipt: ChatReadReceipt = {
      conversation_id: event.conversationId,
      reader_id: event.readerId,
      message_ids: event.messageIds,
    };
    this.server.to(conversationRoom(event.conversationId)).emit(CHAT_SERVER_EVENTS.read, receipt);
    for (const id of event.participants)
      this.server
        .to(userRoom(id))
        .emit(CHAT_SERVER_EVENTS.conversationUpdated, { conversation_id: event.conversationId, read: receipt });
  }

  /**
   * A socket lives no longer than its session: logout, password reset, a reused refresh token or
   * an account deletion close it at once, on every process (the Redis adapter carries
   * disconnectSockets to the others).
   */
  @OnDomainEvent('auth.sessions-ended')
  sessionsEnded({ userId, familyId }: DomainEventMap['auth.sessions-ended']): void {
    if (!this.server) return;
    this.server.in(familyId ? sessionRoom(familyId) : userRoom(userId)).disconnectSockets(true);
  }
}
