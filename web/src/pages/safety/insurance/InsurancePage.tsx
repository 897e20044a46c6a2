import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { INSURANCE_PERMISSIONS } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { FamilyClaims } from './FamilyClaims.tsx';
import { OfficeClaims } from './OfficeClaims.tsx';
import { CompaniesTab, PoliciesTab, StatsTab } from './PoliciesTab.tsx';

/**
 * /bxjl/bxlp, insurance claims: the office manages claims, policies, insurers and reads the statistics; a parent
 * (a student) files and follows their child's (their own) claims.
 */
export default function InsurancePage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const allowed = usePermission();
  const title = routeTitle(route, i18n.language);
  if (!allowed({ permissions: [INSURANCE_PERMISSIONS.manage] })) return <FamilyClaims title={title} />;
  return (
    <div data-testid="insurance-office">
      <Typography.Title level={4}>{title}</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'claims', label: <span data-testid="insurance-tab-claims">{t('insuranceUi.tab.claims')}</span>, children: <OfficeClaims /> },
          { key: 'policies', label: <span data-testid="insurance-tab-policies">{t('insuranceUi.tab.policies')}</span>, children: <PoliciesTab /> },
          { key: 'companies', label: <span data-testid="insurance-tab-companies">{t('insuranceUi.tab.companies')}</span>, children: <CompaniesTab /> },
          { key: 'stats', label: <span data-testid="insurance-tab-stats">{t('insuranceUi.tab.stats')}</span>, children: <StatsTab /> },
        ]}
      />
    </div>
  );
}
