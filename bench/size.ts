/**
 * `npm run size`: the gzipped JavaScript and CSS the browser loads for /login and for /dashboard, per
 * chunk. Follows the module graph of web/dist/.vite/manifest.json from the entry (index.html) and the
 * lazy chunks those routes import (web/src/app/router.tsx). Builds the web app only when web/dist or
 * its manifest is missing. `--append` also adds the report to bench/RESULTS.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { gitCommit, repoRoot } from './common.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const LOGIN_JS_BUDGET_KB = 300;

/** Which lazy modules each route loads on top of the entry. */
export const ROUTES: Record<string, string[]> = {
  '/login': ['src/pages/login/LoginPage.tsx'],
  '/dashboard': ['src/app/layout/AppLayout.tsx', 'src/pages/dashboard/Dashboard.tsx'],
};

export interface FileSize {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzip: number;
  /** The module that brought this file in (entry, or the lazy module of the route). */
  via: string;
}

export interface RouteSize {
  route: string;
  files: FileSize[];
  js: { bytes: number; gzip: number };
  css: { bytes: number; gzip: number };
  /** Chunks the loaded ones may import later at run time (not counted). */
  lazyLater: string[];
}

const distDir = path.join(repoRoot, 'web', 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');

export function ensureBuilt(): void {
  if (fs.existsSync(path.join(distDir, 'index.html')) && fs.existsSync(manifestPath)) return;
  console.log('web/dist or its manifest is missing: building the web app (npm run build -w web)');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
}

const gzipCache = new Map<string, { bytes: number; gzip: number }>();
function sizeOf(file: string): { bytes: number; gzip: number } {
  let size = gzipCache.get(file);
  if (!size) {
    const content = fs.readFileSync(path.join(distDir, file));
    size = { bytes: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
    gzipCache.set(file, size);
  }
  return size;
}

/** Files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
function collect(manifest: Manifest, key: string, via: string, seen: Set<string>, out: FileSize[], dynamic: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in web/dist/.vite/manifest.json`);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, via, seen, out, dynamic);
  const add = (file: string, kind: 'js' | 'css') => {
    if (out.some((f) => f.file === file)) return;
    out.push({ file, kind, via, ...sizeOf(file) });
  };
  add(chunk.file, 'js');
  for (const css of chunk.css ?? []) add(css, 'css');
  for (const lazy of chunk.dynamicImports ?? []) dynamic.add(lazy);
}

export function measureRoutes(): RouteSize[] {
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  // Files index.html links directly (e.g. a stylesheet vite moved out of the entry chunk).
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);

  return Object.entries(ROUTES).map(([route, lazyModules]) => {
    const seen = new Set<string>();
    const files: FileSize[] = [];
    const dynamic = new Set<string>();
    collect(manifest, entry, 'entry', seen, files, dynamic);
    for (const file of linked) if (!files.some((f) => f.file === file)) files.push({ file, kind: file.endsWith('.css') ? 'css' : 'js', via: 'index.html', ...sizeOf(file) });
    for (const lazy of lazyModules) collect(manifest, lazy, lazy, seen, files, dynamic);
    const total = (kind: 'js' | 'css') => files.filter((f) => f.kind === kind).reduce((sum, f) => ({ bytes: sum.bytes + f.bytes, gzip: sum.gzip + f.gzip }), { bytes: 0, gzip: 0 });
    const lazyLater = [...dynamic].filter((key) => !seen.has(key)).map((key) => manifest[key].file);
    return { route, files, js: total('js'), css: total('css'), lazyLater };
  });
}

/** kB as vite reports them (1,000 bytes). */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function sizeReport(routes: RouteSize[]): string {
  const lines: string[] = [];
  for (const route of routes) {
    lines.push(`#### ${route.route}`, '', '| file | kind | brought in by | raw kB | gzip kB |', '|---|---|---|---:|---:|');
    for (const f of route.files) lines.push(`| ${f.file} | ${f.kind} | ${f.via} | ${kb(f.bytes)} | ${kb(f.gzip)} |`);
    lines.push(`| **total JS** | | | ${kb(route.js.bytes)} | **${kb(route.js.gzip)}** |`, `| **total CSS** | | | ${kb(route.css.bytes)} | **${kb(route.css.gzip)}** |`, '');
    lines.push(`Loaded later, on demand (not counted): ${route.lazyLater.length} chunks${route.lazyLater.length ? ` (${route.lazyLater.map((file) => file.replace(/^assets\//, '')).join(', ')})` : ''}.`, '');
  }
  const login = routes.find((r) => r.route === '/login')!;
  const met = login.js.gzip / 1000 <= LOGIN_JS_BUDGET_KB;
  lines.push(`/login gzipped JS: ${kb(login.js.gzip)} kB, budget ${LOGIN_JS_BUDGET_KB} kB: **${met ? 'met' : 'not met'}** (gzip level 9, kB = 1,000 bytes).`);
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureBuilt();
  const report = sizeReport(measureRoutes());
  console.log(report);
  // --append: also record it in bench/RESULTS.md, next to the load figures.
  if (process.argv.includes('--append')) {
    const heading = `## ${new Date().toISOString().replace('T', ' ').slice(0, 19)} UTC · npm run size\n\n- Commit: ${gitCommit()}\n\n`;
    fs.appendFileSync(path.join(repoRoot, 'bench', 'RESULTS.md'), `${heading}${report.replace(/^#### /gm, '### ')}\n\n`);
  }
}
