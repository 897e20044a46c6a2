export { StudentSelect, type StudentSelectProps } from './StudentSelect.tsx';
export { useStudentSearch } from './useStudentSearch.ts';
