export { TimetableView, groupCells, courseName, teacherOf, type TimetableViewProps } from './TimetableView.tsx';
export { useTimetable, currentTerm, initialWeek, weekNumbers, type TimetableState, type UseTimetableOptions } from './useTimetable.ts';
