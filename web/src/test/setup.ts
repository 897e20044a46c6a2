import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach } from 'vitest';
import { message, Modal, notification } from 'antd';
import { cleanup } from '@testing-library/react';
// Components translate through react-i18next; the app's instance registers itself when imported. The
// app loads an area's texts with its first screen; tests render screens directly, so every area is in.
import '../i18n/index.ts';
import { loadTexts, TEXT_AREAS } from '../i18n/areas.ts';
import { speedUpStyleRules } from './fastStyleRules.ts';

speedUpStyleRules(document);

await loadTexts(TEXT_AREAS);

// Vitest runs without globals, so Testing Library's automatic cleanup is registered here. A call that
// resolves just after a test's last assertion may still schedule a render (a toast has its own root):
// a short pause lets it run while the DOM still exists, instead of after the environment is torn down.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
});

// A toast closes itself 3 s after it opens, on a timer of its own root that cleanup does not know. A file
// that ends sooner would leave that timer to fire after the environment is gone ('window is not
// defined', an unhandled error that fails the run): the static overlays are closed while the DOM exists.
// Only where they were opened: destroying creates the overlay's root first when there is none, and that
// root's first render would be the late work this avoids.
afterAll(async () => {
  const opened = (selector: string) => document.querySelector(selector) !== null;
  if (opened('.ant-message')) message.destroy();
  if (opened('.ant-notification')) notification.destroy();
  Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

// jsdom lacks these browser APIs that Ant Design's overlays use.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
