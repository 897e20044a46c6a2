import { setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';

// The child of childWork.ts: one computation in, progress and one result out, then it ends.
try {
  // Below the server's own processes: requests go first when both want the cores.
  setPriority(10);
} catch {
  // Not permitted here: run at the default priority.
}

type Work = (input: unknown, progress: (done: number, total: number) => void) => unknown;

process.once('message', async (message: { modulePath: string; exportName: string; input: unknown }) => {
  try {
    const module = (await import(pathToFileURL(message.modulePath).href)) as Record<string, Work>;
    const work = module[message.exportName];
    if (typeof work !== 'function') throw new Error(`${message.exportName} is not exported by ${message.modulePath}`);
    const result = await work(message.input, (done, total) => process.send?.({ progress: [done, total] }));
    process.send?.({ result }, () => process.exit(0));
  } catch (error) {
    process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
  }
});
