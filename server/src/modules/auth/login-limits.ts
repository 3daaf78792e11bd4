import { isIPv6 } from 'node:net';
import { RateLimitCounter, RateLimiter } from '../../common/rate-limit/rate-limiter';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Login limits count FAILED attempts only, per 15 minutes:
 * - one e-mail from one address: 10 (the owner's own typos; also caps one attacker's guesses);
 * - one address over every e-mail: 30 (one machine trying many accounts);
 * - one e-mail from addresses that never logged in to it: 30 (a guess spread over many
 *   addresses). An address where that account logged in successfully before skips this one, so
 *   an attack from elsewhere never locks the owner out of their usual place.
 */
export const LOGIN_RULES = {
  accountAddress: { limit: 10, windowMs: 15 * MINUTE },
  address: { limit: 30, windowMs: 15 * MINUTE },
  account: { limit: 30, windowMs: 15 * MINUTE },
};

/** How long an address stays known after a successful login, and how many are kept. */
export const KNOWN_ADDRESSES = { ttlMs: 30 * DAY, perAccount: 10, accounts: 100_000 };

/** What a login does once the password has been checked. */
export interface LoginAttempt {
  /** Right password: the attempt is given back, the owner's typos forgotten, the address remembered. */
  succeeded(): Promise<void>;
  /** Neither right nor wrong (an error, a busy server): the attempt is given back. */
  cancelled(): Promise<void>;
}

/**
 * An address as counted: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, since one
 * customer usually holds a whole /64 and could otherwise pick a new address per guess.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The login limits above over the process's RateLimiter (shared by every process with Redis),
 * and the addresses each account logged in from (in this process's memory: a restart, or another
 * process, does not know them, so the owner's first login there is counted like anyone's until
 * it succeeds).
 */
export class LoginLimits {
  /** E-mail → address → when it stops being known; Map order is least recently used first. */
  private readonly known = new Map<string, Map<string, number>>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts the attempt as a failure up front, so parallel guesses cannot all pass before the
   * first one fails; throws the 429 when a counter is full. The caller then reports the outcome.
   */
  async begin(email: string, ip: string): Promise<LoginAttempt> {
    const address = addressKey(ip);
    const counters: RateLimitCounter[] = [
      { name: 'login-failed-account-address', subject: `${email} ${address}`, rule: LOGIN_RULES.accountAddress },
      { name: 'login-failed-address', subject: address, rule: LOGIN_RULES.address },
    ];
    if (!this.isKnown(email, address))
      counters.push({ name: 'login-failed-account', subject: email, rule: LOGIN_RULES.account });
    await this.limiter.take(counters);
    let settled = false;
    const giveBack = async () => {
      if (settled) return;
      settled = true;
      await Promise.all(counters.map(({ name, subject }) => this.limiter.release(name, subject)));
    };
    return {
      succeeded: async () => {
        await giveBack();
        await this.limiter.clear(counters[0].name, counters[0].subject);
        this.remember(email, address);
      },
      cancelled: giveBack,
    };
  }

  private isKnown(email: string, address: string): boolean {
    const until = this.known.get(email)?.get(address);
    return until !== undefined && until > this.now();
  }

  private remember(email: string, address: string): void {
    const addresses = this.known.get(email) ?? new Map<string, number>();
    this.known.delete(email);
    addresses.delete(address);
    addresses.set(address, this.now() + KNOWN_ADDRESSES.ttlMs);
    for (const [old, until] of addresses)
      if (addresses.size > KNOWN_ADDRESSES.perAccount || until <= this.now()) addresses.delete(old);
    this.known.set(email, addresses);
    for (const oldest of this.known.keys()) {
      if (this.known.size <= KNOWN_ADDRESSES.accounts) break;
      this.known.delete(oldest);
    }
  }
}
