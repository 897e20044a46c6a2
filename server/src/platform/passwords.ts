import { PASSWORD_DIGEST_PREFIX, ResultCode } from '@campus/contract';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { AppError } from './errors.ts';
import { passwordHasher, PasswordHasherStopped } from './passwordHasher.ts';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * The digest the client sends in updatePwd: sha256 hex of prefix + account + password. Storing
 * argon2id over this digest (rather than over the raw password) lets the server check updatePwd's
 * hashed old password as well as a plain login password.
 */
export function passwordDigest(account: string, password: string): string {
  return createHash('sha256').update(PASSWORD_DIGEST_PREFIX + account + password, 'utf8').digest('hex');
}

/**
 * argon2 is slow by design. It runs in a child process of lower priority (passwordHasher.ts), at most this
 * many hashes at once per server process (default: one per core, ARGON2_CONCURRENCY overrides); the rest
 * wait their turn, and a login that waited longer than a client would is refused instead of being hashed
 * for nobody.
 */
export class Argon2Slots {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  constructor(
    readonly size: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      await new Promise<void>((resolve, reject) => {
        const entry = {
          start: () => {
            clearTimeout(entry.timer);
            resolve();
          },
          timer: setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(entry), 1);
            reject(new PasswordCheckBusy());
          }, this.maxWaitMs),
        };
        this.waiting.push(entry);
      });
    } else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      if (next) next.start();
      else this.running -= 1;
    }
  }
}

/** A password check waited too long for a free argon2 slot (answered as 'too many requests'). */
export class PasswordCheckBusy extends AppError {
  constructor() {
    super('errors.tooManyRequests', 429, ResultCode.tooManyRequests);
    this.name = 'PasswordCheckBusy';
  }
}

const configuredSlots = Number(process.env.ARGON2_CONCURRENCY);
export const argon2Slots = new Argon2Slots(
  Number.isInteger(configuredSlots) && configuredSlots > 0 ? configuredSlots : availableParallelism(),
  8_000,
);

export function hashPasswordDigest(digest: string, cost: Argon2Cost): Promise<string> {
  return argon2Slots.run(() => passwordHasher.hash(digest, cost));
}

export function hashPassword(account: string, password: string, cost: Argon2Cost): Promise<string> {
  return hashPasswordDigest(passwordDigest(account, password), cost);
}

export async function verifyPasswordDigest(hash: string | null, digest: string): Promise<boolean> {
  // An account without a password cannot log in with one; it still costs the usual time.
  if (hash === null) {
    await burnPasswordCheck({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    return false;
  }
  try {
    return await argon2Slots.run(() => passwordHasher.verify(hash, digest));
  } catch (error) {
    // A malformed stored hash is a failed check; a busy or stopped hasher is the server's problem, not a wrong password.
    if (error instanceof PasswordCheckBusy || error instanceof PasswordHasherStopped) throw error;
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown accounts cannot be told apart by timing. */
export async function burnPasswordCheck(cost: Argon2Cost): Promise<void> {
  dummyHash ??= hashPasswordDigest('not-a-real-password', cost);
  await verifyPasswordDigest(await dummyHash, 'still-not-it');
}
