export { OneStudentSelect, StudentSelect, type OneStudentSelectProps, type StudentSelectProps } from './StudentSelect.tsx';
export { useStudentSearch } from './useStudentSearch.ts';
