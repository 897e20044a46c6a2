export { ReviewDialog, type ReviewDecision, type ReviewDialogProps } from './ReviewDialog.tsx';
