import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MATERIAL_PERMISSIONS, MATERIAL_URLS } from '@campus/contract';
import { usePermission } from '../../../components/PermissionGate/index.ts';

const LINKS = [
  { url: MATERIAL_URLS.chapters, permission: MATERIAL_PERMISSIONS.chapters, label: 'materialUi.chapters' },
  { url: MATERIAL_URLS.knowledge, permission: MATERIAL_PERMISSIONS.knowledge, label: 'materialUi.knowledge' },
  { url: MATERIAL_URLS.abilities, permission: MATERIAL_PERMISSIONS.abilities, label: 'materialUi.abilities' },
  { url: MATERIAL_URLS.attributes, permission: MATERIAL_PERMISSIONS.attributes, label: 'materialUi.attributes' },
] as const;

/** The page's title with links to the other teaching-material pages the user may open (they are hidden routes). */
export function MaterialLinks({ title }: { title?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const allowed = usePermission();
  return (
    <Space wrap size={4}>
      {title && <span>{title}</span>}
      {LINKS.filter((link) => link.url !== pathname && allowed({ permissions: [link.permission] })).map((link) => (
        <Button key={link.url} type="link" size="small" onClick={() => void navigate(link.url)} data-testid={`material-link-${link.url}`}>
          {t(link.label)}
        </Button>
      ))}
    </Space>
  );
}
