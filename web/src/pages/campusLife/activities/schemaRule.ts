import type { RuleObject } from 'antd/es/form';
import type { ZodType } from 'zod';
import { t as translate } from '../../../i18n/index.ts';

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/**
 * A form rule with the contract schema's message at one field of the body the form would send: the schema runs
 * over the whole body, so its object-level refinements (start before end, effective beds within the total)
 * land on their field.
 */
export function schemaRule(schema: ZodType, body: () => unknown, path: readonly PropertyKey[]): RuleObject {
  return {
    validator: async () => {
      const result = schema.safeParse(body());
      const issue = result.success ? undefined : result.error.issues.find((item) => samePath(item.path, path));
      if (issue) throw new Error(translate(issue.message));
    },
  };
}
