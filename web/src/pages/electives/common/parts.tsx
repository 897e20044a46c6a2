import { Tag } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import type { ChoiceStatus, DeclarationStatus, SelectionMode, SelectionPhase } from '@campus/contract';
import { ApiError } from '../../../api/client.ts';
import { CHOICE_COLOURS, DECLARATION_COLOURS, PHASE_COLOURS } from '../../../api/electives.ts';
import { t as translate } from '../../../i18n/index.ts';
import './electives.css';

/** The spec's four status names come from the server's catalogue (elective.status.*). */
export function DeclarationStatusTag({ status, testId }: { status: DeclarationStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={DECLARATION_COLOURS[status]} className="elective-tag" data-testid={testId}>
      {t(`elective.status.${status}`)}
    </Tag>
  );
}

export function ChoiceStatusTag({ status, testId }: { status: ChoiceStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={CHOICE_COLOURS[status]} className="elective-tag" data-testid={testId}>
      {t(`electiveUi.choice.${status}`)}
    </Tag>
  );
}

export function PhaseTag({ phase, testId }: { phase: SelectionPhase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={PHASE_COLOURS[phase]} className="elective-tag" data-testid={testId}>
      {t(`electiveUi.phase.${phase}`)}
    </Tag>
  );
}

export function ModeTag({ mode }: { mode: SelectionMode }) {
  const { t } = useTranslation();
  return (
    <Tag color={mode === 'lottery' ? 'purple' : 'blue'} className="elective-tag">
      {t(`electiveUi.mode.${mode}`)}
    </Tag>
  );
}

/** "Monday, period 3": the timetable's own names of the day and the period. */
export const slotText = (t: TFunction, dayName: string, periodName: string) => t('electiveUi.slot', { day: dayName, period: periodName });

export const weeksText = (t: TFunction, from: number, to: number) => t('electiveUi.weeks', { from, to });

/** The message of the server's refusal (result false), '' for anything else (a network failure has its own toast). */
export function refusalOf(error: unknown): string {
  return error instanceof ApiError && error.kind === 'business' ? error.message : '';
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/**
 * A form rule with the contract schema's message at one path of the body the form would send (the schema runs
 * over the whole body, so its object-level refinements land on their field), then an extra check of the page.
 */
export function schemaRule(schema: ZodType, body: () => unknown, path: readonly PropertyKey[], extra?: () => string | undefined): RuleObject {
  return {
    validator: async () => {
      const result = schema.safeParse(body());
      const issue = result.success ? undefined : result.error.issues.find((item) => samePath(item.path, path));
      const message = issue?.message ?? extra?.();
      if (message) throw new Error(translate(message));
    },
  };
}

/** Ids as the options of a Select. */
export const byName = (items: readonly { id: number; name: string }[]) => items.map((item) => ({ value: item.id, label: item.name }));
