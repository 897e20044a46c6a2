/** A day and a period of the week. */
export interface Slot {
  day: number;
  period: number;
}

/** '2-3' for { day: 2, period: 3 }: the key of a slot in maps and in the grids' test ids, which browser flows build too. */
export const slotKey = (slot: Slot) => `${slot.day}-${slot.period}`;

/** '2-3' → { day: 2, period: 3 }; anything else → undefined. */
export function parseSlot(value: unknown): Slot | undefined {
  if (typeof value !== 'string') return undefined;
  const [day, period] = value.split('-').map(Number);
  return day && period ? { day, period } : undefined;
}
