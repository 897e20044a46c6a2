import type { LabBookingForm, LabBookingKind, LabBookingRow, LabBookingStatus, LabBookingUpdate, LabOptions, LabRoomForm, LabRoomRow, LabWeekCell } from '@campus/contract';
import { LAB_URLS } from '@campus/contract';
import { call } from '../../../api/client.ts';

/** The calls of laboratory booking (docs/calls-labs.md). */
const base = '/api/campusLife/labs';
export const LAB_CALLS = { bookingsPage: `${base}/bookings/page` } as const;

export const labKeys = {
  options: ['campusLife', 'labs', 'options'] as const,
  rooms: ['campusLife', 'labs', 'rooms'] as const,
  room: (id: number) => ['campusLife', 'labs', 'room', id] as const,
  periods: (id: number) => ['campusLife', 'labs', 'periods', id] as const,
  booking: (id: number) => ['campusLife', 'labs', 'booking', id] as const,
  week: (roomId: number, weekStart: string) => ['campusLife', 'labs', 'week', roomId, weekStart] as const,
};

export const STATUS_COLOURS: Record<LabBookingStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red', cancelled: 'default' };

/** The edit page of each kind of booking: the old form (one room) and, for experiments, the new one (several rooms). */
export const EDIT_URLS: Record<LabBookingKind, { single: string; multi?: string }> = {
  student: { single: LAB_URLS.studentEdit, multi: LAB_URLS.studentEditNew },
  demo: { single: LAB_URLS.demoEdit, multi: LAB_URLS.demoEditNew },
  other: { single: LAB_URLS.otherEdit },
  loan: { single: LAB_URLS.loanEdit },
};

export const fetchLabOptions = (signal?: AbortSignal) => call<LabOptions>(`${base}/options`, { json: {}, signal });
export const fetchRooms = (signal?: AbortSignal) => call<LabRoomRow[]>(`${base}/rooms/list`, { json: {}, signal });
export const fetchRoom = (id: number, signal?: AbortSignal) => call<LabRoomRow>(`${base}/rooms/get`, { json: { id }, signal });
export const saveRoom = (form: LabRoomForm) => call<{ id: number }>(`${base}/rooms/save`, { json: form });
export const fetchRoomPeriods = (id: number, signal?: AbortSignal) => call<{ day: number; period: number }[]>(`${base}/rooms/periods`, { json: { id }, signal });
export const saveRoomPeriods = (roomId: number, slots: { day: number; period: number }[]) => call<null>(`${base}/rooms/setPeriods`, { json: { roomId, slots } });
export const fetchWeek = (roomId: number, weekStart: string, signal?: AbortSignal) => call<LabWeekCell[]>(`${base}/rooms/week`, { json: { roomId, weekStart }, signal });
export const fetchBooking = (id: number, signal?: AbortSignal) => call<LabBookingRow>(`${base}/bookings/get`, { json: { id }, signal });
export const createBooking = (form: LabBookingForm) => call<{ ids: number[]; pending: boolean }>(`${base}/bookings/create`, { json: form });
export const updateBooking = (form: LabBookingUpdate) => call<null>(`${base}/bookings/update`, { json: form });
export const cancelBooking = (id: number) => call<null>(`${base}/bookings/cancel`, { json: { id } });
export const reviewBooking = (id: number, decision: 'approve' | 'reject', comment: string) => call<null>(`${base}/bookings/review`, { json: { id, decision, comment } });
