import { ELECTIVE_PERMISSIONS } from '@campus/contract';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { RatingsView } from './RatingsView.tsx';
import { StatisticsView } from './StatisticsView.tsx';

export type EvaluationView = 'office' | 'teacher' | 'student';

/**
 * Who the page is for, from the rights the menu gave: the office approves (all courses, export, the indicators);
 * a student takes courses and rates them (they choose, and neither declare nor score); anyone else on the page
 * teaches and reads their own courses' figures.
 */
export function evaluationView(allowed: (need: { permissions: string[] }) => boolean): EvaluationView {
  if (allowed({ permissions: [ELECTIVE_PERMISSIONS.approve] })) return 'office';
  const teaches = allowed({ permissions: [ELECTIVE_PERMISSIONS.declare] }) || allowed({ permissions: [ELECTIVE_PERMISSIONS.studentScores] });
  if (!teaches && allowed({ permissions: [ELECTIVE_PERMISSIONS.select] })) return 'student';
  return 'teacher';
}

/** /xkgl/kcpj, Elective evaluation: students rate their courses; teachers and the office read the figures. */
export default function EvaluationPage({ route }: PageProps) {
  const { i18n } = useTranslation();
  const phone = usePhone();
  const allowed = usePermission();
  const view = evaluationView(allowed);
  const title = routeTitle(route, i18n.language);
  return view === 'student' ? (
    <RatingsView title={title} phone={phone} />
  ) : (
    <StatisticsView
      title={title}
      phone={phone}
      office={view === 'office'}
      // The hidden pages are reached from here: the office's indicators, a teacher's scoring of their students.
      canIndicators={view === 'office' || allowed({ permissions: [ELECTIVE_PERMISSIONS.indicators] })}
      canScore={view === 'teacher' || allowed({ permissions: [ELECTIVE_PERMISSIONS.studentScores] })}
    />
  );
}
