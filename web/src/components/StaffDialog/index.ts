export { StaffDialog, visibleStaffTabs, STAFF_TABS, DEFAULT_STAFF_TABS, type StaffDialogProps, type StaffTab } from './StaffDialog.tsx';
export { TeacherLink, findStaffNumber, isStaffCaller, type TeacherLinkProps } from './TeacherLink.tsx';
