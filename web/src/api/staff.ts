import { call } from './client.ts';

/** Staff-profile calls (spec sections 3 and 7): POST /base/jzgzj/*, form { zgh }. */

export interface StaffBasic {
  ZGH: string;
  XM: string;
  XQ: string;
  XB: string;
  IMG?: string;
  RESID?: string;
  BZBM: string;
  SSJYZ: string;
  GZBM: string;
  CYDH: string;
}

export interface StaffAppointment {
  /** Class led as class teacher. */
  bzrmc: string;
  /** Lesson-preparation head duty. */
  bkzz: string;
  /** Grade-leader duty. */
  njzz: string;
}

export interface NamedItem {
  MC: string;
}

export interface InvigilationRow {
  JSKSLB: string;
  KSRQ: string;
  KSSJ: string;
  JSSJ: string;
  KCMC: string;
  SC: number | string;
}

export interface Invigilation {
  list: InvigilationRow[];
  /** Role name → total hours. */
  statistics: Record<string, number | string>;
}

const BASE = '/base/jzgzj';

const names = (value: unknown): NamedItem[] =>
  Array.isArray(value) ? value.map((item: { MC?: unknown }) => ({ MC: String(item?.MC ?? '') })).filter((item) => item.MC) : [];

export async function fetchStaffBasic(zgh: string, signal?: AbortSignal): Promise<StaffBasic | null> {
  const data = await call<StaffBasic | StaffBasic[] | null>(`${BASE}/getJzgZjJbXx`, { form: { zgh }, signal });
  return (Array.isArray(data) ? data[0] : data) ?? null;
}

export async function fetchStaffAppointment(zgh: string, signal?: AbortSignal): Promise<StaffAppointment> {
  const data = await call<Partial<StaffAppointment> | null>(`${BASE}/getJzgZjRzXx`, { form: { zgh }, signal });
  return { bzrmc: data?.bzrmc ?? '', bkzz: data?.bkzz ?? '', njzz: data?.njzz ?? '' };
}

export async function fetchStaffTeaching(zgh: string, signal?: AbortSignal): Promise<NamedItem[]> {
  return names(await call<unknown>(`${BASE}/getJzgZjRkXx`, { form: { zgh }, signal }));
}

export async function fetchStaffRoles(zgh: string, signal?: AbortSignal): Promise<NamedItem[]> {
  return names(await call<unknown>(`${BASE}/getJzgZjJsXx`, { form: { zgh }, signal }));
}

/** Invigilation of a staff member; pcid (an exam batch) is sent only when given. */
export async function fetchInvigilation(zgh: string, pcid?: string, signal?: AbortSignal): Promise<Invigilation> {
  const form: Record<string, string> = { zgh };
  if (pcid) form.pcid = pcid;
  const data = await call<Partial<Invigilation> | null>(`${BASE}/getPkxx`, { form, signal });
  const statistics = data?.statistics && typeof data.statistics === 'object' && !Array.isArray(data.statistics) ? data.statistics : {};
  return { list: Array.isArray(data?.list) ? data.list : [], statistics };
}

/** The photo address: IMG when given, otherwise the file-download path of RESID, otherwise ''. */
export function staffPhotoUrl(info: Pick<StaffBasic, 'IMG' | 'RESID'> | null | undefined): string {
  if (!info) return '';
  if (info.IMG) return info.IMG;
  return info.RESID ? `/file/download/${encodeURIComponent(info.RESID)}` : '';
}
