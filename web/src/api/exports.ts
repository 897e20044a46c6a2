import { download } from './client.ts';

/** Saves bytes under a file name through a temporary link (the only way a browser saves a Blob). */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the bytes are released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** e.g. Users-20261122.xlsx, in the user's local date. */
export function exportFileName(base: string, now = new Date()): string {
  const stamp = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return `${base}-${stamp}.xlsx`;
}

/**
 * Downloads a list's Excel export (GET with the list's search as JSON, see docs/api.md) and saves it.
 * A refusal has been shown by the request client and rejects.
 */
export async function exportList(url: string, search: Record<string, unknown>, fileBase: string): Promise<void> {
  const cleaned = Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const blob = await download(url, { query: { search: JSON.stringify(cleaned) } });
  saveBlob(blob, exportFileName(fileBase));
}
