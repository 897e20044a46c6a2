import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESEARCH_MEETING_PERMISSIONS, RESEARCH_MEETING_URL, USER_TYPES } from '@campus/contract';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import type { PageProps } from '../../registry.ts';
import { TimetableView } from '../../../components/Timetable/index.ts';
import { TeacherLink } from '../../../components/StaffDialog/index.ts';
import { Picker, parseCode, toCode } from '../../../components/Picker/index.ts';
import { useSession } from '../../../state/session.ts';
import './timetablePages.css';

/** Teachers in the people picker. */
const TEACHER_USER_TYPE = '3';

/** The staff number picked in the people picker ('U_T0002' → 'T0002'), or '' when none. */
export function staffNumberOf(pickerValue: string): string {
  const first = pickerValue.split(',')[0] ?? '';
  const parsed = parseCode(first);
  return parsed?.type === 'people' ? parsed.id : '';
}

/**
 * /kbgl/jskb teacher timetable: the caller's own by default (teachers), any colleague through the staff
 * picker or the staff-number field.
 */
export default function TeacherTimetablePage(_props: PageProps) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const own = user?.userType === USER_TYPES.teacher ? user.userId : '';
  const [zgh, setZgh] = useState(own);
  const [name, setName] = useState(own ? user?.displayName || own : '');
  const [typed, setTyped] = useState('');
  const allowed = usePermission();
  const navigate = useNavigate();

  const show = (next: string, nextName = '') => {
    setZgh(next);
    setName(nextName || next);
  };

  return (
    <div className="timetable-page" data-testid="teacher-timetable-page">
      <div className="timetable-page-head">
        <div className="timetable-page-title">
          {zgh ? (
            <>
              <TeacherLink zgh={zgh} name={name || zgh} />
              <span className="timetable-page-sub" data-testid="timetable-staff-number">
                {zgh}
              </span>
            </>
          ) : (
            <span>{t('timetable.chooseTeacher')}</span>
          )}
        </div>
        <Space wrap className="timetable-page-controls">
          {/* Issue 17: the teacher's teaching-research meetings (/jyhygl/hygl, a hidden page). */}
          {allowed({ permissions: [RESEARCH_MEETING_PERMISSIONS.view] }) && (
            <Button icon={<TeamOutlined />} onClick={() => void navigate(RESEARCH_MEETING_URL)} data-testid="timetable-research-meetings">
              {t('meetingUi.open')}
            </Button>
          )}
          <Picker
            types={['people']}
            multiple={false}
            userType={TEACHER_USER_TYPE}
            value={zgh ? toCode('people', zgh) : ''}
            onChange={(value, items) => {
              const picked = staffNumberOf(value);
              if (picked) show(picked, items.find((item) => item.TYPE === 'people')?.NAME);
            }}
            placeholder={t('timetable.pickTeacher')}
            height={32}
          />
          <Input.Search
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('timetable.staffNumber')}
            enterButton={t('timetable.show')}
            onSearch={(value) => {
              const next = value.trim();
              if (next) show(next);
            }}
            style={{ width: 240 }}
            data-testid="timetable-staff-input"
          />
          {own && zgh !== own ? (
            <Button icon={<UserOutlined />} onClick={() => show(own, user?.displayName)} data-testid="timetable-own">
              {t('timetable.mine')}
            </Button>
          ) : null}
        </Space>
      </div>
      <TimetableView target={zgh ? { kind: 'teacher', zgh } : null} />
    </div>
  );
}
