import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_TYPES } from '@campus/contract';
import { fetchPeople, PICKER_URLS } from '../../api/components.ts';
import { feedback } from '../../app/feedback.ts';
import { useSession } from '../../state/session.ts';
import type { StaffTab } from './StaffDialog.tsx';

// Loaded on first use: the dialog holds a timetable, whose cells hold teacher links.
const StaffDialog = lazy(() => import('./StaffDialog.tsx'));

/** Staff callers (administrators and teachers) see the invigilation tab by default. */
export function isStaffCaller(userType: number | undefined): boolean {
  return userType === USER_TYPES.administrator || userType === USER_TYPES.teacher;
}

/** Teachers' user type in the people list. */
const TEACHER_USER_TYPE = '3';

/**
 * The staff number of a teacher known only by name: the people list filtered to teachers, an exact and
 * unique name match. Null when there is none or several.
 */
export async function findStaffNumber(name: string): Promise<string | null> {
  const page = await fetchPeople(PICKER_URLS.users, { page: 0, size: 10, search: { USERTYPE: TEACHER_USER_TYPE, KEYWORD: name, XQDM: '', DWDM: '', XNXQ: '' } });
  const matches = page.rows.filter((row) => row.USERNAME === name);
  return matches.length === 1 ? String(matches[0].USERID) : null;
}

export interface TeacherLinkProps {
  /** The staff number; when missing the teacher is looked up by name. */
  zgh?: string | null;
  name: string;
  /** Show the invigilation tab; default: when the caller is staff. */
  showInvigilation?: boolean;
  tabs?: readonly StaffTab[];
  defaultTab?: StaffTab;
  children?: ReactNode;
}

/** A teacher's name that opens the staff-profile dialog (spec section 2). */
export function TeacherLink({ zgh, name, showInvigilation, tabs, defaultTab, children }: TeacherLinkProps) {
  const { t } = useTranslation();
  const userType = useSession((s) => s.user?.userType);
  const [open, setOpen] = useState(false);
  // The dialog stays mounted after the first opening, so it closes with its animation.
  const [mounted, setMounted] = useState(false);
  const [resolved, setResolved] = useState<string>(zgh ?? '');
  const [busy, setBusy] = useState(false);
  const staffNumber = zgh || resolved;

  const onClick = async () => {
    if (staffNumber) {
      setMounted(true);
      setOpen(true);
      return;
    }
    setBusy(true);
    try {
      const found = await findStaffNumber(name);
      if (found) {
        setResolved(found);
        setMounted(true);
        setOpen(true);
      } else {
        feedback().message.warning(t('staffDialog.notFound', { name }));
      }
    } catch {
      // The request client has shown the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        type="link"
        size="small"
        className="campus-teacher-link"
        loading={busy}
        onClick={(event) => {
          event.stopPropagation();
          void onClick();
        }}
        data-testid="teacher-link"
        data-zgh={staffNumber || undefined}
      >
        {children ?? name}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <StaffDialog
            open={open}
            zgh={staffNumber}
            name={name}
            onClose={() => setOpen(false)}
            showInvigilation={showInvigilation ?? isStaffCaller(userType)}
            tabs={tabs}
            defaultTab={defaultTab}
          />
        </Suspense>
      ) : null}
    </>
  );
}
