import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EnrolmentRow, RollClassOption } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import EnrolmentPage, { maskIdNumber } from './EnrolmentPage.tsx';
import { fromResidentId } from './EnrolmentForm.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

/** The import answers with the server's refusal envelope (HTTP 400, result false, data.errors) or its result. */
const uploads = vi.hoisted(() => ({ answer: null as null | (() => unknown) }));

// The stub's envelope carries the server's msg for the writes, as the real client would.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  class EnvelopeError extends ApiError {
    envelope: unknown;
    constructor(message: string, envelope: unknown) {
      super(message);
      this.envelope = envelope;
    }
  }
  const messages: Record<string, string> = { create: 'Saved', update: 'Saved', place: '2 placed in Class 7-1', enrol: '1 enrolled' };
  return {
    ...clientModule,
    ApiError,
    EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    download: vi.fn(async () => new Blob()),
    upload: vi.fn(async () => uploads.answer?.()),
  };
});

const route = { path: '/xjgl/zsgl', title: '招生管理', titleEn: 'Enrolment' } as AppRoute;

/** A resident ID with its check character (ISO 7064 MOD 11-2) after the 17 digits given. */
function residentId(digits: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return digits + '10X98765432'[sum % 11];
}

const row = (id: number, extra: Partial<EnrolmentRow> = {}): EnrolmentRow => ({
  id,
  name: `Pupil ${id}`,
  gender: '1',
  birthDate: '2013-03-07',
  idNumber: residentId(`11010520130307${String(id).padStart(2, '0')}1`),
  gradeId: 7,
  gradeName: 'Grade 7',
  entryYear: 2026,
  onRegister: true,
  studying: true,
  guardianName: `Parent ${id}`,
  guardianPhone: '13800000001',
  previousSchool: 'Sunshine Primary',
  note: '',
  classId: null,
  className: '',
  status: 'registered',
  studentNumber: '',
  parentAccount: '',
  createdAt: '2026-06-01 09:00:00',
  ...extra,
});

const ROWS: EnrolmentRow[] = [
  row(1, { name: 'Zhang San' }),
  row(2, { name: 'Li Si', status: 'placed', classId: 71, className: 'Class 7-1' }),
  row(3, { name: 'Wang Wu', status: 'enrolled', classId: 71, className: 'Class 7-1', studentNumber: '202607001', parentAccount: 'jz202607001', onRegister: false }),
  row(4, { name: 'Zhao Liu', gradeId: 8, gradeName: 'Grade 8' }),
];

const CLASSES: RollClassOption[] = [
  { id: 71, name: 'Class 7-1', gradeName: 'Grade 7', size: 40, capacity: 45 },
  { id: 72, name: 'Class 7-2', gradeName: 'Grade 7', size: 45, capacity: 45 },
  { id: 81, name: 'Class 8-1', gradeName: 'Grade 8', size: 30, capacity: 45 },
];

const success = vi.fn();
const warning = vi.fn();

beforeEach(async () => {
  stub.reset();
  uploads.answer = null;
  success.mockClear();
  warning.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning, info: vi.fn() }, modal: {} } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on('/api/roll/enrolment/page', () => ({ total: ROWS.length, rows: ROWS }))
    .on('/api/system/students/options', () => ({
      grades: [
        { value: 7, label: 'Grade 7' },
        { value: 8, label: 'Grade 8' },
      ],
      classes: [],
      genders: [
        { value: '1', label: 'Male' },
        { value: '2', label: 'Female' },
      ],
      inSchoolStatuses: [],
      enrolmentStatuses: [],
    }))
    .on('/api/roll/changes/classes', () => CLASSES)
    .on('/api/roll/enrolment/create', () => ({ id: 9 }))
    .on('/api/roll/enrolment/place', () => ({ count: 2, className: 'Class 7-1' }))
    .on('/api/roll/enrolment/enrol', () => ({ count: 1 }));
  useSession.setState({ permissions: ['roll:enrolment'], roles: ['admin'] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <EnrolmentPage route={route} />
    </QueryClientProvider>,
  );
}

