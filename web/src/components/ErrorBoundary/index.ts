export { ErrorBoundary } from './ErrorBoundary.tsx';
