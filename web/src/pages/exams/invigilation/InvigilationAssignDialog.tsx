import { useState } from 'react';
import { Alert, Button, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvigilationRole, InvigilationSessionRow, InvigilationSettings } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { assignInvigilators, refusalMessage, type PoolMember } from './invigilationApi.ts';
import { sittingTime, useRoomLabel } from './InvigilationParts.tsx';

/** Invigilators one session holds at most (the contract's). */
const MOST = 6;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const overlaps = (a: { examDate: string; startTime: string; endTime: string }, b: { examDate: string; startTime: string; endTime: string }) =>
  a.examDate === b.examDate && minutes(a.startTime) < minutes(b.endTime) && minutes(b.startTime) < minutes(a.endTime);

export interface InvigilationAssignDialogProps {
  session: InvigilationSessionRow;
  /** Every session of the exam: those at the same time mark who is busy there. */
  sessions: readonly InvigilationSessionRow[];
  pool: readonly PoolMember[];
  unavailable: InvigilationSettings['unavailable'];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Sets one session's invigilators by hand (mounted while open): a chief, assistants and patrols chosen from the
 * pool, each person once. Pool members placed elsewhere at the same time or unavailable then are marked; the
 * server refuses a clash, an unavailable time, an own subject or someone outside the pool, and its message
 * shows in the dialog.
 */
export function InvigilationAssignDialog({ session, sessions, pool, unavailable, onClose, onSaved }: InvigilationAssignDialogProps) {
  const { t } = useTranslation();
  const roomLabel = useRoomLabel();
  const initial = (role: InvigilationRole) => session.invigilators.filter((person) => person.role === role).map((person) => person.staffId);
  const [chief, setChief] = useState<number | undefined>(initial('chief')[0]);
  const [assistants, setAssistants] = useState<number[]>(initial('assistant'));
  const [patrols, setPatrols] = useState<number[]>(initial('patrol'));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  /** The pool and anyone on duty here who has left it since, with what stands against each at this time. */
  const people = (() => {
    const listed = new Map(pool.map((member) => [member.id, { id: member.id, label: `${member.staffNumber} ${member.name}`, note: '' }]));
    for (const person of session.invigilators) {
      if (!listed.has(person.staffId)) listed.set(person.staffId, { id: person.staffId, label: `${person.staffNumber} ${person.name}`, note: t('invigilationPage.notInPool') });
    }
    for (const other of sessions) {
      if (other.id === session.id || !overlaps(other, session)) continue;
      for (const person of other.invigilators) {
        const entry = listed.get(person.staffId);
        if (entry && !entry.note) entry.note = t('invigilationPage.busyIn', { room: roomLabel(other.roomNumber, other.classroomName) });
      }
    }
    for (const away of unavailable) {
      const entry = listed.get(Number(away.staffId));
      if (entry && !entry.note && overlaps(away, session)) entry.note = t('invigilationPage.unavailableThen');
    }
    return [...listed.values()];
  })();

  const chosen = [chief, ...assistants, ...patrols].filter((id): id is number => id !== undefined);
  const options = (own: readonly number[]) =>
    people.map((person) => ({
      value: person.id,
      label: person.note ? `${person.label} (${person.note})` : person.label,
      disabled: chosen.includes(person.id) && !own.includes(person.id),
    }));
  const room = MOST - chosen.length;

  const save = async () => {
    const invigilators = [
      ...(chief === undefined ? [] : [{ staffId: chief, role: 'chief' as const }]),
      ...assistants.map((staffId) => ({ staffId, role: 'assistant' as const })),
      ...patrols.map((staffId) => ({ staffId, role: 'patrol' as const })),
    ];
    setSaving(true);
    setError('');
    try {
      const msg = await assignInvigilators({ sessionId: session.id, invigilators });
      feedback().message.success(msg || t('invigilation.saved'));
      onSaved();
      onClose();
    } catch (refused) {
      setError(refusalMessage(refused) || t('invigilationPage.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const inRoom = (chief === undefined ? 0 : 1) + assistants.length;

  return (
    <Modal
      open
      title={t('invigilationPage.assignTitle', { subject: session.courseName, room: roomLabel(session.roomNumber, session.classroomName) })}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="invigilation-assign-cancel">
          {t('manage.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void save()} data-testid="invigilation-assign-ok">
          {t('manage.save')}
        </Button>,
      ]}
    >
      <div className="invigilation-assign" data-testid="invigilation-assign">
        <div className="invigilation-assign-facts">
          <span>{sittingTime(session)}</span>
          <span>{t('invigilationPage.candidatesValue', { count: session.candidates })}</span>
          <span>{t(session.needed > 1 ? 'invigilationPage.neededTwo' : 'invigilationPage.neededOne')}</span>
        </div>
        {error && <Alert type="error" showIcon title={error} className="invigilation-alert" data-testid="invigilation-assign-error" />}
        {inRoom < session.needed && !error && <Alert type="warning" showIcon title={t('invigilationPage.shortHint', { count: session.needed - inRoom })} className="invigilation-alert" />}
        <Form layout="vertical">
          <Form.Item htmlFor="invigilation-assign-chief" label={t('invigilationPage.role.chief')}>
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={chief}
              onChange={(id) => setChief(id ?? undefined)}
              options={options(chief === undefined ? [] : [chief])}
              placeholder={t('invigilationPage.choosePerson')}
              id="invigilation-assign-chief"
              data-testid="invigilation-assign-chief"
            />
          </Form.Item>
          <Form.Item htmlFor="invigilation-assign-assistant" label={t('invigilationPage.role.assistant')}>
            <Select<number[]>
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={assistants}
              onChange={setAssistants}
              maxCount={assistants.length + room}
              options={options(assistants)}
              placeholder={t('invigilationPage.choosePeople')}
              id="invigilation-assign-assistant"
              data-testid="invigilation-assign-assistant"
            />
          </Form.Item>
          <Form.Item htmlFor="invigilation-assign-patrol" label={t('invigilationPage.role.patrol')} extra={t('invigilationPage.patrolHint')}>
            <Select<number[]>
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={patrols}
              onChange={setPatrols}
              maxCount={patrols.length + room}
              options={options(patrols)}
              placeholder={t('invigilationPage.choosePeople')}
              id="invigilation-assign-patrol"
              data-testid="invigilation-assign-patrol"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
