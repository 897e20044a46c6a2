// Browser flows of issue 2, driven with playwright-core and Debian's Chromium.
// Starts the server on a free port with a throw-away embedded database serving web/dist (and one more per
// set of environment variables a flow asks for), runs every flow
// in a fresh browser context, saves a screenshot per flow under web/e2e/artifacts/, prints
// "N passed, M failed" and exits non-zero on any failure. The server is always stopped.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { flowLanes } from './flows.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const artifacts = path.join(here, 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI sets none: one retry by default; E2E_RETRIES=0 shows every first failure.
const RETRIES = Number(process.env.E2E_RETRIES ?? 1);
const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY, 'i') : null;
// The lanes of flows.mjs run side by side where there are two cores or more (on 2 cores each flow then takes
// about 1.5 times as long, so the whole run still ends sooner); E2E_LANES=1 runs them one after the other on one server.
const LANES = Number(process.env.E2E_LANES ?? (availableParallelism() >= 2 ? flowLanes.length : 1));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(base, child, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/config/client`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      // The server runs in its own process group (tsx starts a child node process).
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** Runs one flow in a fresh browser context; answers the failure's text, or null when it passed. */
async function runFlow(browser, flow, base, shot, attempt) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await flow.run({ page, context, base, browser, shot: (name) => page.screenshot({ path: shot.replace(/\.png$/, `-${name}.png`) }) });
    if (errors.length) throw new Error(`uncaught page errors: ${errors.join(' | ')}`);
    await page.screenshot({ path: shot });
    return null;
  } catch (error) {
    await page.screenshot({ path: shot.replace(/\.png$/, `-FAILED-${attempt}.png`) }).catch(() => undefined);
    return String(error?.stack ?? error);
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function main() {
  // WEB_DIST (also read by the server) lets a build elsewhere be tested without touching web/dist.
  if (!existsSync(path.join(process.env.WEB_DIST ?? path.join(root, 'web/dist'), 'index.html'))) {
    console.error('web/dist is missing: run `npm run build -w web` first (npm run test:e2e does).');
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}`);
    process.exit(1);
  }
  mkdirSync(artifacts, { recursive: true });
  const servers = new Map();
  const started = [];
  const serverLog = createWriteStream(path.join(artifacts, 'server.log'));
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  /**
   * One server per set of extra environment variables a flow asks for (`flow.env`), started when the first
   * such flow runs. The demo administrator of ~50 flows signs in with a password, so the second factor is
   * not required on the default server (docs/decisions.md "Second factor for administrators"); the flows
   * that need it required (web/e2e/session/mfaFlows.mjs) get a server of their own with MFA_REQUIRED_FOR_ADMINS=1.
   */
  const startServer = async (extraEnv, lane) => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-e2e-'));
    const child = spawn(process.execPath, [tsx, 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', DATABASE_URL: '', MFA_REQUIRED_FOR_ADMINS: '0', ...extraEnv },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push({ child, dataDir });
    child.stdout.pipe(serverLog, { end: false });
    child.stderr.pipe(serverLog, { end: false });
    const extra = Object.keys(extraEnv).length ? `, ${JSON.stringify(extraEnv)}` : '';
    console.log(`starting the server on ${base} (lane ${lane + 1}, database in ${dataDir}${extra})`);
    await waitForServer(base, child);
    return base;
  };
  /** A lane's server for a set of extra environment variables; callers of the same one share its start. */
  const serverFor = (extraEnv = {}, lane = 0) => {
    const key = `${lane}:${JSON.stringify(extraEnv)}`;
    if (!servers.has(key)) servers.set(key, startServer(extraEnv, lane));
    return servers.get(key);
  };

  let browser;
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    for (const { child, dataDir } of started) {
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanup().then(() => process.exit(143)));

  // Each lane's flows, with their numbers in the whole list (the screenshots' names).
  let numbered = 0;
  const lanes = flowLanes.map((lane) => lane.map((flow) => ({ flow, index: (numbered += 1) })));
  const runLanes = LANES > 1 ? lanes : [lanes.flat()];
  const selected = runLanes.map((lane) => lane.filter(({ flow }) => !only || only.test(flow.name)));

  /** Runs a lane's flows one after the other on the lane's servers. */
  const runLane = async (lane, laneIndex) => {
    for (const { flow, index } of lane) {
      const base = await serverFor(flow.env, laneIndex);
      const shot = path.join(artifacts, `${String(index).padStart(2, '0')}-${slug(flow.name)}.png`);
      const flowStarted = Date.now();
      // A flow that fails is run once more in a fresh context; one that then passes is reported FLAKY with
      // its first failure, so a race shows up in the log instead of sinking the whole run unseen.
      let firstFailure = null;
      for (let attempt = 1; attempt <= 1 + RETRIES; attempt += 1) {
        const failure = await runFlow(browser, flow, base, shot, attempt);
        if (!failure) {
          passed += 1;
          if (firstFailure) {
            flaky += 1;
            console.log(`FLAKY ${flow.name} (passed on attempt ${attempt}; first failure: ${firstFailure.split('\n')[0]})`);
          } else console.log(`ok   ${flow.name} (${Date.now() - flowStarted} ms)`);
          break;
        }
        firstFailure ??= failure;
        if (attempt > RETRIES) {
          failed += 1;
          console.log(`FAIL ${flow.name}\n     ${failure.split('\n').slice(0, 6).join('\n     ')}`);
        }
      }
    }
  };

  const runStarted = Date.now();
  try {
    // The lanes' default servers start together (a fresh database is migrated and seeded, about a minute).
    await Promise.all(selected.map((lane, laneIndex) => (lane.length ? serverFor({}, laneIndex) : null)));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // The fake media flags: getUserMedia without a prompt, from a fake microphone playing a tone (the homework recordings).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    });
    // Every context, the runner's and those the flows open (phones, a second user), asks for reduced motion as
    // a user's system setting can: the app then turns Ant Design's animations off (App.tsx), which saves the
    // browser most of its work and leaves no click landing on a menu still sliding in.
    const real = browser;
    browser = new Proxy(real, {
      get(target, property) {
        if (property === 'newContext') return (options = {}) => target.newContext({ reducedMotion: 'reduce', ...options });
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await Promise.all(selected.map((lane, laneIndex) => runLane(lane, laneIndex)));
  } catch (error) {
    failed += 1;
    console.log(`FAIL setup\n     ${error?.stack ?? error}`);
  } finally {
    await cleanup();
  }
  console.log(`${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky` : ''} in ${Math.round((Date.now() - runStarted) / 1000)} s (${runLanes.length} lane${runLanes.length > 1 ? 's' : ''})`);
  // CI collects the counts of every step for its closing line.
  if (process.env.E2E_JSON) writeFileSync(process.env.E2E_JSON, JSON.stringify({ passed, failed, flaky }));
  process.exit(failed > 0 ? 1 : 0);
}

await main();
