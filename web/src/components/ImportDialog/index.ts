export { ImportDialog, type ImportDialogProps, type ImportErrorRow, type ImportResult } from './ImportDialog.tsx';
