import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

/** Server prefixes proxied by the dev server (the production server serves web/dist itself). */
export const API_PREFIXES = [
  '/api',
  '/ms',
  '/anon',
  '/logout',
  '/userManage',
  '/components',
  '/dicts',
  '/dict',
  '/pk',
  '/mobileKb',
  '/base',
  '/file',
  '/xspic',
  '/xsjbxxtab',
];

const target = process.env.CAMPUS_API_URL ?? 'http://localhost:8080';

function proxyFor(): ProxyOptions {
  return {
    target,
    changeOrigin: false,
    // A page navigation (the browser asks for HTML) is a route of the application, not a server call.
    bypass: (req) => (req.headers.accept?.includes('text/html') && req.url !== '/logout' ? '/index.html' : undefined),
  };
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // Match whole path segments only, so a page such as /dictionary is not sent to the server.
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [`^${prefix}(/|\\?|$)`, proxyFor()])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps sources to chunks; `npm run size` follows it (bench/size.ts).
    manifest: true,
    // The Ant Design icon set is one lazily loaded chunk by design.
    chunkSizeWarningLimit: 1600,
  },
});
