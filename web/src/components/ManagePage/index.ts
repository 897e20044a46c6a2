export { ManagePage, type ManageContext, type ManagePageProps } from './ManagePage.tsx';
export { FormDialog, type FormDialogProps, type FormMode } from './FormDialog.tsx';
export { RecordActions, EnabledFilter, type RecordActionsProps } from './RecordActions.tsx';
export { removeRowColumn } from './removeRowColumn.tsx';
