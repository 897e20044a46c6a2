import { Button, Empty, Select, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GROUP_MEMBERS_MAX, type AwardStudent, type StudentGroupMember } from '@campus/contract';
import { useStudentSearch } from '../../../components/StudentSelect/index.ts';
import { searchGroupStudents } from './groupsCalls.ts';

/** "Li Lei · 201911001 · Class 10-1". */
const studentLabel = (student: AwardStudent) => `${student.name} · ${student.studentNumber}${student.className ? ` · ${student.className}` : ''}`;

/** The members with the students added (each once, in the order added). */
export function addMembers(members: readonly StudentGroupMember[], students: readonly AwardStudent[]): StudentGroupMember[] {
  const known = new Set(members.map((member) => member.id));
  const added = students.filter((student) => !known.has(student.id) && known.add(student.id)).map(({ id, name, studentNumber, className }) => ({ id, name, studentNumber, className }));
  return [...members, ...added];
}

export interface MemberPickerProps {
  value?: StudentGroupMember[];
  onChange?: (members: StudentGroupMember[]) => void;
  disabled?: boolean;
}

/**
 * The members of a group: students found by number or name (those the caller may choose, through the
 * shared student search) added one by one or all found at once, shown as a list with their count, each
 * removable. Its value is the members; the form sends their ids.
 */
export function MemberPicker({ value, onChange, disabled }: MemberPickerProps) {
  const { t } = useTranslation();
  const members = value ?? [];
  const chosen = new Set(members.map((member) => member.id));
  const { found, loading, setKeyword } = useStudentSearch(searchGroupStudents);
  const addable = found.filter((student) => !chosen.has(student.id));

  const columns: TableColumnsType<StudentGroupMember> = [
    { key: 'name', dataIndex: 'name', title: t('groupsPage.member.name') },
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('groupsPage.member.studentNumber') },
    { key: 'className', dataIndex: 'className', title: t('groupsPage.member.class') },
    ...(disabled
      ? []
      : [
          {
            key: 'remove',
            title: '',
            width: 80,
            render: (_: unknown, member: StudentGroupMember) => (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => onChange?.(members.filter((item) => item.id !== member.id))}
                aria-label={t('groupsPage.member.removeOne', { name: member.name })}
                data-testid={`group-member-remove-${member.id}`}
              >
                {t('groupsPage.member.remove')}
              </Button>
            ),
          },
        ]),
  ];

  return (
    <div className="student-groups-members" data-testid="group-members">
      {!disabled && (
        <div className="student-groups-member-search">
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            value={null}
            options={found.map((student) => ({ value: student.id, label: studentLabel(student), disabled: chosen.has(student.id) }))}
            onSelect={(id: number) => {
              const student = found.find((item) => item.id === id);
              if (student) onChange?.(addMembers(members, [student]));
            }}
            notFoundContent={loading ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('groupsPage.member.noneFound')} />}
            placeholder={t('groupsPage.member.searchPlaceholder')}
            className="student-groups-member-select"
            aria-label={t('groupsPage.member.search')}
            data-testid="group-member-search"
          />
          <Button icon={<UsergroupAddOutlined />} disabled={!addable.length} onClick={() => onChange?.(addMembers(members, addable))} data-testid="group-member-add-found">
            {t('groupsPage.member.addFound', { count: addable.length })}
          </Button>
        </div>
      )}
      <div className="student-groups-member-head">
        <Typography.Text strong data-testid="group-member-count">
          {t('groupsPage.member.count', { count: members.length, max: GROUP_MEMBERS_MAX })}
        </Typography.Text>
        {!disabled && members.length > 0 && (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.([])} data-testid="group-member-clear">
            {t('groupsPage.member.clear')}
          </Button>
        )}
      </div>
      <Table<StudentGroupMember>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={members}
        pagination={members.length > 8 ? { pageSize: 8, showSizeChanger: false, size: 'small' } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('groupsPage.member.empty')} /> }}
        scroll={{ x: 'max-content' }}
        data-testid="group-member-list"
      />
    </div>
  );
}
