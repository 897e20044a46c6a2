import { useState } from 'react';
import { Alert, Button, Descriptions, Popconfirm, Result, Spin } from 'antd';
import { HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, ApplicationView, RollChangeEffect, RollChangeKind, RollChangeRow } from '@campus/contract';
import { fetchRollChange, withdrawRollChange } from '../../../api/roll.ts';
import { feedback } from '../../../app/feedback.ts';
import { ApprovalTrail } from '../../../components/ApprovalTrail/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ClassMove, EffectTag, KindTag, RollPhotos, StatusCell, minuteTime, schoolLabelKey } from './RollParts.tsx';
import { RollTimeline, useRollHistory } from './RollHistory.tsx';

export const rollChangeKey = (id: number) => ['roll', 'change', id] as const;

/** A student whose history is asked for. */
export interface RollStudentRef {
  id: number;
  name: string;
  studentNumber: string;
}

export interface RollChangeDetailProps {
  /** The change to show; null closes the panel. */
  id: number | null;
  /** Its row of the list or of a history, when it was opened from one: shown when the change itself may not be read. */
  row?: RollChangeRow;
  onClose: () => void;
  /** Withdrawn: the list loads again. */
  onChanged: () => void;
  /** Another change of the student's history was asked for. */
  onOpen: (row: RollChangeRow) => void;
  /** The student's whole history was asked for. */
  onHistory: (student: RollStudentRef) => void;
}

/** What the detail shows of a change, from the change itself or from its row. */
interface Facts {
  id: number;
  studentId: number | null;
  studentName: string;
  studentNumber: string;
  kind: RollChangeKind | undefined;
  fromClassName: string;
  toClassName: string;
  effectiveDate: string;
  school: string;
  reason: string;
  status: ApplicationStatus;
  step: number;
  stepCount: number;
  /** Known once the student's history (or the list's row) is in. */
  effect: RollChangeEffect | null;
  effectedAt: string;
  applicantName: string;
  createdAt: string;
}

function factsOfView(view: ApplicationView, row: RollChangeRow | undefined): Facts {
  const { details } = view;
  return {
    id: view.id,
    studentId: view.studentId,
    studentName: view.subjectName,
    studentNumber: row?.studentNumber ?? '',
    kind: details.changeKind,
    fromClassName: details.fromClassName ?? '',
    toClassName: details.toClassName ?? '',
    effectiveDate: details.effectiveDate ?? '',
    school: details.school ?? '',
    reason: view.reason,
    status: view.status,
    step: view.step,
    stepCount: view.stepCount,
    effect: row?.effect ?? null,
    effectedAt: row?.effectedAt ?? '',
    applicantName: view.applicantName,
    createdAt: view.createdAt,
  };
}

const factsOfRow = (row: RollChangeRow): Facts => ({ ...row, effect: row.effect });

/**
 * One roll change as the class teacher or the office follows it: every field, the photo, the approval trail,
 * whether it took effect, the student's other changes, and withdraw while it is pending and theirs. A change
 * the caller may list but not read (a student coming into their class, filed by the office) shows its row.
 */
