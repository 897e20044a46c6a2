/** The jsdom's own matchMedia (the setup's stand-in), to put back after a test that set a width. */
const original = typeof window === 'undefined' ? undefined : window.matchMedia;

/** Ant Design and usePhone read the breakpoints through matchMedia: answer them as a window `width` px wide would. */
export function viewport(width: number): void {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
  }) as typeof window.matchMedia;
}

export function restoreViewport(): void {
  if (original) window.matchMedia = original;
}
