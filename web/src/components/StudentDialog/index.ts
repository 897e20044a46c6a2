export { StudentDialog, type StudentDialogProps, type StudentTab } from './StudentDialog.tsx';
export { Photo, type PhotoProps } from './Photo.tsx';
export { dialogWidth, DIALOG_WIDTH, DIALOG_WIDTH_EN } from './dialogWidth.ts';
