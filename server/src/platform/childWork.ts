import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./childWork.worker.ts', import.meta.url));

type Reply = { progress: [number, number] } | { result: unknown } | { error: string };

/**
 * Runs a long computation (a timetable search, a class formation) in a child process: seconds of work
 * would otherwise hold the event loop of the process serving requests. `moduleUrl` names a module without
 * side effects whose export `exportName` is `(input, progress) => result` (sync or async); the child loads
 * it through tsx, as the server itself runs, at a lower priority, and is killed when it overruns `timeoutMs`.
 */
export function runInChild<Input, Output>(
  moduleUrl: URL,
  exportName: string,
  input: Input,
  options: { timeoutMs: number; onProgress?: (done: number, total: number) => void },
): Promise<Output> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    const finish = (error: Error | null, result?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      child.kill();
      if (error) reject(error);
      else resolve(result as Output);
    };
    const guard = setTimeout(() => finish(new Error('the computation did not answer in time')), options.timeoutMs);
    child.on('message', (reply: Reply) => {
      if ('progress' in reply) options.onProgress?.(reply.progress[0], reply.progress[1]);
      else if ('result' in reply) finish(null, reply.result);
      else finish(new Error(reply.error));
    });
    child.on('error', (error) => finish(error));
    // 'close' comes after the channel's last message, where 'exit' may come before it.
    child.on('close', (code) => finish(new Error(`the computation stopped (exit code ${code})`)));
    child.send({ modulePath: fileURLToPath(moduleUrl), exportName, input });
  });
}
