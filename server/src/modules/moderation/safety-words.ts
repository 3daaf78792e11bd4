import { Injectable } from '@nestjs/common';
import { mentionsWarningWord } from '@cym/common';
import { Clock } from '../../common/clock/clock';
import { ModerationRepository } from './moderation.repository';

/** How long a process trusts its copy of the words: an edit shows everywhere within this. */
const WORDS_TTL_MS = 60_000;

/** A message as the warning needs it: who sent it and what it says. */
export interface WarnableMessage {
  sender_id: number;
  sender_is_admin?: boolean;
  content: string;
}

/**
 * The money warning: a message from an account whose identity is not verified (no approved DNI)
 * that mentions one of the team's words. The words are read once a minute per process (they
 * change a few times a year; an admin's edit clears this process's copy at once); the senders'
 * verification is one query per batch of messages.
 */
@Injectable()
export class SafetyWords {
  private cached: { words: string[]; until: number } | null = null;

  constructor(
    private readonly repo: ModerationRepository,
    private readonly clock: Clock,
  ) {}

  invalidate(): void {
    this.cached = null;
  }

  /** Per message, in order: whether it carries the money warning. */
  async flags(messages: readonly WarnableMessage[]): Promise<boolean[]> {
    if (messages.length === 0) return [];
    const words = await this.list();
    const suspicious = messages.map((msg) => !msg.sender_is_admin && mentionsWarningWord(msg.content, words));
    if (!suspicious.some(Boolean)) return suspicious;
    const senders = [...new Set(messages.filter((_, i) => suspicious[i]).map((msg) => msg.sender_id))];
    const verified = await this.repo.verifiedAmong(senders);
    return messages.map((msg, i) => suspicious[i] && !verified.has(msg.sender_id));
  }

  private async list(): Promise<string[]> {
    const now = this.clock.now().getTime();
    if (this.cached && this.cached.until > now) return this.cached.words;
    const words = (await this.repo.words()).map((w) => w.word);
    this.cached = { words, until: now + WORDS_TTL_MS };
    return words;
  }
}
