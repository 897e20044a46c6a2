import { useMemo } from 'react';
import { Button, Form, Select, Space, Typography, type FormInstance } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_STEPS_MAX, APPROVER_KINDS, USER_TYPES, approvalFlowUpdateSchema,
  type ApplicationType, type ApprovalFlowView, type ApprovalStepInput, type ApproverKind,
} from '@campus/contract';
import { saveFlow } from '../../../api/approvals.ts';
import { loadRoleGroups } from '../../../api/components.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { Picker, splitValue, toCode } from '../../../components/Picker/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';

/** One step in the form: the kind, the role's code, or the person as the picker holds them (U_<account>). */
export interface StepValue {
  kind?: ApproverKind;
  roleCode?: string | null;
  person?: string;
}

export interface FlowValues {
  steps: StepValue[];
}

export function flowFormValues(flow: ApprovalFlowView): FlowValues {
  return {
    steps: flow.steps.map((step) => ({ kind: step.kind, roleCode: step.roleCode, person: step.account ? toCode('people', step.account) : '' })),
  };
}

/** The account the picker holds, if any. */
const accountOf = (person: string | undefined) => splitValue(person).find((item) => item.type === 'people')?.id ?? null;

/** The steps as the save call takes them: a role by its code, a person by their account. */
function stepsBody(steps: StepValue[]): ApprovalStepInput[] {
  return steps.map((step) => {
    const kind = step.kind!;
    return { kind, roleCode: kind === 'role' ? (step.roleCode ?? null) : null, account: kind === 'person' ? accountOf(step.person) : null };
  });
}

export interface FlowDialogProps {
  editing: ApprovalFlowView | null;
  onClose: () => void;
  /** After the server saved the chain (its message has been shown). */
  onSaved: () => void;
}

/** A type's chain: one to five steps in order, each naming who approves it (a role or a person where chosen). */
export function FlowDialog({ editing, onClose, onSaved }: FlowDialogProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const initialValues = useMemo(() => (editing ? flowFormValues(editing) : undefined), [editing]);
  const type: ApplicationType | undefined = editing?.type;
  // The chain's own roles, named even when the roles call no longer lists one (e.g. it was disabled).
  const savedRoles = useMemo(() => new Map((editing?.steps ?? []).flatMap((step) => (step.roleCode ? [[step.roleCode, step.roleName] as const] : []))), [editing]);

  const submit = async (values: FlowValues) => {
    if (!editing || !type) return;
    const steps = stepsBody(values.steps ?? []);
    // The contract's rules once more over what is sent (a field the form had not yet shown is checked too).
    const checked = approvalFlowUpdateSchema.safeParse({ type, steps });
    if (!checked.success) {
      feedback().message.error(t(checked.error.issues[0].message));
      throw checked.error;
    }
    const msg = await saveFlow(type, steps);
    feedback().message.success(msg || t('common.updated'));
    onSaved();
  };

  return (
    <FormDialog<FlowValues>
      open={!!editing}
      mode="edit"
      title={type ? t('flows.editTitle', { type: t(`approval.type.${type}`) }) : ''}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={submit}
      width={phone ? undefined : 760}
      data-testid="flow-dialog"
    >
      {(form) => <StepsField form={form} savedRoles={savedRoles} />}
    </FormDialog>
  );
}

function StepsField({ form, savedRoles }: { form: FormInstance<FlowValues>; savedRoles: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  return (
    <Form.List
      name="steps"
      rules={[
        {
          validator: async (_, steps: unknown[] | undefined) => {
            if (!steps?.length) throw new Error(t('approval.stepsRequired'));
            if (steps.length > APPROVAL_STEPS_MAX) throw new Error(t('approval.tooManySteps'));
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <div className="flow-steps" data-testid="flow-steps" data-count={fields.length}>
          <Typography.Paragraph type="secondary" className="flow-hint">
            {t('flows.hint', { max: APPROVAL_STEPS_MAX })}
          </Typography.Paragraph>
          {fields.map((field, index) => (
            <div key={field.key} className="flow-step" data-testid="flow-step" data-index={index}>
              <span className="flow-step-number">{t('flows.stepNumber', { step: index + 1 })}</span>
              <StepFields form={form} name={field.name} savedRoles={savedRoles} />
              <Space size={0} className="flow-step-actions">
                <Button type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('flows.moveUp')} data-testid={`flow-step-up-${index}`} />
                <Button type="text" icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} aria-label={t('flows.moveDown')} data-testid={`flow-step-down-${index}`} />
                <Button type="text" danger icon={<DeleteOutlined />} disabled={fields.length <= 1} onClick={() => remove(field.name)} aria-label={t('flows.removeStep')} data-testid={`flow-step-remove-${index}`} />
              </Space>
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= APPROVAL_STEPS_MAX} onClick={() => add({ kind: undefined, roleCode: null, person: '' })} block data-testid="flow-step-add">
            {t('flows.addStep')}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

/** The kind of a step and, for a role or a named person, which one. */
function StepFields({ form, name, savedRoles }: { form: FormInstance<FlowValues>; name: number; savedRoles: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const kind = Form.useWatch(['steps', name, 'kind'], form) as ApproverKind | undefined;
  const roleCode = Form.useWatch(['steps', name, 'roleCode'], form) as string | null | undefined;
  // The shared components' role call (enabled roles grouped by role type, cached for the page's life). It
  // does not tell a dynamic role from an ordinary one: the server refuses a dynamic one with its message.
  const roles = useQuery({ queryKey: ['components', 'roles'], queryFn: () => loadRoleGroups(), enabled: kind === 'role', staleTime: Infinity });
  const roleOptions = useMemo(() => {
    const groups = (roles.data ?? []).map((group) => ({ label: group.NAME, title: group.NAME, options: group.CHILD.map((role) => ({ value: role.id, label: role.label })) }));
    const listed = groups.some((group) => group.options.some((option) => option.value === roleCode));
    // A role the chain names but the call no longer lists stays shown by its saved name.
    return roleCode && !listed && roles.data ? [{ value: roleCode, label: savedRoles.get(roleCode) || roleCode }, ...groups] : groups;
  }, [roles.data, roleCode, savedRoles]);
  return (
    <div className="flow-step-fields">
      <Form.Item name={[name, 'kind']} rules={[{ required: true, message: t('approval.stepKindInvalid') }]} className="flow-step-kind">
        <Select
          options={APPROVER_KINDS.map((value) => ({ value, label: t(`approvalTrail.kind.${value}`) }))}
          placeholder={t('flows.kindHint')}
          data-testid={`flow-step-kind-${name}`}
        />
      </Form.Item>
      {kind === 'role' && (
        <Form.Item name={[name, 'roleCode']} rules={[{ required: true, message: t('approval.stepRoleRequired') }]} className="flow-step-choice">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={roles.isLoading}
            options={roleOptions}
            placeholder={t('flows.roleHint')}
            data-testid={`flow-step-role-${name}`}
          />
        </Form.Item>
      )}
      {kind === 'person' && (
        <Form.Item name={[name, 'person']} rules={[{ required: true, message: t('approval.stepPersonRequired') }]} className="flow-step-choice">
          <Picker types={['people']} multiple={false} userType={String(USER_TYPES.teacher)} placeholder={t('flows.personHint')} />
        </Form.Item>
      )}
    </div>
  );
}
