import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Spin, Typography, type ButtonProps } from 'antd';
import { RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DECLARATION_STATUSES, ELECTIVE_PERMISSIONS, declarationNext, type DeclarationOptions, type DeclarationRow, type DeclarationStatus } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ELECTIVE_CALLS, EMPTY_DECLARATION_OPTIONS, electiveKeys, fetchDeclarationOptions, moveDeclaration, type DeclarationSearch } from '../../../api/electives.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { DeclarationDetail } from '../common/DeclarationDetail.tsx';
import { DeclarationStatusTag, byName, slotText, weeksText } from '../common/parts.tsx';
import { DeclarationDialog, type DeclarationDialogState } from './DeclarationForm.tsx';

interface SearchForm {
  keyword?: string;
  termId?: number;
  status?: DeclarationStatus;
}

const toSearch = (values: SearchForm): DeclarationSearch & Record<string, unknown> => ({
  keyword: values.keyword?.trim() ?? '',
  termId: values.termId ?? '',
  status: values.status ?? '',
});

/** Whether the teacher can take the step now: the machine allows it and, to declare, the declaration is still theirs to change. */
export function teacherCan(row: DeclarationRow, action: 'declare' | 'withdraw'): boolean {
  if (!declarationNext(row.status, action)) return false;
  return action === 'withdraw' ? row.mine : row.editable;
}

/**
 * /xkgl/kcsb, Elective declaration: a teacher's own declarations of elective courses. A draft (declarable) or a
 * rejected one is changed, deleted or declared to the academic office; a declared one can be withdrawn to a
 * draft until it is reviewed; an approved one is open for selection and only viewed.
 */
