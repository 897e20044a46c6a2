export { WeekTable, type WeekCell, type WeekCellProps, type WeekDay, type WeekPeriod, type WeekTableProps, type WeekTableSlot } from './WeekTable.tsx';
export { parseSlot, slotKey, type Slot } from './slot.ts';
