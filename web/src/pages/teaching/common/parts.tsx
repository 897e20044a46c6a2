import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { t as translate } from '../../../i18n/index.ts';
import './teaching.css';

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/** A form rule with the contract schema's message at one path of the body the form would send. */
export function schemaRule(schema: ZodType, body: () => unknown, path: readonly PropertyKey[]): RuleObject {
  return {
    validator: async () => {
      const result = schema.safeParse(body());
      const issue = result.success ? undefined : result.error.issues.find((item) => samePath(item.path, path));
      if (issue) throw new Error(translate(issue.message));
    },
  };
}

/** A positive whole id from the query string, null when missing or malformed. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const byName = (items: readonly { id: number; name: string }[]) => items.map((item) => ({ value: item.id, label: item.name }));

/** A hidden page opened without its record: the message and the way back to the page that opens it. */
export function ParametersLost({ back, backLabel, message }: { back: string; backLabel: ReactNode; message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={message || t('teachingUi.parametersLost')}
      extra={
        <Button type="primary" onClick={() => void navigate(back)} data-testid="teaching-parameters-back">
          {backLabel}
        </Button>
      }
      data-testid="teaching-parameters-lost"
    />
  );
}

/** A score with one decimal at most, or a dash. */
export const scoreText = (value: number | null | undefined) => (value === null || value === undefined ? '—' : String(Math.round(value * 10) / 10));
