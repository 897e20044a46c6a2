import type { DormBuilding, DormClassPlace, DormInspectionRow, DormMine, DormRankingRow, DormRoomDetail, DormRoomFormParsed, DormSwapForm } from '@campus/contract';
import { call, request } from '../../../api/client.ts';

const BASE = '/api/campusLife/dormitories';

/** The calls of the dormitories page and /ssgl/fjgl (docs/calls-campusLife.md). */
export const DORM_CALLS = {
  buildings: `${BASE}/buildings`,
  roomsPage: `${BASE}/rooms/page`,
  roomGet: `${BASE}/rooms/get`,
  roomCreate: `${BASE}/rooms/create`,
  roomUpdate: `${BASE}/rooms/update`,
  roomDelete: `${BASE}/rooms/delete`,
  students: `${BASE}/students`,
  checkIn: `${BASE}/checkIn`,
  checkOut: `${BASE}/checkOut`,
  swap: `${BASE}/swap`,
  staysPage: `${BASE}/stays/page`,
  staysExport: `${BASE}/stays/export`,
  inspections: `${BASE}/inspections/list`,
  inspectionSave: `${BASE}/inspections/save`,
  inspectionDelete: `${BASE}/inspections/delete`,
  ranking: `${BASE}/inspections/ranking`,
  classPlaces: `${BASE}/classPlaces`,
  mine: `${BASE}/mine`,
} as const;

export const dormKeys = {
  all: ['dormitories'] as const,
  buildings: ['dormitories', 'buildings'] as const,
  room: (id: number) => ['dormitories', 'room', id] as const,
  rooms: (buildingId: number) => ['dormitories', 'rooms', buildingId] as const,
  ranking: (from: string, to: string, buildingId: number | undefined) => ['dormitories', 'ranking', from, to, buildingId ?? 0] as const,
  inspections: (from: string, to: string, buildingId: number | undefined) => ['dormitories', 'inspections', from, to, buildingId ?? 0] as const,
  classPlaces: ['dormitories', 'classPlaces'] as const,
  mine: (studentId: number | undefined) => ['dormitories', 'mine', studentId ?? 0] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const fetchBuildings = async (signal?: AbortSignal) => list(await call<DormBuilding[] | null>(DORM_CALLS.buildings, { json: {}, signal }));
export const fetchRoom = (id: number, signal?: AbortSignal) => call<DormRoomDetail>(DORM_CALLS.roomGet, { json: { id }, signal });
export async function fetchRoomsOf(buildingId: number, signal?: AbortSignal): Promise<{ id: number; number: string; gender: string; occupied: number }[]> {
  const data = await call<{ rows: { id: number; number: string; gender: string; occupied: number }[] } | null>(DORM_CALLS.roomsPage, { json: { currPage: 0, limit: 500, search: { buildingId } }, signal });
  return list(data?.rows);
}
export async function saveRoom(body: DormRoomFormParsed): Promise<string> {
  return (await request(body.id ? DORM_CALLS.roomUpdate : DORM_CALLS.roomCreate, { json: body })).msg;
}
export const searchStudents = async (keyword: string, gender: string, signal: AbortSignal) =>
  list(await call<{ id: number; name: string; studentNumber: string; className: string }[] | null>(DORM_CALLS.students, { json: { keyword, gender }, signal }));
export const checkIn = async (roomId: number, entries: { bedId: number; studentId: number }[]) => (await request(DORM_CALLS.checkIn, { json: { roomId, entries } })).msg;
export const checkOut = async (stayIds: number[]) => (await request(DORM_CALLS.checkOut, { json: { stayIds } })).msg;
export const swap = async (body: DormSwapForm) => (await request(DORM_CALLS.swap, { json: body })).msg;
export const fetchRanking = async (body: { from: string; to: string; buildingId?: number }, signal?: AbortSignal) => list(await call<DormRankingRow[] | null>(DORM_CALLS.ranking, { json: body, signal }));
export const fetchInspections = async (body: { from: string; to: string; buildingId?: number }, signal?: AbortSignal) => list(await call<DormInspectionRow[] | null>(DORM_CALLS.inspections, { json: body, signal }));
export const saveInspection = async (body: { roomId: number; inspectedOn: string; score: number; remark: string }) => (await request(DORM_CALLS.inspectionSave, { json: body })).msg;
export const fetchClassPlaces = async (signal?: AbortSignal) => list(await call<DormClassPlace[] | null>(DORM_CALLS.classPlaces, { json: {}, signal }));
export const fetchMine = async (studentId: number | undefined, signal?: AbortSignal) => call<DormMine>(DORM_CALLS.mine, { json: { studentId }, signal });
