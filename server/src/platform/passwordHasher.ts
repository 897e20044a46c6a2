import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Argon2Cost } from './passwords.ts';

const WORKER = fileURLToPath(new URL('./passwordHasher.worker.mjs', import.meta.url));

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Reply = { id: number; result?: unknown; error?: string } | { ready: true; priority: number };

/** The hasher process stopped while checks were waiting for it. */
export class PasswordHasherStopped extends Error {}

/**
 * argon2 in a child process of lower priority (passwordHasher.worker.mjs). In the server's own process the
 * hashing threads would compete with the event loop and the database at equal priority, and a burst of
 * logins would slow every other call; a nice child gets the cores only when the rest leaves them idle. The
 * child starts at the first hash, is kept out of the way of the server's exit while idle, and is started
 * again after a crash. It holds no state: every request carries what it needs.
 */
export class PasswordHasher {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  hash(digest: string, cost: Argon2Cost): Promise<string> {
    return this.request({ op: 'hash', digest, cost }) as Promise<string>;
  }

  verify(hash: string, digest: string): Promise<boolean> {
    return this.request({ op: 'verify', hash, digest }) as Promise<boolean>;
  }

  /** Stops the child (tests; the child also ends by itself when this process goes). */
  stop(): void {
    this.child?.kill();
    this.child = undefined;
  }

  private request(message: Record<string, unknown>): Promise<unknown> {
    const child = this.running();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.hold(child, true);
      child.send({ id, ...message }, (error) => {
        if (error) this.settle(child, id, undefined, error.message);
      });
    });
  }

  private running(): ChildProcess {
    if (this.child?.connected) return this.child;
    // execArgv [] : the worker is plain JavaScript and must not inherit a test runner's or tsx's loader flags.
    const child = fork(WORKER, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (reply: Reply) => {
      if ('id' in reply) this.settle(child, reply.id, reply.result, reply.error);
    });
    const fail = () => {
      if (this.child === child) this.child = undefined;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(new PasswordHasherStopped('the password hasher stopped'));
      }
    };
    child.on('exit', fail);
    child.on('error', fail);
    this.child = child;
    this.hold(child, false);
    return child;
  }

  private settle(child: ChildProcess, id: number, result: unknown, error: string | undefined): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.hold(child, false);
    if (error !== undefined) waiting.reject(new Error(error));
    else waiting.resolve(result);
  }

  /** An idle child (and its channel) must not keep this process alive; a busy one must. */
  private hold(child: ChildProcess, busy: boolean): void {
    const channel = child.channel as { ref(): void; unref(): void } | undefined;
    if (busy) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  }
}

export const passwordHasher = new PasswordHasher();
