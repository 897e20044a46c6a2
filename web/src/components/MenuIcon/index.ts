export { MenuIcon } from './MenuIcon.tsx';
