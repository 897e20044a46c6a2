import { useState } from 'react';
import { Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INSURANCE_PERMISSIONS, INSURANCE_URLS } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { fetchClaimStudent, insuranceKeys } from './api.ts';
import { ChildClaims, ClaimModal } from './FamilyClaims.tsx';
import { OfficeClaims } from './OfficeClaims.tsx';
import { ParametersLost, idParam } from './parts.tsx';

/** /bxlp/lpStu?studentId=: every claim of one insured student (the office's view, or a parent's of their child). */
export default function StudentClaimsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const allowed = usePermission();
  const studentId = idParam(params, 'studentId');
  const [viewing, setViewing] = useState<number | null>(null);
  const student = useQuery({ queryKey: insuranceKeys.student(studentId ?? 0), queryFn: ({ signal }) => fetchClaimStudent(studentId!, signal), enabled: studentId !== null, retry: false });
  const lost = <ParametersLost back={INSURANCE_URLS.page} backLabel={t('insuranceUi.backToInsurance')} />;
  if (studentId === null) return lost;
  if (student.isPending) return <Spin />;
  if (!student.data) return lost;
  const s = student.data;
  return (
    <div data-testid="insurance-student-claims">
      <Typography.Title level={4}>{routeTitle(route, i18n.language)}</Typography.Title>
      <Typography.Paragraph data-testid="insurance-student-name">{`${s.name} · ${s.studentNumber} · ${s.className}`}</Typography.Paragraph>
      {allowed({ permissions: [INSURANCE_PERMISSIONS.manage] }) ? (
        <OfficeClaims studentId={s.id} />
      ) : (
        <>
          <ChildClaims studentId={s.id} onOpen={setViewing} />
          <ClaimModal id={viewing} onClose={() => setViewing(null)} />
        </>
      )}
    </div>
  );
}
