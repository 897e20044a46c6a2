import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StaffRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import StaffPage from './StaffPage.tsx';

vi.setConfig({ testTimeout: 60_000 });

/** The import answers with the server's refusal envelope (HTTP 400, result false, data.errors). */
const uploads = vi.hoisted(() => ({ answer: null as null | (() => unknown) }));

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError } = await import('../../../components/Timetable/callStub.ts');
  class EnvelopeError extends ApiError {
    envelope: unknown;
    constructor(message: string, envelope: unknown) {
      super(message);
      this.envelope = envelope;
    }
  }
  return {
    ...clientModule,
    ApiError,
    EnvelopeError,
    download: vi.fn(),
    upload: vi.fn(async () => uploads.answer?.()),
  };
});

const route = { path: '/rygl/jzggl' } as AppRoute;
const ROW: StaffRow = {
  id: 1,
  staffNumber: 'T0001',
  name: '王建国',
  gender: '1',
  genderName: '男',
  birthDate: '1965-01-01',
  idNumber: '110108196501011007',
  phone: '13800000000',
  email: 't0001@mingde.edu.cn',
  postalCode: null,
  address: null,
  campusId: 2,
  campusName: '东校区',
  establishmentDeptId: null,
  establishmentDeptName: null,
  workingDeptId: null,
  workingDeptName: '教务处',
  researchGroupId: null,
  researchGroupName: '数学组',
  staffType: '1',
  staffTypeName: '专任教师',
  title: '高级教师',
  education: '21',
  educationName: '大学本科',
  workStartDate: '1987-09-01',
  arrivalDate: '1990-09-01',
  headTeacherOf: ['初二(1)班'],
  appointments: [],
};

beforeEach(() => {
  stub.reset();
  uploads.answer = null;
  stub
    .on('/api/records/staff/page', () => ({ total: 1, rows: [ROW] }))
    .on('/api/records/staff/options', () => ({ campuses: [], departments: [], researchGroups: [], staffTypes: [], educations: [], genders: [{ value: '1', label: '男' }] }))
    .on('/api/records/staff/create', () => ({ id: 2 }));
  useSession.setState({ permissions: ['records:staff', 'records:staff:edit', 'records:staff:delete'], roles: ['admin'] });
});

const xlsx = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('StaffPage', () => {
  it('lists staff with the classes they lead', async () => {
    render(<StaffPage route={route} />);
    expect(await screen.findByText('王建国')).toBeInTheDocument();
    expect(screen.getByText('初二(1)班')).toBeInTheDocument();
  });

  it('refuses a 0 KB and an over-size file before sending, and lists every bad row the server reports', async () => {
    const client = await import('../../../api/client.ts');
    render(<StaffPage route={route} />);
    await screen.findByText('王建国');
    fireEvent.click(screen.getByTestId('staff-import'));
    const dialog = await screen.findByTestId('staff-import-dialog');
    // The upload control renders a new input after each choice: find it each time.
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;

    fireEvent.change(input(), { target: { files: [xlsx('empty.xlsx', 0)] } });
    fireEvent.click(screen.getByTestId('staff-import-send'));
    await waitFor(() => expect(screen.getByTestId('staff-import-error')).toHaveTextContent('0KB'));
    fireEvent.change(input(), { target: { files: [xlsx('big.xlsx', 501 * 1024)] } });
    fireEvent.click(screen.getByTestId('staff-import-send'));
    await waitFor(() => expect(screen.getByTestId('staff-import-error')).toHaveTextContent('500 KB'));
    expect(client.upload).not.toHaveBeenCalled();

    const { EnvelopeError } = client as unknown as { EnvelopeError: new (message: string, envelope: unknown) => Error };
    uploads.answer = () => {
      throw new EnvelopeError('共有 1 处错误，未导入任何数据', { result: false, data: { imported: 0, errors: [{ row: 3, column: '身份证号', message: '身份证号须为 18 位，出生日期和校验位正确' }] } });
    };
    fireEvent.change(input(), { target: { files: [xlsx('staff.xlsx')] } });
    fireEvent.click(screen.getByTestId('staff-import-send'));
    await waitFor(() => expect(client.upload).toHaveBeenCalledTimes(1));
    const errors = await screen.findByTestId('staff-import-errors');
    expect(within(errors).getByText('身份证号')).toBeInTheDocument();
    expect(within(errors).getByText('3')).toBeInTheDocument();
    expect(screen.getByTestId('staff-import-error')).toHaveTextContent('未导入任何数据');
    expect(client.upload).toHaveBeenCalledTimes(1);

    uploads.answer = () => ({ imported: 2, errors: [] });
    fireEvent.click(screen.getByTestId('staff-import-send'));
    await waitFor(() => expect(screen.getByTestId('staff-import-success')).toHaveTextContent('成功导入 2 名教职工'));
    expect(screen.queryByTestId('staff-import-errors')).toBeNull();
  });

  it('checks the ID number and the date order with the shared schema before sending', async () => {
    render(<StaffPage route={route} />);
    await screen.findByText('王建国');
    fireEvent.click(screen.getByTestId('manage-add'));
    await screen.findByTestId('staff-dialog');
    fireEvent.change(screen.getByTestId('staff-form-number'), { target: { value: 'T9001' } });
    fireEvent.change(screen.getByTestId('staff-form-name'), { target: { value: '新老师' } });
    fireEvent.change(screen.getByTestId('staff-form-id'), { target: { value: '110101199005171231' } });
    fireEvent.change(screen.getByTestId('staff-form-postal'), { target: { value: '1234' } });
    fireEvent.click(screen.getByTestId('staff-dialog-ok'));
    expect(await screen.findByText('身份证号须为 18 位，出生日期和校验位正确')).toBeInTheDocument();
    expect(await screen.findByText('邮政编码须为 6 位数字')).toBeInTheDocument();
    expect(stub.calls('/api/records/staff/create')).toHaveLength(0);
  });
});
