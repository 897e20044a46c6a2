import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ZodType } from 'zod';
import { t } from '../../i18n/index.ts';

/**
 * An antd form rule that checks one field with a contract schema run over the whole form (so object-level
 * refinements such as "passwords match" land on their field). Messages are catalogue keys, translated here.
 * The schema may come from a loader: a screen that must be usable before zod arrives (the login page)
 * fetches it at the first check. When that load fails the field passes and the server's check decides.
 */
export function zodRule(schema: ZodType | (() => Promise<ZodType>), field: string, form: FormInstance): RuleObject {
  return {
    validator: async () => {
      const rules = typeof schema === 'function' ? await schema().catch(() => null) : schema;
      if (!rules) return;
      const result = rules.safeParse(form.getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(t(issue.message));
    },
  };
}
