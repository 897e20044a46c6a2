import { call } from './client.ts';

/** One option of a published dictionary. */
export interface DictItem {
  code: string;
  name: string;
}

/**
 * The enabled options of a published dictionary, in the user's language: POST /dicts { typeArr: NAME }
 * → data { NAME: [{ code, name }] }. A refusal or an unknown dictionary gives no options.
 */
export async function fetchDictionary(name: string): Promise<DictItem[]> {
  const data = await call<Record<string, unknown> | null>('/dicts', { form: { typeArr: name }, silent: true });
  const items = data?.[name];
  return Array.isArray(items) ? items.map((item: { code?: unknown; name?: unknown }) => ({ code: String(item.code ?? ''), name: String(item.name ?? item.code ?? '') })) : [];
}
