import { Global, Injectable, Module } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import type { MessageDto } from '../../modules/chat/dto/chat.dto';

/**
 * The domain events: what a module tells the others after its write is committed, so a listener
 * that reads sees the change. Each is named for what happened and emitted by one module, the
 * one `DOMAIN_EVENTS` names (domain-events.spec.ts checks the code against it, and the table in
 * docs/ARCHITECTURE.md against both). Listeners run synchronously inside the emit.
 */
export interface DomainEventMap {
  /** Sessions ended: all of a user's (logout, reset, deletion) or one login's refresh family. */
  'auth.sessions-ended': { userId: number; familyId?: string };
  /** A person changed their names (cards show the first one). */
  'user.renamed': { userId: number };
  /** An admin deleted an account: its name, photo, profile and offers leave every list. */
  'user.deleted': { userId: number };
  /** The team suspended an account or lifted it, or hid or showed a worker's profile after a report. */
  'user.moderated': { userId: number };
  /** A profile photo was uploaded or removed. */
  'profile-image.changed': { userId: number };
  /** A worker changed her profile, or its visibility changed by the rules. */
  'worker-profile.updated': { workerProfileId: number };
  /** An admin hid or showed a worker profile. */
  'worker-profile.moderated': { workerProfileId: number };
  /** An employer changed his or her personal info (the public offer page shows it). */
  'parent-profile.updated': { parentProfileId: number };
  /** An offer was created, edited, switched on or off, or deleted (by its employer or the team). */
  'job-offer.changed': { offerId: number };
  /** A membership was granted, switched on or off, or revoked: an employer's offers appear or go. */
  'membership.changed': Record<string, never>;
  /** A reference was written, edited, answered, hidden or restored: ratings and lists changed. */
  'reference.changed': { referenceId: number };
  /** An admin approved a document: a badge appears. */
  'document.approved': { userId: number; workerProfileId: number | null };
  /** An approved document was replaced or deleted by its owner: its badge is gone until approved again. */
  'document.withdrawn': { userId: number };
  /** A new message was saved (a repeated client id is not a new message and is not announced). */
  'chat.message-saved': {
    conversationId: number;
    /** User ids of everyone in the conversation. */
    participants: number[];
    message: MessageDto;
    /** The socket that sent it, when one did: it has the message already (its acknowledgement). */
    origin?: string;
  };
  /** A participant read the conversation: these messages of the other side turned read. */
  'chat.messages-read': { conversationId: number; participants: number[]; readerId: number; messageIds: number[] };
  /** A transaction that wrote e-mails to the outbox committed: the sender starts a pass at once. */
  'mail.queued': Record<string, never>;
}

export type DomainEventName = keyof DomainEventMap;

/** Which module emits each event (the only one that may). */
export const DOMAIN_EVENTS: { [K in DomainEventName]: { module: string } } = {
  'auth.sessions-ended': { module: 'auth' },
  'user.renamed': { module: 'users' },
  'user.moderated': { module: 'moderation' },
  'user.deleted': { module: 'account-deletion' },
  'profile-image.changed': { module: 'media' },
  'worker-profile.updated': { module: 'worker-profile' },
  'worker-profile.moderated': { module: 'admin' },
  'parent-profile.updated': { module: 'parent-profile' },
  'job-offer.changed': { module: 'job-offers' },
  'membership.changed': { module: 'memberships' },
  'reference.changed': { module: 'references' },
  'document.approved': { module: 'verifications' },
  'document.withdrawn': { module: 'verifications' },
  'chat.message-saved': { module: 'chat' },
  'chat.messages-read': { module: 'chat' },
  'mail.queued': { module: 'mail' },
};

/** What cards and public pages show of a worker or an employer changed (the caches' and read models' cue). */
export const PUBLIC_CARD_EVENTS = [
  'user.renamed',
  'user.deleted',
  'user.moderated',
  'profile-image.changed',
  'worker-profile.updated',
  'worker-profile.moderated',
  'document.approved',
  'document.withdrawn',
] as const satisfies readonly DomainEventName[];

/** Emits domain events, typed: the name must be in the map and the payload of its type. */
@Injectable()
export class DomainEvents {
  constructor(private readonly emitter: EventEmitter2) {}

  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }
}

/**
 * Listens to one or more domain events; the handler's parameter must accept each one's payload.
 * Several names on one handler: it runs once for each emitted event, with that event's payload.
 */
export function OnDomainEvent<K extends DomainEventName>(...names: K[]) {
  return (
    target: object,
    key: string | symbol,
    descriptor: { value?: (event: DomainEventMap[K]) => unknown },
  ): void => {
    for (const name of names) OnEvent(name)(target, key, descriptor as PropertyDescriptor);
  };
}

/** Makes DomainEvents available to every module. */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class DomainEventsModule {}
