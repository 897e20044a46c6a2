export { StudentSelect, type StudentSelectProps } from './StudentSelect.tsx';
