import { useState } from 'react';
import { Button, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverviewStudent } from '@campus/contract';
import { StudentDialog } from '../../../components/StudentDialog/index.ts';

/** The class's students with their key facts; a name opens the student-information dialog. */
export function StudentTable({ students, full = false }: { students: readonly OverviewStudent[]; full?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<OverviewStudent | null>(null);
  const [keyword, setKeyword] = useState('');
  const separator = i18n.language === 'en' ? '; ' : '；';
  const shown = keyword ? students.filter((s) => s.name.includes(keyword) || s.studentNumber.includes(keyword)) : students;
  return (
    <>
      <Input.Search allowClear placeholder={t('htUi.studentSearch')} onChange={(event) => setKeyword(event.target.value.trim())} style={{ maxWidth: 260 }} data-testid="ht-student-search" />
      <Table<OverviewStudent>
        rowKey="id"
        size="small"
        dataSource={shown}
        pagination={{ pageSize: full ? 50 : 10, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        data-testid="ht-students-table"
        columns={[
          { key: 'studentNumber', dataIndex: 'studentNumber', title: t('htUi.studentNumber'), width: 110 },
          {
            key: 'name',
            title: t('htUi.name'),
            width: 110,
            render: (_: unknown, row) => (
              <Button type="link" size="small" onClick={() => setOpen(row)} data-testid={`ht-student-${row.id}`}>
                {row.name}
              </Button>
            ),
          },
          { key: 'genderName', dataIndex: 'genderName', title: t('htUi.gender'), width: 60 },
          ...(full ? [{ key: 'birthDate', dataIndex: 'birthDate', title: t('htUi.birthDate'), width: 110 }] : []),
          {
            key: 'parents',
            title: t('htUi.parents'),
            width: 260,
            render: (_: unknown, row: OverviewStudent) =>
              row.parents.length ? row.parents.map((p) => [p.name, p.relation, p.phone].filter(Boolean).join(' ')).join(separator) : '—',
          },
          { key: 'dormitory', dataIndex: 'dormitory', title: t('htUi.dormitory'), width: 130, render: (value: string) => value || t('htUi.dayStudent') },
          {
            key: 'status',
            title: t('htUi.today'),
            width: 90,
            render: (_: unknown, row: OverviewStudent) => (row.onLeaveToday ? <Tag color="orange">{t('htUi.onLeave')}</Tag> : <Tag color="green">{t('htUi.present')}</Tag>),
          },
          { key: 'cadre', title: t('htUi.cadre'), width: 120, render: (_: unknown, row: OverviewStudent) => row.cadrePosts.join(i18n.language === 'en' ? ', ' : '、') || '—' },
          ...(full
            ? [
                { key: 'conductCount', dataIndex: 'conductCount', title: t('htUi.conductCount'), width: 90 },
                { key: 'awardCount', dataIndex: 'awardCount', title: t('htUi.awardCount'), width: 90 },
              ]
            : []),
        ]}
      />
      {open && <StudentDialog open zh={open.account} name={open.name} onClose={() => setOpen(null)} />}
    </>
  );
}
