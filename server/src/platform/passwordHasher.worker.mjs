// The password hasher process (started by passwordHasher.ts). Plain JavaScript so that it starts the same
// under tsx, Vitest or plain node. It lowers its own priority first: the threads that libuv creates later
// for argon2 inherit it, so a burst of logins takes only the CPU time that the server and the database
// leave over (docs/decisions.md "Password hashing").
import argon2 from 'argon2';
import os from 'node:os';

const niceness = Number(process.env.CAMPUS_HASHER_NICENESS ?? 10);
try {
  os.setPriority(niceness);
} catch {
  // Not allowed here: hashing still works, at normal priority.
}

process.on('message', async (request) => {
  const { id, op } = request;
  try {
    const result =
      op === 'hash'
        ? await argon2.hash(request.digest, { type: argon2.argon2id, ...request.cost })
        : await argon2.verify(request.hash, request.digest);
    process.send?.({ id, result });
  } catch (error) {
    process.send?.({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

// The server is gone (or closed the channel): nothing is left to hash for.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true, priority: os.getPriority() });