async function pick(testId: string, option: RegExp | string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) =>
      typeof option === 'string' ? el.textContent === option : option.test(el.textContent ?? ''),
    );
    if (!found) throw new Error(`no option ${String(option)}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

/** The options of the open select, with whether each is disabled. */
const openOptions = () =>
  [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((el) => ({
    text: el.textContent,
    disabled: el.classList.contains('ant-select-item-option-disabled'),
  }));

/** Ticks (or unticks) the row of a registration. */
const tick = (name: string) => fireEvent.click(within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'));

const xlsx = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('EnrolmentPage', () => {
  it('lists the registrations with their status, class and, once enrolled, the accounts; searches by keyword, grade, status and year', async () => {
    renderPage();
    expect(await screen.findByText('Zhang San')).toBeInTheDocument();
    const enrolled = screen.getByText('Wang Wu').closest('tr') as HTMLElement;
    expect(within(enrolled).getByText('202607001')).toBeInTheDocument();
    expect(within(enrolled).getByText('jz202607001')).toBeInTheDocument();
    expect(within(enrolled).getByText(i18n.t('enrolment.no'))).toBeInTheDocument();
    expect(screen.getByTestId('enrolment-status-3')).toHaveTextContent(i18n.t('enrolmentPage.status.enrolled'));
    expect(screen.getByTestId('enrolment-status-2')).toHaveTextContent(i18n.t('enrolmentPage.status.placed'));
    expect(screen.getByTestId('enrolment-status-1')).toHaveTextContent(i18n.t('enrolmentPage.status.registered'));
    // The ID number is partly hidden in the list.
    expect(screen.getByText(maskIdNumber(ROWS[0]!.idNumber))).toBeInTheDocument();
    expect(screen.queryByText(ROWS[0]!.idNumber)).toBeNull();
    // An enrolled registration is neither modified nor deleted here.
    expect(screen.getByTestId('enrolment-edit-1')).toBeInTheDocument();
    expect(screen.getByTestId('enrolment-delete-1')).toBeInTheDocument();
    expect(screen.queryByTestId('enrolment-edit-3')).toBeNull();
    expect(screen.queryByTestId('enrolment-delete-3')).toBeNull();
    expect(screen.getByTestId('enrolment-view-3')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('enrolment-search-keyword'), { target: { value: ' Zhang ' } });
    await pick('enrolment-search-grade', 'Grade 7');
    await pick('enrolment-search-status', i18n.t('enrolmentPage.status.placed'));
    fireEvent.change(screen.getByTestId('enrolment-search-year'), { target: { value: '2026' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies('/api/roll/enrolment/page').at(-1)?.search).toEqual({ keyword: 'Zhang', gradeId: 7, status: 'placed', entryYear: 2026 }));
  });

  it('refuses a bad ID number, phone and missing fields before sending, then sends the registration', async () => {
    renderPage();
    await screen.findByText('Zhang San');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('enrolment-dialog');
    fireEvent.change(screen.getByTestId('enrolment-form-name'), { target: { value: 'New Pupil' } });
    // 17 digits and a wrong check character.
    const good = residentId('11010520140512402');
    const bad = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    fireEvent.change(screen.getByTestId('enrolment-form-id'), { target: { value: bad } });
    fireEvent.change(screen.getByTestId('enrolment-form-phone'), { target: { value: '2380000000' } });
    fireEvent.click(screen.getByTestId('enrolment-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('enrolment.idNumberFormat'))).toBeInTheDocument();
    expect(await within(dialog).findByText(i18n.t('enrolment.phoneFormat'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('enrolment.guardianRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('enrolmentPage.gradeRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('people.genderRequired'))).toBeInTheDocument();
    expect(stub.calls('/api/roll/enrolment/create')).toHaveLength(0);

    // A valid ID fills in the birth date and the gender.
    fireEvent.change(screen.getByTestId('enrolment-form-id'), { target: { value: good.toLowerCase() } });
    expect(fromResidentId(good)).toEqual({ birthDate: '2014-05-12', gender: '2' });
    fireEvent.change(screen.getByTestId('enrolment-form-phone'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByTestId('enrolment-form-guardian'), { target: { value: 'Guardian' } });
    await pick('enrolment-form-grade', 'Grade 7');
    fireEvent.click(screen.getByTestId('enrolment-dialog-ok'));
    await waitFor(() => expect(stub.calls('/api/roll/enrolment/create')).toHaveLength(1));
    expect(stub.bodies('/api/roll/enrolment/create')[0]).toEqual({
      name: 'New Pupil',
      gender: '2',
      birthDate: '2014-05-12',
      idNumber: good,
      gradeId: 7,
      entryYear: new Date().getFullYear(),
      onRegister: true,
      studying: true,
      guardianName: 'Guardian',
      guardianPhone: '13912345678',
      previousSchool: '',
      note: '',
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved'));
  });

  it('places registrations of one grade in a class of that grade, and refuses mixed grades', async () => {
    renderPage();
    await screen.findByText('Zhang San');
    tick('Zhang San');
    tick('Zhao Liu');
    fireEvent.click(screen.getByTestId('enrolment-place-selected'));
    expect(warning).toHaveBeenCalledWith(i18n.t('enrolmentPage.mixedGrades'));
    expect(screen.queryByTestId('enrolment-place')).toBeNull();

    tick('Zhao Liu');
    tick('Li Si');
    fireEvent.click(screen.getByTestId('enrolment-place-selected'));
    await screen.findByTestId('enrolment-place');
    fireEvent.mouseDown(within(screen.getByTestId('enrolment-place-class').closest('.ant-select') as HTMLElement).getByRole('combobox'));
    await waitFor(() => expect(openOptions()).toHaveLength(2));
    expect(openOptions()).toEqual([
      { text: 'Class 7-1 (40/45)', disabled: false },
      { text: `Class 7-2 (45/45) ${i18n.t('enrolmentPage.placeFull')}`, disabled: true },
    ]);
    // The list comes back with both placed: the ticks stay, so they can be enrolled at once.
    stub.on('/api/roll/enrolment/page', () => ({ total: ROWS.length, rows: ROWS.map((r) => (r.id === 1 ? { ...r, status: 'placed', classId: 71, className: 'Class 7-1' } : r)) }));
    await pick('enrolment-place-class', 'Class 7-1 (40/45)');
    fireEvent.click(screen.getByTestId('enrolment-place-ok'));
    await waitFor(() => expect(stub.bodies('/api/roll/enrolment/place')).toEqual([{ ids: [1, 2], classId: 71 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 placed in Class 7-1'));
    await waitFor(() => expect(screen.getByTestId('enrolment-status-1')).toHaveTextContent(i18n.t('enrolmentPage.status.placed')));
    warning.mockClear();
    fireEvent.click(screen.getByTestId('enrolment-enrol-selected'));
    expect(await screen.findByTestId('enrolment-enrol')).toHaveTextContent('Zhang San · Class 7-1');
    expect(warning).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('enrolment-enrol-ok'));
    await waitFor(() => expect(stub.bodies('/api/roll/enrolment/enrol')).toEqual([{ ids: [1, 2] }]));
  });

  it('enrols placed registrations only, after a confirmation naming the accounts and passwords', async () => {
    renderPage();
    await screen.findByText('Zhang San');
    tick('Zhang San');
    fireEvent.click(screen.getByTestId('enrolment-enrol-selected'));
    expect(warning).toHaveBeenCalledWith(i18n.t('enrolment.notPlaced', { name: 'Zhang San' }));
    tick('Zhang San');
    tick('Wang Wu');
    fireEvent.click(screen.getByTestId('enrolment-enrol-selected'));
    expect(warning).toHaveBeenCalledWith(i18n.t('enrolmentPage.enrolAlready', { name: 'Wang Wu' }));
    expect(screen.queryByTestId('enrolment-enrol')).toBeNull();

    tick('Wang Wu');
    tick('Li Si');
    fireEvent.click(screen.getByTestId('enrolment-enrol-selected'));
    const dialog = await screen.findByTestId('enrolment-enrol');
    expect(dialog).toHaveTextContent(i18n.t('enrolmentPage.enrolConfirm'));
    expect(screen.getByTestId('enrolment-enrol-passwords')).toHaveTextContent(i18n.t('enrolmentPage.enrolPasswords'));
    expect(stub.calls('/api/roll/enrolment/enrol')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('enrolment-enrol-ok'));
    await waitFor(() => expect(stub.bodies('/api/roll/enrolment/enrol')).toEqual([{ ids: [2] }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('1 enrolled'));
  });

  it('imports a sheet: the template downloads, a bad sheet lists every bad cell, a clean one imports', async () => {
    const client = await import('../../../api/client.ts');
    renderPage();
    await screen.findByText('Zhang San');
    fireEvent.click(screen.getByTestId('enrolment-import'));
    const dialog = await screen.findByTestId('enrolment-import-dialog');
    fireEvent.click(screen.getByTestId('enrolment-import-template'));
    await waitFor(() => expect(client.download).toHaveBeenCalledWith('/api/roll/enrolment/template'));
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;

    // Only .xlsx, and the 2 MB limit, before anything is sent.
    fireEvent.change(input(), { target: { files: [xlsx('big.xlsx', 2 * 1024 * 1024 + 1)] } });
    fireEvent.click(screen.getByTestId('enrolment-import-send'));
    await waitFor(() => expect(screen.getByTestId('enrolment-import-error')).toHaveTextContent('2 MB'));
    expect(client.upload).not.toHaveBeenCalled();

    const { EnvelopeError } = client as unknown as { EnvelopeError: new (message: string, envelope: unknown) => Error };
    uploads.answer = () => {
      throw new EnvelopeError('Nothing was imported: correct the rows listed and import the sheet again', {
        result: false,
        data: {
          imported: 0,
          errors: [
            { row: 3, column: 'ID number', message: 'Enter an 18-character resident ID number (its last character checks the others)' },
            { row: 5, column: "Guardian's phone", message: "Enter the guardian's mobile number (11 digits)" },
          ],
        },
      });
    };
    fireEvent.change(input(), { target: { files: [xlsx('registrations.xlsx')] } });
    fireEvent.click(screen.getByTestId('enrolment-import-send'));
    const errors = await screen.findByTestId('enrolment-import-errors');
    expect(client.upload).toHaveBeenCalledWith('/api/roll/enrolment/import', expect.objectContaining({ files: [expect.any(File)] }), { silent: true });
    expect(within(errors).getByText('ID number')).toBeInTheDocument();
    expect(within(errors).getByText('3')).toBeInTheDocument();
    expect(within(errors).getByText('5')).toBeInTheDocument();
    expect(within(errors).getByText("Enter the guardian's mobile number (11 digits)")).toBeInTheDocument();
    expect(screen.getByTestId('enrolment-import-error')).toHaveTextContent('Nothing was imported');

    uploads.answer = () => ({ imported: 2, errors: [] });
    fireEvent.click(screen.getByTestId('enrolment-import-send'));
    await waitFor(() => expect(screen.getByTestId('enrolment-import-success')).toHaveTextContent(i18n.t('enrolment.imported', { count: 2 })));
    expect(screen.queryByTestId('enrolment-import-errors')).toBeNull();
  });
});
