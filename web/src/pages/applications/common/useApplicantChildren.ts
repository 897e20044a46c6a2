import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { USER_TYPES } from '@campus/contract';
import { fetchApplicationChildren, type FamilyApplicationKind, type LeaveChild } from '../../../api/leave.ts';
import { useSession } from '../../../state/session.ts';

export interface ApplicantChildren {
  /** The signed-in user is a parent: they choose the child an application is for. */
  parent: boolean;
  /** A parent or a student: the family's layout (no staff tabs). */
  family: boolean;
  children: LeaveChild[];
  /** A parent's chosen child (the first by default); null for everyone else. */
  chosen: number | null;
  choose: (id: number) => void;
  /** False until the children are known (the list waits for them). */
  ready: boolean;
}

/** A parent's children on a family application page (a student gets themselves), and the one chosen. */
export function useApplicantChildren(kind: FamilyApplicationKind): ApplicantChildren {
  const userType = useSession((s) => s.user?.userType);
  const parent = userType === USER_TYPES.parent;
  const query = useQuery({ queryKey: ['applications', kind, 'children'], queryFn: ({ signal }) => fetchApplicationChildren(kind, signal) });
  const children = useMemo(() => query.data ?? [], [query.data]);
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = parent ? (picked !== null && children.some((child) => child.id === picked) ? picked : (children[0]?.id ?? null)) : null;
  return { parent, family: parent || userType === USER_TYPES.student, children, chosen, choose: setPicked, ready: !query.isPending };
}
