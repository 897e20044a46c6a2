import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ZodType } from 'zod';
import { t } from '../../i18n/index.ts';

/**
 * An antd form rule that checks one field with a contract schema run over the whole form (so object-level
 * refinements such as "passwords match" land on their field). Messages are catalogue keys, translated here.
 */
export function zodRule(schema: ZodType, field: string, form: FormInstance): RuleObject {
  return {
    validator: async () => {
      const result = schema.safeParse(form.getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(t(issue.message));
    },
  };
}
