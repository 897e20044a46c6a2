import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WINNER_NUMBER_MAX, WINNER_NUMBER_MIN, type CompetitionRow, type PrizeRow } from '@campus/contract';
import { fetchCompetition, PRIZE_CALLS, savePrize } from '../../../api/awards.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';

interface PrizeFormValues {
  name: string;
  winnerNumber: number;
  awardedOn: string;
  startsOn: string;
  endsOn: string;
}

export interface PrizesPanelProps {
  competition: CompetitionRow | null;
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
  /** After an award was added, changed or deleted (the list's counts follow). */
  onChanged: () => void;
}

/** The awards of one event: name, winner number (given so far), award time, start and end; add, modify, delete. */
export function PrizesPanel({ competition, canEdit, canDelete, onClose, onChanged }: PrizesPanelProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [prizes, setPrizes] = useState<PrizeRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ prize?: PrizeRow } | null>(null);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('awardsUi.required', { field: t(field) }) }];

  const load = useCallback(async () => {
    if (!competition) return;
    setLoading(true);
    try {
      setPrizes((await fetchCompetition(competition.id)).prizes);
    } catch {
      // The request client has shown why.
    } finally {
      setLoading(false);
    }
  }, [competition]);

  useEffect(() => {
    setPrizes([]);
    void load();
  }, [load]);

  const changed = () => {
    void load();
    onChanged();
  };

  const initialValues = useMemo<Partial<PrizeFormValues>>(() => {
    const prize = editing?.prize;
    return prize ? { name: prize.name, winnerNumber: prize.winnerNumber, awardedOn: prize.awardedOn, startsOn: prize.startsOn, endsOn: prize.endsOn } : {};
  }, [editing]);

  const save = async (values: PrizeFormValues) => {
    const body = { name: values.name, winnerNumber: values.winnerNumber, awardedOn: values.awardedOn, startsOn: values.startsOn, endsOn: values.endsOn };
    const msg = editing?.prize ? await savePrize({ id: editing.prize.id, ...body }) : await savePrize({ competitionId: competition!.id, ...body });
    feedback().message.success(msg || t('common.saved'));
    changed();
  };

  return (
    <SidePanel open={!!competition} onClose={onClose} title={competition ? t('awardsUi.prizesOf', { title: competition.title }) : ''} width={phone ? '100%' : 720}>
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} style={{ marginBottom: 12 }} data-testid="prize-add">
          {t('awardsUi.addPrize')}
        </Button>
      )}
      <Table<PrizeRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={prizes}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('awardsUi.noPrizes') }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('awardsUi.prizeName') },
          { key: 'winners', title: t('awardsUi.winnerNumber'), render: (_: unknown, prize) => `${prize.givenCount}/${prize.winnerNumber}` },
          { key: 'awardedOn', dataIndex: 'awardedOn', title: t('awardsUi.awardedOn') },
          { key: 'period', title: `${t('awardsUi.startsOn')} – ${t('awardsUi.endsOn')}`, render: (_: unknown, prize) => `${prize.startsOn} – ${prize.endsOn}` },
          {
            key: 'actions',
            title: t('manage.actions'),
            render: (_: unknown, prize) => (
              <>
                {canEdit && (
                  <Button type="link" size="small" onClick={() => setEditing({ prize })} data-testid={`prize-edit-${prize.id}`}>
                    {t('manage.edit')}
                  </Button>
                )}
                {canDelete && <DeleteButton type="link" size="small" url={PRIZE_CALLS.delete} param={{ ids: [prize.id] }} onSuccess={changed} data-testid={`prize-delete-${prize.id}`} />}
              </>
            ),
          },
        ]}
        data-testid="prizes-table"
      />
      <FormDialog<PrizeFormValues>
        open={!!editing}
        mode={editing?.prize ? 'edit' : 'add'}
        title={t(editing?.prize ? 'awardsUi.editPrize' : 'awardsUi.addPrize')}
        initialValues={initialValues}
        onClose={() => setEditing(null)}
        onSubmit={save}
        data-testid="prize-dialog"
      >
        {() => (
          <>
            <Form.Item name="name" label={t('awardsUi.prizeName')} rules={required('awardsUi.prizeName')}>
              <Input maxLength={100} data-testid="prize-form-name" />
            </Form.Item>
            <Form.Item
              name="winnerNumber"
              label={t('awardsUi.winnerNumber')}
              extra={t('awardsUi.winnerNumberHint')}
              rules={[
                { required: true, message: t('awardsUi.required', { field: t('awardsUi.winnerNumber') }) },
                { type: 'integer', min: WINNER_NUMBER_MIN, max: WINNER_NUMBER_MAX, message: t('awardsUi.winnerNumberRange') },
              ]}
            >
              <InputNumber min={WINNER_NUMBER_MIN} max={WINNER_NUMBER_MAX} precision={0} style={{ width: '100%' }} data-testid="prize-form-winnerNumber" />
            </Form.Item>
            <Form.Item name="awardedOn" label={t('awardsUi.awardedOn')} rules={required('awardsUi.awardedOn')}>
              <Input type="date" data-testid="prize-form-awardedOn" />
            </Form.Item>
            <Form.Item name="startsOn" label={t('awardsUi.startsOn')} rules={required('awardsUi.startsOn')}>
              <Input type="date" data-testid="prize-form-startsOn" />
            </Form.Item>
            <Form.Item
              name="endsOn"
              label={t('awardsUi.endsOn')}
              dependencies={['startsOn']}
              rules={[
                ...required('awardsUi.endsOn'),
                ({ getFieldValue }) => ({
                  validator: (_rule, value: string | undefined) => {
                    const start = getFieldValue('startsOn') as string | undefined;
                    return !value || !start || start <= value ? Promise.resolve() : Promise.reject(new Error(t('awardsUi.startAfterEnd')));
                  },
                }),
              ]}
            >
              <Input type="date" data-testid="prize-form-endsOn" />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </SidePanel>
  );
}
