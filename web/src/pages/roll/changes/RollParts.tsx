import { Image, Skeleton, Tag, Typography } from 'antd';
import { ArrowRightOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, ApplicationView, RollChangeEffect, RollChangeKind } from '@campus/contract';
import { APPLICATION_STATUS_COLOURS } from '../../../api/leave.ts';
import { ROLL_EFFECT_COLOURS, ROLL_KIND_COLOURS } from '../../../api/roll.ts';
import { useAuthorizedObjectUrl } from '../../../hooks/useAuthorizedObjectUrl.ts';

/** What the list, the detail and the history show alike: the kind, the classes, the statuses and the photo. */

/** A time the server wrote in the school's clock ('2026-11-25 17:10:03'), to the minute. */
export function minuteTime(value: string | null | undefined): string {
  return value ? value.replace('T', ' ').slice(0, 16) : '';
}

export function KindTag({ kind }: { kind: RollChangeKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLL_KIND_COLOURS[kind]} className="roll-tag" data-testid="roll-kind" data-kind={kind}>
      {t(`roll.kind.${kind}`)}
    </Tag>
  );
}

export function EffectTag({ effect }: { effect: RollChangeEffect }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLL_EFFECT_COLOURS[effect]} className="roll-tag" data-testid="roll-effect" data-effect={effect}>
      {t(`rollChanges.effect.${effect}`)}
    </Tag>
  );
}

/** The approval status, and "step 1 of 2" while it waits. */
export function StatusCell({ row }: { row: { status: ApplicationStatus; step: number; stepCount: number } }) {
  const { t } = useTranslation();
  return (
    <span className="roll-tags">
      <Tag color={APPLICATION_STATUS_COLOURS[row.status]} className="roll-tag" data-testid="roll-status" data-status={row.status}>
        {t(`application.status.${row.status}`)}
      </Tag>
      {row.status === 'pending' && row.stepCount > 0 && (
        <Typography.Text type="secondary" className="roll-progress" data-testid="roll-progress">
          {t('application.stepProgress', { step: row.step, count: row.stepCount })}
        </Typography.Text>
      )}
    </span>
  );
}

/** "Class 8-1 → Class 8-2"; a side without a class reads "none". */
export function ClassMove({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const none = <Typography.Text type="secondary">{t('rollChanges.noClass')}</Typography.Text>;
  return (
    <span className="roll-move" data-testid="roll-move">
      <span>{from || none}</span>
      <ArrowRightOutlined className="roll-move-arrow" aria-label={t('rollChanges.moveTo')} />
      <span>{to || none}</span>
    </span>
  );
}

/** The label of the other school: where a transferred student goes, where an inserted one comes from. */
export function schoolLabelKey(kind: RollChangeKind | undefined): string {
  return kind === 'transferOut' ? 'rollChanges.schoolTo' : kind === 'insertClass' ? 'rollChanges.schoolFrom' : 'rollChanges.school';
}

function Photo({ file }: { file: ApplicationView['images'][number] }) {
  const { url, failed } = useAuthorizedObjectUrl(`/file/download/${encodeURIComponent(file.id)}`);
  if (failed) {
    return (
      <div className="roll-photo is-missing" title={file.name}>
        <PictureOutlined />
      </div>
    );
  }
  if (!url) return <Skeleton.Image active className="roll-photo" />;
  return <Image src={url} alt={file.name} width={120} height={120} className="roll-photo-img" rootClassName="roll-photo" data-testid="roll-photo" />;
}

/** The supporting photo (a transfer letter, a medical certificate), with a preview. */
export function RollPhotos({ images }: { images: ApplicationView['images'] }) {
  const { t } = useTranslation();
  if (images.length === 0) return <Typography.Text type="secondary">{t('rollChanges.noPhoto')}</Typography.Text>;
  return (
    <div className="roll-photos" data-testid="roll-photos">
      <Image.PreviewGroup>
        {images.map((file) => (
          <Photo key={file.id} file={file} />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}