export function RollChangeDetail({ id, row, onClose, onChanged, onOpen, onHistory }: RollChangeDetailProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: rollChangeKey(id ?? 0),
    queryFn: ({ signal }) => fetchRollChange(id ?? 0, { signal, silent: true }),
    enabled: id !== null,
    gcTime: 0,
  });
  const change = id !== null ? query.data : undefined;
  const known = row && row.id === id ? row : undefined;
  const history = useRollHistory(change?.studentId ?? null, true);
  const own = history.data?.find((item) => item.id === change?.id) ?? known;
  const facts = change ? factsOfView(change, own) : query.isError && known ? factsOfRow(known) : undefined;
  const canWithdraw = change ? change.canWithdraw : false;

  const withdraw = async () => {
    if (!change) return;
    setBusy(true);
    try {
      const msg = await withdrawRollChange(change.id);
      feedback().message.success(msg || t('application.status.withdrawn'));
      void query.refetch();
      void history.refetch();
      onChanged();
    } catch {
      // The request client has shown why (e.g. decided meanwhile).
    } finally {
      setBusy(false);
    }
  };

  return (
    <SidePanel
      open={id !== null}
      onClose={onClose}
      title={t('rollChanges.detailTitle')}
      width={phone ? '100%' : 640}
      className="roll-panel"
      footer={
        <div className={`roll-footer${phone ? ' is-phone' : ''}`}>
          {canWithdraw && (
            <Popconfirm
              title={t('rollChanges.withdrawConfirm')}
              okText={t('application.withdrawOk')}
              cancelText={t('application.keep')}
              okButtonProps={{ danger: true }}
              onConfirm={() => withdraw()}
            >
              <Button danger block={phone} icon={<RollbackOutlined />} loading={busy} data-testid="roll-detail-withdraw">
                {t('application.withdraw')}
              </Button>
            </Popconfirm>
          )}
          {/* A change the caller may not read is of a student whose history they may not read either. */}
          {change && facts?.studentId ? (
            <Button
              block={phone}
              icon={<HistoryOutlined />}
              onClick={() => onHistory({ id: facts.studentId ?? 0, name: facts.studentName, studentNumber: facts.studentNumber })}
              data-testid="roll-detail-history"
            >
              {t('rollChanges.history')}
            </Button>
          ) : null}
          <Button block={phone} onClick={onClose} data-testid="roll-detail-close">
            {t('application.close')}
          </Button>
        </div>
      }
    >
      {id !== null && query.isError && !facts && <Result status="warning" title={t('application.notFound')} />}
      {id !== null && !query.isError && !change && <Spin className="roll-loading" />}
      {facts && (
        <article className="roll-detail" data-testid="roll-detail" data-id={facts.id} data-status={facts.status}>
          <FactList facts={facts} phone={phone} />
          {change ? (
            <>
              <section className="roll-section" aria-label={t('rollChanges.photo')}>
                <div className="roll-section-title">{t('rollChanges.photo')}</div>
                <RollPhotos images={change.images} />
              </section>
              <section className="roll-section" aria-label={t('application.trail')}>
                <div className="roll-section-title">{t('application.trail')}</div>
                <ApprovalTrail entries={change.trail} stepCount={change.stepCount} />
              </section>
              {history.data && history.data.length > 1 && (
                <section className="roll-section" aria-label={t('rollChanges.history')}>
                  <div className="roll-section-title">{t('rollChanges.history')}</div>
                  <RollTimeline rows={history.data} current={change.id} onOpen={onOpen} />
                </section>
              )}
            </>
          ) : (
            <Alert type="info" showIcon title={t('rollChanges.rowOnly')} data-testid="roll-detail-row-only" />
          )}
        </article>
      )}
    </SidePanel>
  );
}

function FactList({ facts, phone }: { facts: Facts; phone: boolean }) {
  const { t } = useTranslation();
  const items = [
    { key: 'student', label: t('rollChanges.student'), value: facts.studentNumber ? `${facts.studentName} · ${facts.studentNumber}` : facts.studentName },
    { key: 'kind', label: t('rollChanges.kind'), value: facts.kind ? <KindTag kind={facts.kind} /> : null },
    { key: 'classes', label: t('rollChanges.classes'), value: <ClassMove from={facts.fromClassName} to={facts.toClassName} /> },
    { key: 'effectiveDate', label: t('rollChanges.effectiveDate'), value: facts.effectiveDate },
    ...(facts.school ? [{ key: 'school', label: t(schoolLabelKey(facts.kind)), value: facts.school }] : []),
    { key: 'reason', label: t('rollChanges.reason'), value: <div className="roll-text">{facts.reason}</div> },
    { key: 'status', label: t('rollChanges.status'), value: <StatusCell row={facts} /> },
    {
      key: 'effect',
      label: t('rollChanges.effect'),
      value: facts.effect ? (
        <span className="roll-tags">
          <EffectTag effect={facts.effect} />
          {facts.effect === 'effective' && facts.effectedAt && <span className="roll-muted">{t('rollChanges.effectedAt', { time: minuteTime(facts.effectedAt) })}</span>}
        </span>
      ) : null,
    },
    { key: 'applicant', label: t('rollChanges.filer'), value: facts.applicantName },
    { key: 'createdAt', label: t('rollChanges.filedAt'), value: minuteTime(facts.createdAt) },
  ];
  return (
    <Descriptions
      column={1}
      size="small"
      bordered={!phone}
      layout={phone ? 'vertical' : 'horizontal'}
      className="roll-facts"
      items={items.map((item) => ({ key: item.key, label: item.label, children: <span data-testid={`roll-fact-${item.key}`}>{item.value}</span> }))}
    />
  );
}
