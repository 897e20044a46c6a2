export { QueryHeader, type QueryHeaderProps } from './QueryHeader.tsx';
