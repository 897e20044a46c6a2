import { useState } from 'react';
import { Alert, Form, Modal, Select, Space, Tag, type ButtonProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ENROLMENT_ENROL_MAX, type EnrolmentRow } from '@campus/contract';
import { enrolCandidates, placeEnrolment } from '../../../api/enrolment.ts';
import { classLabel, fetchRollClasses } from '../../../api/roll.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';

const CLASSES_KEY = ['roll', 'classes'] as const;

/**
 * Why the ticked registrations cannot be placed together, or null: none ticked, one already enrolled, or
 * more than one grade (a class takes the registrations of its own grade only).
 */
export function placeRefusal(rows: readonly EnrolmentRow[], t: TFunction): string | null {
  if (!rows.length) return t('common.selectNone');
  const enrolled = rows.find((row) => row.status === 'enrolled');
  if (enrolled) return t('enrolmentPage.placeEnrolled', { name: enrolled.name });
  if (new Set(rows.map((row) => row.gradeId)).size > 1) return t('enrolmentPage.mixedGrades');
  return null;
}

/** Why the ticked registrations cannot be enrolled, or null: none ticked, too many at once, one enrolled already or without a class. */
export function enrolRefusal(rows: readonly EnrolmentRow[], t: TFunction): string | null {
  if (!rows.length) return t('common.selectNone');
  if (rows.length > ENROLMENT_ENROL_MAX) return t('enrolment.tooManyAtOnce');
  const enrolled = rows.find((row) => row.status === 'enrolled');
  if (enrolled) return t('enrolmentPage.enrolAlready', { name: enrolled.name });
  const unplaced = rows.find((row) => row.status !== 'placed');
  if (unplaced) return t('enrolment.notPlaced', { name: unplaced.name });
  return null;
}


/** The ticked registrations by name (with their class once placed). */
function Names({ rows }: { rows: readonly EnrolmentRow[] }) {
  return (
    <Space size={[4, 4]} wrap className="enrolment-names">
      {rows.map((row) => (
        <Tag key={row.id}>{row.className ? `${row.name} · ${row.className}` : row.name}</Tag>
      ))}
    </Space>
  );
}

export interface PlaceDialogProps {
  /** The registrations to place (one grade); null: closed. */
  rows: EnrolmentRow[] | null;
  onClose: () => void;
  onPlaced: () => void;
}

/** Places registrations of one grade in a class of that grade: the classes show their students and limit. */
export function PlaceDialog({ rows, onClose, onPlaced }: PlaceDialogProps) {
  const { t } = useTranslation();
  const classes = useQuery({ queryKey: CLASSES_KEY, queryFn: ({ signal }) => fetchRollClasses(signal), enabled: !!rows });
  const grade = rows?.[0]?.gradeName ?? '';
  const ofGrade = (classes.data ?? []).filter((item) => item.gradeName === grade);

  return (
    <FormDialog<{ classId?: number }>
      open={!!rows}
      mode="add"
      title={t('enrolmentPage.placeTitle', { count: rows?.length ?? 0 })}
      okText={t('enrolmentPage.placeOk')}
      width={560}
      onClose={onClose}
      onSubmit={async ({ classId }) => {
        const msg = await placeEnrolment(
          (rows ?? []).map((row) => row.id),
          classId as number,
        );
        feedback().message.success(msg);
        onPlaced();
      }}
      data-testid="enrolment-place"
    >
      {() => (
        <>
          <Names rows={rows ?? []} />
          <p className="enrolment-hint">{t('enrolmentPage.placeHint', { grade })}</p>
          {classes.isSuccess && !ofGrade.length && <Alert type="warning" showIcon title={t('enrolmentPage.placeNoClasses', { grade })} data-testid="enrolment-place-none" />}
          <Form.Item name="classId" label={t('enrolmentPage.placeClass')} rules={[{ required: true, message: t('enrolmentPage.placeRequired') }]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={classes.isLoading}
              options={ofGrade.map((item) => {
                const full = item.size >= item.capacity;
                return { value: item.id, label: `${classLabel(item)}${full ? ` ${t('enrolmentPage.placeFull')}` : ''}`, disabled: full };
              })}
              data-testid="enrolment-place-class"
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

export interface EnrolDialogProps {
  /** The placed registrations to enrol (at most ENROLMENT_ENROL_MAX); null: closed. */
  rows: EnrolmentRow[] | null;
  onClose: () => void;
  onEnrolled: () => void;
}

/** Confirms the enrolment: the accounts it creates and their initial passwords, then enrols. */
export function EnrolDialog({ rows, onClose, onEnrolled }: EnrolDialogProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const enrol = async () => {
    if (!rows) return;
    setBusy(true);
    try {
      const msg = await enrolCandidates(rows.map((row) => row.id));
      feedback().message.success(msg);
      // The classes have more students now.
      void client.invalidateQueries({ queryKey: CLASSES_KEY });
      onEnrolled();
      onClose();
    } catch {
      // The request client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!rows}
      title={t('enrolmentPage.enrolTitle', { count: rows?.length ?? 0 })}
      onCancel={onClose}
      onOk={() => void enrol()}
      okText={t('enrolmentPage.enrolOk')}
      cancelText={t('manage.cancel')}
      okButtonProps={{ 'data-testid': 'enrolment-enrol-ok' } as ButtonProps}
      confirmLoading={busy}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div data-testid="enrolment-enrol">
        <Names rows={rows ?? []} />
        <p className="enrolment-hint">{t('enrolmentPage.enrolConfirm')}</p>
        <Alert type="warning" showIcon title={t('enrolmentPage.enrolPasswords')} data-testid="enrolment-enrol-passwords" />
      </div>
    </Modal>
  );
}
