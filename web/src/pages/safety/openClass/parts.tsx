import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OpenClassPhase } from '@campus/contract';
import { PHASE_COLOURS } from '../../../api/openClass.ts';

export { ParametersLost, byName, idParam, schemaRule, scoreText } from '../../teaching/common/parts.tsx';

export function PhaseTag({ phase, testId }: { phase: OpenClassPhase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={PHASE_COLOURS[phase]} className="teaching-tag" data-testid={testId}>
      {t(`openClass.phase.${phase}`)}
    </Tag>
  );
}
