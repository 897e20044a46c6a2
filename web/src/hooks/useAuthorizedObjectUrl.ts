import { useEffect, useState } from 'react';
import { download } from '../api/client.ts';

export interface AuthorizedObjectUrl {
  /** An object URL of the downloaded file; null while loading, without a path, or after a failure. */
  url: string | null;
  loading: boolean;
  /** The download was refused or did not arrive. */
  failed: boolean;
}

interface Loaded {
  path: string;
  url: string | null;
  failed: boolean;
}

/**
 * Files behind the token (photos, attachments) cannot be shown by `<img src>`: the browser would send
 * neither the token nor the request signature. This downloads `path` with the request client and hands
 * out an object URL, revoked when the path changes or the component goes away. Refusals stay quiet (the
 * caller shows its own 'no photo'); an expired session still gets the expiry modal.
 */
export function useAuthorizedObjectUrl(path: string | null | undefined): AuthorizedObjectUrl {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    void (async () => {
      try {
        const blob = await download(path, { silent: true, signal: controller.signal });
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ path, url, failed: false });
      } catch {
        if (!controller.signal.aborted) setLoaded({ path, url: null, failed: true });
      }
    })();
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);

  // An answer for an earlier path is never shown for the current one.
  const current = path && loaded?.path === path ? loaded : null;
  return { url: current?.url ?? null, loading: !!path && !current, failed: current?.failed ?? false };
}
