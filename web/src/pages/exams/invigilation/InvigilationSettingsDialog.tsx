import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Input, InputNumber, Modal, Select, Switch, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  INVIGILATION_REASON_MAX,
  invigilationSettingsSchema,
  unavailabilitySchema,
  type InvigilationSettings,
  type InvigilationSettingsForm,
} from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { INVIGILATION_KEY, refusalMessage, saveInvigilationSettings, searchInvigilationStaff, type PoolMember } from './invigilationApi.ts';

type Unavailable = InvigilationSettings['unavailable'][number];

/** "0830", "8:30" or "08\uff1a30" typed: HH:MM; anything else stays for the format check to refuse. */
export function normaliseTime(value: string | undefined): string {
  const typed = (value ?? '').replace(/\s/g, '').replace(/\uff1a/g, ':');
  if (/^\d{4}$/.test(typed)) return `${typed.slice(0, 2)}:${typed.slice(2)}`;
  if (/^\d:\d{2}$/.test(typed)) return `0${typed}`;
  return typed;
}

export interface InvigilationSettingsDialogProps {
  batchId: number;
  settings: InvigilationSettings;
  /** The office may change them (the edit button, the exam neither published nor ended). */
  editable: boolean;
  /** The exam's first day, where the date picker of an unavailable time opens. */
  firstDate?: string;
  onClose: () => void;
  onSaved: () => void;
}

/** A new unavailable time being entered. */
interface Draft {
  staffId?: number;
  examDate?: string;
  startTime: string;
  endTime: string;
  reason: string;
}

const EMPTY_DRAFT: Draft = { startTime: '', endTime: '', reason: '' };

/**
 * The exam's invigilation settings (mounted while open): the pool of staff who may invigilate (removed one by one,
 * added through the staff search), whether teachers avoid their own subject, from how many candidates a
 * room gets two invigilators, and the pool members' unavailable times. Saved together; read-only otherwise.
 */
