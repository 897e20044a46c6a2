export { TimetableView, groupCells, courseName, teacherOf, type SlotMark, type TimetableViewProps } from './TimetableView.tsx';
export { useTimetable, currentTerm, initialWeek, weekNumbers, type TimetableState, type UseTimetableOptions } from './useTimetable.ts';
