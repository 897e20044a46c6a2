import { useState } from 'react';
import { Form, Select, Tag, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MyAwardRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { MY_AWARDS_CALL } from '../../../api/awards.ts';
import { PagedTable, usePagedTable, type PagedColumn, type PaginationPart } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { AwardPictures } from '../common/AwardPictures.tsx';
import '../common/awards.css';

type Kind = '' | 'disciplinary' | 'aboveSchool';

interface SearchForm {
  kind?: Kind;
  studentId?: number | '';
}

const PHONE_PAGER: readonly PaginationPart[] = ['total', 'prev', 'pager', 'next'];
const rowKey = (row: MyAwardRow) => `${row.kind}-${row.id}-${row.studentId}`;

function KindTag({ row }: { row: MyAwardRow }) {
  const { t } = useTranslation();
  return row.kind === 'aboveSchool' ? <Tag color="gold">{row.level ? t(`awards.level.${row.level}`) : t('awardsUi.kind.aboveSchool')}</Tag> : <Tag color="green">{t('awardsUi.kind.disciplinary')}</Tag>;
}

/** One award as a card: the list's form on a phone (390 px). */
function AwardCard({ row, showChild }: { row: MyAwardRow; showChild: boolean }) {
  return (
    <div className="my-award-card" data-testid="my-award-card">
      <div className="my-award-card-head">
        <span className="my-award-card-name">
          <TrophyOutlined /> {row.name}
        </span>
        <KindTag row={row} />
      </div>
      <Typography.Text type="secondary" className="my-award-card-meta">
        {row.competitionTitle && <span>{row.competitionTitle}</span>}
        <span>{row.awardedOn}</span>
        {showChild && <span>{row.studentName}</span>}
      </Typography.Text>
      {row.notes && <Typography.Text className="my-award-card-meta">{row.notes}</Typography.Text>}
      {row.pictures.length > 0 && <AwardPictures pictures={row.pictures} size={72} />}
    </div>
  );
}

/**
 * /jsgl/wdhj, My awards: a student's own disciplinary and above-school awards, a parent's children's, in one
 * list, newest first. On a phone the list is cards.
 */
export default function MyAwardsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const table = usePagedTable<MyAwardRow>();
  const [children, setChildren] = useState<{ id: number; name: string }[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const showChild = children.length > 1;

  const columns: PagedColumn<MyAwardRow>[] = phone
    ? [{ key: 'card', render: (_: unknown, row) => <AwardCard row={row} showChild={showChild} /> }]
    : [
        { key: 'name', dataIndex: 'name', title: t('awardsUi.awardName'), render: (value: string) => <strong>{value}</strong> },
        { key: 'kind', title: t('awardsUi.kind'), width: 110, render: (_: unknown, row) => <KindTag row={row} /> },
        { key: 'competitionTitle', dataIndex: 'competitionTitle', title: t('awardsUi.competition'), render: (value: string | null) => value ?? '' },
        { key: 'awardedOn', dataIndex: 'awardedOn', title: t('awardsUi.awardedOn'), width: 120 },
        ...(showChild ? [{ key: 'studentName', dataIndex: 'studentName', title: t('awardsUi.child'), width: 110 }] : []),
        { key: 'notes', dataIndex: 'notes', title: t('awardsUi.notes'), width: 180 },
        { key: 'pictures', title: t('awardsUi.pictures'), width: 220, render: (_: unknown, row) => (row.pictures.length ? <AwardPictures pictures={row.pictures} size={56} /> : '') },
      ];

  return (
    <div className={`my-awards-page${phone ? ' is-phone' : ''}`} data-testid="my-awards-page">
      <QueryHeader<SearchForm>
        title={
          <span>
            {routeTitle(route, i18n.language)}
            {total !== null && (
              <Tag className="my-awards-total" style={{ marginLeft: 8 }} data-testid="my-awards-total">
                {t('awardsUi.total', { count: total })}
              </Tag>
            )}
          </span>
        }
        initialValues={{ kind: '', studentId: '' }}
        onSearch={(values) => table.current?.search({ kind: values.kind ?? '', studentId: values.studentId ?? '' })}
      >
        <Form.Item name="kind" label={t('awardsUi.kind')}>
          <Select
            style={{ width: 140 }}
            options={[
              { value: '', label: t('awardsUi.all') },
              { value: 'disciplinary', label: t('awardsUi.kind.disciplinary') },
              { value: 'aboveSchool', label: t('awardsUi.kind.aboveSchool') },
            ]}
            data-testid="my-awards-search-kind"
          />
        </Form.Item>
        {showChild && (
          <Form.Item name="studentId" label={t('awardsUi.child')}>
            <Select style={{ width: 140 }} options={[{ value: '', label: t('awardsUi.all') }, ...children.map((child) => ({ value: child.id, label: child.name }))]} data-testid="my-awards-search-child" />
          </Form.Item>
        )}
      </QueryHeader>
      <PagedTable<MyAwardRow>
        ref={table}
        url={MY_AWARDS_CALL}
        columns={columns}
        rowKey={rowKey}
        defaultSearch={{ kind: '', studentId: '' }}
        showHeader={!phone}
        layout={phone ? PHONE_PAGER : undefined}
        pagerCount={phone ? 5 : undefined}
        scroll={phone ? undefined : { x: 'max-content' }}
        locale={{ emptyText: t('awardsUi.noAwards') }}
        onLoaded={(answer) => {
          const data = answer as unknown as { total?: number; children?: { id: number; name: string }[] };
          setTotal(Number.isFinite(Number(data.total)) ? Number(data.total) : null);
          if (Array.isArray(data.children)) setChildren(data.children);
        }}
        data-testid="my-awards-table"
      />
    </div>
  );
}