export function InvigilationSettingsDialog({ batchId, settings, editable, firstDate, onClose, onSaved }: InvigilationSettingsDialogProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [pool, setPool] = useState<PoolMember[]>(settings.staff);
  const [avoidOwnSubject, setAvoidOwnSubject] = useState(settings.avoidOwnSubject);
  const [twoFrom, setTwoFrom] = useState<number | null>(settings.twoInvigilatorsFrom);
  const [unavailable, setUnavailable] = useState<Unavailable[]>(settings.unavailable);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [draftError, setDraftError] = useState('');
  const [filter, setFilter] = useState('');
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  // The staff search waits for a pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => setSearched(keyword.trim()), 300);
    return () => clearTimeout(timer);
  }, [keyword]);
  const found = useQuery({
    queryKey: [...INVIGILATION_KEY, 'staff', searched],
    queryFn: ({ signal }) => searchInvigilationStaff(searched, signal),
    enabled: editable,
  });

  const inPool = useMemo(() => new Set(pool.map((member) => member.id)), [pool]);
  const shown = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    return wanted ? pool.filter((member) => `${member.staffNumber} ${member.name} ${member.departmentName}`.toLowerCase().includes(wanted)) : pool;
  }, [pool, filter]);

  const add = (member: PoolMember) => {
    if (inPool.has(member.id)) return;
    setPool((members) => [...members, member]);
    setError('');
  };
  const remove = (id: number) => {
    setPool((members) => members.filter((member) => member.id !== id));
    // An unavailable time belongs to a pool member: it goes with them.
    setUnavailable((rows) => rows.filter((row) => row.staffId !== id));
    if (draft.staffId === id) setDraft((current) => ({ ...current, staffId: undefined }));
    setError('');
  };

  const addUnavailable = () => {
    const parsed = unavailabilitySchema.safeParse(draft);
    if (!parsed.success) {
      setDraftError(t(parsed.error.issues[0]?.message ?? 'errors.badRequest'));
      return;
    }
    const member = pool.find((item) => item.id === parsed.data.staffId);
    setUnavailable((rows) =>
      [...rows, { ...parsed.data, staffName: member?.name ?? '' }].sort((a, b) => a.examDate.localeCompare(b.examDate) || a.startTime.localeCompare(b.startTime)),
    );
    setDraft((current) => ({ ...EMPTY_DRAFT, examDate: current.examDate }));
    setDraftError('');
    setError('');
  };

  const save = async () => {
    const body: InvigilationSettingsForm = {
      batchId,
      staffIds: pool.map((member) => member.id),
      avoidOwnSubject,
      twoInvigilatorsFrom: twoFrom ?? undefined,
      unavailable: unavailable.map(({ staffId, examDate, startTime, endTime, reason }) => ({ staffId, examDate, startTime, endTime, reason: reason ?? '' })),
    };
    const parsed = invigilationSettingsSchema.safeParse(body);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'errors.badRequest'));
      return;
    }
    setSaving(true);
    try {
      const msg = await saveInvigilationSettings(body);
      feedback().message.success(msg || t('invigilation.settingsSaved'));
      onSaved();
      onClose();
    } catch (refused) {
      setError(refusalMessage(refused) || t('invigilationPage.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const poolColumns: TableColumnsType<PoolMember> = [
    { key: 'staffNumber', dataIndex: 'staffNumber', title: t('invigilation.col.staffNumber'), width: 110 },
    { key: 'name', dataIndex: 'name', title: t('invigilation.col.name'), width: 110 },
    { key: 'departmentName', dataIndex: 'departmentName', title: t('invigilationPage.col.department'), render: (name: string) => name || '—' },
    ...(editable
      ? [
          {
            key: 'remove',
            title: t('manage.actions'),
            width: 80,
            render: (_: unknown, member: PoolMember) => (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove(member.id)}
                aria-label={t('invigilationPage.removeFromPool', { name: member.name })}
                data-testid={`invigilation-pool-remove-${member.id}`}
              >
                {phone ? null : t('invigilationPage.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const unavailableColumns: TableColumnsType<Unavailable> = [
    { key: 'staffName', dataIndex: 'staffName', title: t('invigilation.col.name'), width: 110 },
    { key: 'time', title: t('invigilationPage.col.time'), width: 190, render: (_: unknown, row) => <span className="invigilation-nowrap">{`${row.examDate} ${row.startTime}–${row.endTime}`}</span> },
    { key: 'reason', dataIndex: 'reason', title: t('invigilationPage.reason'), render: (reason: string) => reason || '—' },
    ...(editable
      ? [
          {
            key: 'remove',
            title: t('manage.actions'),
            width: 80,
            render: (_: unknown, _row: Unavailable, index: number) => (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => setUnavailable((rows) => rows.filter((_item, at) => at !== index))}
                aria-label={t('invigilationPage.remove')}
                data-testid={`invigilation-unavailable-remove-${index}`}
              >
                {phone ? null : t('invigilationPage.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const footer = editable
    ? [
        <Button key="cancel" onClick={onClose} data-testid="invigilation-settings-cancel">
          {t('manage.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void save()} data-testid="invigilation-settings-ok">
          {t('manage.save')}
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose} data-testid="invigilation-settings-close">
          {t('manage.close')}
        </Button>,
      ];

  return (
    <Modal open title={t('invigilationPage.settingsTitle')} onCancel={onClose} footer={footer} width={currentLanguage() === 'en' ? 900 : 820} mask={{ closable: false }}>
      <div className="invigilation-settings" data-testid="invigilation-settings">
        {error && <Alert type="error" showIcon title={error} className="invigilation-alert" data-testid="invigilation-settings-error" />}

        <section className="invigilation-section">
          <div className="invigilation-section-head">
            <span className="invigilation-section-title">{t('invigilationPage.pool', { count: pool.length })}</span>
            <Input allowClear size="small" className="invigilation-pool-filter" placeholder={t('invigilationPage.poolFilter')} value={filter} onChange={(event) => setFilter(event.target.value)} data-testid="invigilation-pool-filter" />
          </div>
          {editable && <div className="invigilation-muted invigilation-hint">{t('invigilationPage.poolHint')}</div>}
          {editable && (
            <Select<number>
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              value={null}
              className="invigilation-staff-search"
              placeholder={t('invigilationPage.addStaff')}
              loading={found.isFetching}
              notFoundContent={found.isFetching ? null : t('invigilationPage.noStaffFound')}
              options={(found.data ?? []).map((member) => ({
                value: member.id,
                disabled: inPool.has(member.id),
                label: [member.staffNumber, member.name, member.departmentName].filter(Boolean).join(' · ') + (inPool.has(member.id) ? ` (${t('invigilationPage.inPool')})` : ''),
              }))}
              onSelect={(id) => {
                const member = found.data?.find((item) => item.id === id);
                if (member) add(member);
              }}
              id="invigilation-staff-search"
              data-testid="invigilation-staff-search"
            />
          )}
          <Table<PoolMember>
            rowKey="id"
            size="small"
            columns={poolColumns}
            dataSource={shown}
            pagination={shown.length > 8 ? { pageSize: 8, showSizeChanger: false, size: 'small' } : false}
            locale={{ emptyText: t('invigilationPage.poolEmpty') }}
            scroll={{ x: 'max-content' }}
            data-testid="invigilation-pool"
          />
        </section>

        <section className="invigilation-section invigilation-rules">
          <label className="invigilation-rule">
            <Switch checked={avoidOwnSubject} onChange={setAvoidOwnSubject} disabled={!editable} data-testid="invigilation-avoid-own" />
            <span>{t('invigilationPage.avoidOwnSubject')}</span>
          </label>
          <label className="invigilation-rule">
            <span>{t('invigilationPage.twoFrom')}</span>
            <InputNumber<number>
              min={1}
              max={200}
              precision={0}
              value={twoFrom}
              onChange={(value) => setTwoFrom(value)}
              disabled={!editable}
              style={{ width: 90 }}
              data-testid="invigilation-two-from"
            />
            <span>{t('invigilationPage.twoFromUnit')}</span>
          </label>
        </section>

        <section className="invigilation-section">
          <div className="invigilation-section-head">
            <span className="invigilation-section-title">{t('invigilationPage.unavailable', { count: unavailable.length })}</span>
          </div>
          {editable && (
            <div className="invigilation-unavailable-form" data-testid="invigilation-unavailable-form">
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                value={draft.staffId}
                placeholder={t('invigilationPage.unavailableStaff')}
                options={pool.map((member) => ({ value: member.id, label: `${member.staffNumber} ${member.name}` }))}
                onChange={(staffId) => setDraft((current) => ({ ...current, staffId }))}
                className="invigilation-unavailable-staff"
                id="invigilation-unavailable-staff"
                data-testid="invigilation-unavailable-staff"
              />
              <DatePicker
                value={draft.examDate ? dayjs(draft.examDate) : null}
                onChange={(date: Dayjs | null) => setDraft((current) => ({ ...current, examDate: date ? date.format('YYYY-MM-DD') : undefined }))}
                defaultPickerValue={firstDate ? dayjs(firstDate) : undefined}
                placeholder={t('invigilationPage.unavailableDate')}
                inputReadOnly={phone}
                data-testid="invigilation-unavailable-date"
              />
              <Input
                value={draft.startTime}
                maxLength={5}
                inputMode="numeric"
                placeholder={t('invigilationPage.startPlaceholder')}
                aria-label={t('invigilationPage.start')}
                onChange={(event) => setDraft((current) => ({ ...current, startTime: normaliseTime(event.target.value) }))}
                className="invigilation-time"
                data-testid="invigilation-unavailable-start"
              />
              <Input
                value={draft.endTime}
                maxLength={5}
                inputMode="numeric"
                placeholder={t('invigilationPage.endPlaceholder')}
                aria-label={t('invigilationPage.end')}
                onChange={(event) => setDraft((current) => ({ ...current, endTime: normaliseTime(event.target.value) }))}
                className="invigilation-time"
                data-testid="invigilation-unavailable-end"
              />
              <Input
                value={draft.reason}
                maxLength={INVIGILATION_REASON_MAX}
                placeholder={t('invigilationPage.reason')}
                onChange={(event) => setDraft((current) => ({ ...current, reason: event.target.value }))}
                className="invigilation-reason"
                data-testid="invigilation-unavailable-reason"
              />
              <Button icon={<PlusOutlined />} onClick={addUnavailable} data-testid="invigilation-unavailable-add">
                {t('invigilationPage.add')}
              </Button>
            </div>
          )}
          {draftError && <div className="invigilation-error" data-testid="invigilation-unavailable-error">{draftError}</div>}
          <Table<Unavailable>
            rowKey={(row) => `${row.staffId}|${row.examDate}|${row.startTime}|${row.endTime}|${row.reason ?? ''}`}
            size="small"
            columns={unavailableColumns}
            dataSource={unavailable}
            pagination={false}
            locale={{ emptyText: t('invigilationPage.unavailableEmpty') }}
            scroll={{ x: 'max-content' }}
            data-testid="invigilation-unavailable"
          />
        </section>
      </div>
    </Modal>
  );
}