export default function DeclarationsPage({ route }: PageProps) {
  const options = useQuery({ queryKey: electiveKeys.options, queryFn: ({ signal }) => fetchDeclarationOptions(signal) });
  if (options.isPending) {
    return (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  }
  return <Declarations route={route} options={options.data ?? EMPTY_DECLARATION_OPTIONS} />;
}

function Declarations({ route, options }: PageProps & { options: DeclarationOptions }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const [dialog, setDialog] = useState<DeclarationDialogState | null>(null);
  const [viewing, setViewing] = useState<DeclarationRow | null>(null);
  const permission = ELECTIVE_PERMISSIONS.declare;
  const listSeparator = i18n.language === 'en' ? ', ' : '\u3001';

  const move = async (action: 'declare' | 'withdraw', row: DeclarationRow, reload: () => void) => {
    try {
      const msg = await moveDeclaration(action, row.id);
      feedback().message.success(msg || t(action === 'declare' ? 'elective.declared' : 'elective.withdrawn'));
    } catch {
      // The request client has shown the server's message (a time clash, a status changed meanwhile).
    } finally {
      reload();
    }
  };

  const confirmDeclare = (row: DeclarationRow, reload: () => void) =>
    feedback().modal.confirm({
      title: t('electiveDeclare.declareTitle', { name: row.name }),
      content: t('electiveDeclare.declareConfirm'),
      okText: t('electiveDeclare.declare'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'elective-declare-ok' } as ButtonProps,
      onOk: () => move('declare', row, reload),
    });

  return (
    <ManagePage<DeclarationRow, SearchForm>
      permission={permission}
      editPermission={permission}
      deletePermission={permission}
      listUrl={ELECTIVE_CALLS.declarationsPage}
      title={routeTitle(route, i18n.language)}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={toSearch}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('electiveUi.courseName')}>
            <Input allowClear maxLength={50} placeholder={t('electiveDeclare.keywordPlaceholder')} data-testid="elective-search-keyword" />
          </Form.Item>
          <Form.Item name="termId" label={t('electiveUi.term')}>
            <Select allowClear options={byName(options.terms)} placeholder={t('manage.all')} style={{ width: 220 }} data-testid="elective-search-term" />
          </Form.Item>
          <Form.Item name="status" label={t('electiveUi.status')}>
            <Select
              allowClear
              options={DECLARATION_STATUSES.map((status) => ({ value: status, label: t(`elective.status.${status}`) }))}
              placeholder={t('manage.all')}
              style={{ width: 140 }}
              data-testid="elective-search-status"
            />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('electiveUi.courseName'),
          sorter: true,
          width: 180,
          render: (name: string, row: DeclarationRow) => (
            <div className="elective-name-cell">
              <span className="elective-strong">{name}</span>
              {row.status === 'rejected' && row.reviewComment && (
                <Typography.Text type="danger" className="elective-small" data-testid={`elective-reason-${row.id}`}>
                  {t('electiveUi.rejectedBecause', { reason: row.reviewComment })}
                </Typography.Text>
              )}
            </div>
          ),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('electiveUi.status'),
          sorter: true,
          width: 110,
          render: (status: DeclarationStatus, row: DeclarationRow) => <DeclarationStatusTag status={status} testId={`elective-status-${row.id}`} />,
        },
        { key: 'termName', dataIndex: 'termName', title: t('electiveUi.term'), width: 170 },
        { key: 'slot', title: t('electiveUi.slotLabel'), width: 140, render: (_: unknown, row: DeclarationRow) => slotText(t, row.dayName, row.periodName) },
        { key: 'weeks', title: t('electiveUi.weeksLabel'), width: 110, render: (_: unknown, row: DeclarationRow) => weeksText(t, row.weekFrom, row.weekTo) },
        { key: 'classroomName', dataIndex: 'classroomName', title: t('electiveUi.place'), width: 120, render: (name: string) => name || '—' },
        {
          key: 'capacity',
          title: t('electiveUi.capacity'),
          width: 100,
          render: (_: unknown, row: DeclarationRow) => (row.status === 'approved' ? t('electiveUi.enrolledOf', { enrolled: row.enrolled, capacity: row.capacity }) : row.capacity),
        },
        { key: 'grades', title: t('electiveUi.grades'), width: 150, render: (_: unknown, row: DeclarationRow) => row.gradeNames.join(listSeparator) || '—' },
        { key: 'updatedAt', dataIndex: 'updatedAt', title: t('electiveUi.updatedAt'), sorter: true, width: 150 },
      ]}
      actionsWidth={phone ? 150 : i18n.language === 'en' ? 330 : 280}
      rowActions={(row, { canEdit, reload }) => (
        <>
          <RecordActions
            onView={() => setViewing(row)}
            onEdit={canEdit && row.editable ? () => setDialog({ mode: 'edit', row }) : undefined}
            viewTestId={`elective-view-${row.id}`}
            editTestId={`elective-edit-${row.id}`}
          />
          {canEdit && teacherCan(row, 'declare') && (
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => confirmDeclare(row, reload)} data-testid={`elective-declare-${row.id}`}>
              {t('electiveDeclare.declare')}
            </Button>
          )}
          {canEdit && teacherCan(row, 'withdraw') && (
            <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => void move('withdraw', row, reload)} data-testid={`elective-withdraw-${row.id}`}>
              {t('electiveDeclare.withdraw')}
            </Button>
          )}
          {canEdit && row.editable && (
            <DeleteButton
              type="link"
              size="small"
              url={ELECTIVE_CALLS.declarationDelete}
              param={{ ids: [row.id] }}
              text={t('electiveDeclare.deleteConfirm', { name: row.name })}
              onSuccess={reload}
              data-testid={`elective-delete-${row.id}`}
            />
          )}
        </>
      )}
      data-testid="elective-declarations-page"
    >
      {({ reload }) => (
        <>
          <DeclarationDialog dialog={dialog} options={options} onClose={() => setDialog(null)} onSaved={reload} />
          <Modal
            open={!!viewing}
            title={t('electiveDeclare.viewTitle')}
            onCancel={() => setViewing(null)}
            footer={
              <Button onClick={() => setViewing(null)} data-testid="elective-view-close">
                {t('manage.close')}
              </Button>
            }
            width={i18n.language === 'en' ? 810 : 720}
            destroyOnHidden
          >
            {viewing && <DeclarationDetail row={viewing} phone={phone} />}
          </Modal>
        </>
      )}
    </ManagePage>
  );
}
