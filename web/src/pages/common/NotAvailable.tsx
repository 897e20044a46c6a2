import { Button, Card, Result } from 'antd';
import { HourglassOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../registry.ts';
import { routeTitle } from '../../app/menuRoutes.ts';

/** A menu page whose screen is not built yet: names the area and says so, never a blank page. */
export default function NotAvailable({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const title = routeTitle(route, i18n.language);
  return (
    <Card variant="borderless" className="page-card" data-testid="not-available">
      <Result
        icon={<HourglassOutlined />}
        title={title}
        subTitle={t('page.notAvailable', { name: title })}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
