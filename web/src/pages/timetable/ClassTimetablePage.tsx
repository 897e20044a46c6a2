import { useState } from 'react';
import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../registry.ts';
import { TimetableView } from '../../components/Timetable/index.ts';
import { local } from '../../state/storage.ts';
import './timetablePages.css';

const LAST_CLASS_KEY = 'campus.timetable.class';

const lastClass = (): string => local.get(LAST_CLASS_KEY) ?? '';

/**
 * /kbgl/bjkb class timetable: the timetable of a class by its class number (BH); the last one asked for is
 * remembered. Teacher names in the cells open the staff profile.
 */
export default function ClassTimetablePage(_props: PageProps) {
  const { t } = useTranslation();
  const [bh, setBh] = useState(lastClass);
  const [typed, setTyped] = useState(bh);

  return (
    <div className="timetable-page" data-testid="class-timetable-page">
      <div className="timetable-page-head">
        <div className="timetable-page-title">
          <span>{t('timetable.classTimetable')}</span>
          {bh ? (
            <span className="timetable-page-sub" data-testid="timetable-class-number">
              {bh}
            </span>
          ) : null}
        </div>
        <Space wrap className="timetable-page-controls">
          <Input.Search
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('timetable.classNumber')}
            enterButton={t('timetable.show')}
            onSearch={(value) => {
              const next = value.trim();
              setBh(next);
              if (next) local.set(LAST_CLASS_KEY, next);
            }}
            style={{ width: 280 }}
            data-testid="timetable-class-input"
          />
        </Space>
      </div>
      <TimetableView target={bh ? { kind: 'class', bh } : null} />
    </div>
  );
}
