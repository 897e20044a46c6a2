import { useMemo, useState } from 'react';
import { Button, Empty, Select, Space, Spin, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArrangeOptions } from '@campus/contract';
import { arrangeKeys, fetchUnavailable, saveUnavailable } from '../../../api/timetableArrange.ts';
import { feedback } from '../../../app/feedback.ts';
import { WeekTable, parseSlot, slotKey } from '../../../components/WeekTable/index.ts';

/** A teacher's periods they cannot teach in the term: a days × periods grid of toggles (red: not available). */
export function AvailabilityTab({ termId, options }: { termId: number; options: ArrangeOptions }) {
  const { t } = useTranslation();
  const [staffId, setStaffId] = useState<number | undefined>();
  const teacherOptions = useMemo(() => options.teachers.map((item) => ({ value: item.id, label: item.staffNumber ? `${item.name} (${item.staffNumber})` : item.name })), [options.teachers]);
  const slots = useQuery({
    queryKey: arrangeKeys.unavailable(termId, staffId ?? 0),
    queryFn: ({ signal }) => fetchUnavailable(termId, staffId!, signal),
    enabled: !!staffId,
  });

  return (
    <div className="arrange-availability" data-testid="arrange-availability">
      <div className="arrange-filters">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          value={staffId}
          onChange={(value: number) => setStaffId(value)}
          options={teacherOptions}
          placeholder={t('arrangeUi.teacherPlaceholder')}
          className="arrange-owner"
          aria-label={t('arrangeUi.col.teacher')}
          data-testid="arrange-availability-teacher"
        />
        <Typography.Text type="secondary" className="arrange-small">
          {t('arrangeUi.availabilityHint')}
        </Typography.Text>
      </div>
      {!staffId ? (
        <Empty description={t('arrangeUi.teacherPlaceholder')} />
      ) : slots.isPending ? (
        <div className="arrange-loading">
          <Spin />
        </div>
      ) : (
        <Toggles key={`${termId}-${staffId}`} termId={termId} staffId={staffId} options={options} initial={slots.data ?? []} />
      )}
    </div>
  );
}

function Toggles({ termId, staffId, options, initial }: { termId: number; staffId: number; options: ArrangeOptions; initial: { day: number; period: number }[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [off, setOff] = useState<Set<string>>(() => new Set(initial.map(slotKey)));
  const [saving, setSaving] = useState(false);
  const saved = useMemo(() => new Set(initial.map(slotKey)), [initial]);
  const changed = off.size !== saved.size || [...off].some((key) => !saved.has(key));

  const toggle = (key: string) =>
    setOff((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const save = async () => {
    setSaving(true);
    try {
      const list = [...off].map(parseSlot).filter((slot) => !!slot);
      const { msg } = await saveUnavailable(termId, staffId, list);
      feedback().message.success(msg || t('arrange.saved'));
      await client.invalidateQueries({ queryKey: arrangeKeys.unavailable(termId, staffId) });
      // The drafts' grids show a teacher's unavailable periods as taken.
      void client.invalidateQueries({ queryKey: ['timetableArrange', 'draft'] });
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <WeekTable
        days={options.days}
        periods={options.periods}
        corner={t('arrangeUi.period')}
        wrapClassName="arrange-grid-wrap"
        cornerClassName="arrange-grid-corner"
        periodClassName="arrange-grid-period"
        className="arrange-grid arrange-toggles"
        data-testid="arrange-availability-grid"
        renderCell={({ day, period, key }) => {
          const unavailable = off.has(key);
          return {
            props: { className: unavailable ? 'is-unavailable' : undefined },
            content: (
              <button
                type="button"
                className="arrange-toggle"
                aria-pressed={unavailable}
                aria-label={t('arrangeUi.slot', { day: day.name, period: period.name })}
                onClick={() => toggle(key)}
                data-testid={`arrange-toggle-${key}`}
              >
                {unavailable ? t('arrange.unavailableCell') : t('arrangeUi.available')}
              </button>
            ),
          };
        }}
      />
      <Space className="arrange-toggles-actions" wrap>
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="arrange-availability-save">
          {t('manage.save')}
        </Button>
        <Button disabled={off.size === 0} onClick={() => setOff(new Set())} data-testid="arrange-availability-clear">
          {t('arrangeUi.clearAll')}
        </Button>
        <Typography.Text type="secondary" className="arrange-small">
          {changed ? t('arrangeUi.unsaved') : t('arrangeUi.unavailableCount', { count: off.size })}
        </Typography.Text>
      </Space>
    </>
  );
}
