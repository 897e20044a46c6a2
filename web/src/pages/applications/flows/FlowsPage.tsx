import { useState } from 'react';
import { Button, Result, Table, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApprovalFlowView } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { fetchFlows } from '../../../api/approvals.ts';
import { FlowDialog } from './FlowDialog.tsx';
import './flows.css';

export const FLOWS_KEY = ['applications', 'flows'] as const;

/** A step as the list shows it: the kind, and the role or person where one was chosen. */
function StepTag({ step, index }: { step: ApprovalFlowView['steps'][number]; index: number }) {
  const { t } = useTranslation();
  const named = step.kind === 'role' ? step.roleName : step.kind === 'person' ? step.userName : '';
  return (
    <Tag className="flow-tag" data-testid="flow-tag" data-kind={step.kind}>
      {t('flows.stepNumber', { step: index + 1 })} {t(`approvalTrail.kind.${step.kind}`)}
      {(step.kind === 'role' || step.kind === 'person') && `${t('flows.nameSeparator')}${named || t('flows.missing')}`}
    </Tag>
  );
}

function Chain({ flow }: { flow: ApprovalFlowView }) {
  return (
    <div className="flow-chain" data-testid={`flow-chain-${flow.type}`}>
      {flow.steps.map((step, index) => (
        <span key={index} className="flow-chain-step">
          {index > 0 && <RightOutlined className="flow-chain-arrow" />}
          <StepTag step={step} index={index} />
        </span>
      ))}
    </div>
  );
}

/**
 * /sqsp/splc, Approval chains: each application type's steps (one to five, each naming who approves it: the
 * applicant's class teacher, division director, principal, department head, the academic office, every holder
 * of a role, or one person), edited type by type. Applications under way keep the chain they were filed with.
 */
export default function FlowsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const flows = useQuery({ queryKey: FLOWS_KEY, queryFn: ({ signal }) => fetchFlows(signal) });
  const [editing, setEditing] = useState<ApprovalFlowView | null>(null);

  return (
    <div className="flows-page" data-testid="flows-page">
      <Typography.Title level={4} className="flows-title">
        {routeTitle(route, i18n.language)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('flows.intro')}</Typography.Paragraph>
      {flows.isError ? (
        <Result status="warning" title={t('flows.loadFailed')} extra={<Button onClick={() => void flows.refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <Table<ApprovalFlowView>
          rowKey="type"
          loading={flows.isLoading}
          dataSource={flows.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'type', title: t('application.type'), width: 170, render: (_: unknown, flow) => <span data-testid={`flow-type-${flow.type}`}>{t(`approval.type.${flow.type}`)}</span> },
            { key: 'steps', title: t('flows.steps'), render: (_: unknown, flow) => <Chain flow={flow} /> },
            { key: 'updatedAt', title: t('flows.updatedAt'), width: 150, render: (_: unknown, flow) => (flow.updatedAt ? flow.updatedAt.slice(0, 16) : <Typography.Text type="secondary">{t('flows.default')}</Typography.Text>) },
            {
              key: 'actions',
              title: t('manage.actions'),
              width: 110,
              fixed: 'right',
              render: (_: unknown, flow) => (
                <Button type="link" size="small" onClick={() => setEditing(flow)} data-testid={`flow-edit-${flow.type}`}>
                  {t('manage.edit')}
                </Button>
              ),
            },
          ]}
          data-testid="flows-table"
        />
      )}
      <FlowDialog editing={editing} onClose={() => setEditing(null)} onSaved={() => void flows.refetch()} />
    </div>
  );
}
