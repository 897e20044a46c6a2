export { ChildChooser, type ChildChooserProps, type ChildOption } from './ChildChooser.tsx';
