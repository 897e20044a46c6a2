import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Picker, type PickerProps } from './Picker.tsx';
import { clearPickerCache, type PersonRow } from '../../api/components.ts';
import { recordFeedback, stubServer, type Route } from './testServer.ts';

// Ant Design's popover, table and tree are slow under jsdom.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const PEOPLE: PersonRow[] = Array.from({ length: 23 }, (_, i) => ({
  USERID: `T${String(i + 1).padStart(4, '0')}`,
  USERNAME: `Teacher ${i + 1}`,
  USERTYPE: i === 0 ? '1' : '3',
}));
const ORGS = [
  { id: 1, label: 'North School', children: [{ id: 11, label: 'Maths group' }, { id: 12, label: 'Music group' }] },
  { id: 2, label: 'South campus' },
];
const ROLES = [
  { CODE: 'g1', NAME: 'Teaching roles', CHILD: [{ id: 'teacher', label: 'Class teacher' }, { id: 'head', label: 'Head of year' }] },
  { CODE: 'g2', NAME: 'Office roles', CHILD: [{ id: 'office', label: 'Academic office' }] },
];

/** The documented people call: size, zero-based page, search JSON; keyword matches name or id. */
const peopleRoute: Route = ({ form }) => {
  const size = Number(form.size);
  const page = Number(form.page);
  const search = JSON.parse(form.search) as { KEYWORD: string };
  const hits = PEOPLE.filter((p) => !search.KEYWORD || p.USERNAME.includes(search.KEYWORD) || p.USERID.includes(search.KEYWORD));
  return { data: { total: hits.length, rows: hits.slice(page * size, page * size + size) } };
};

function defaultServer(extra: Record<string, Route> = {}) {
  return stubServer({
    '/components/getUserAllData': peopleRoute,
    '/components/getUserData': ({ form }) => ({
      data: PEOPLE.filter((p) => (JSON.parse(form.ids) as string[]).includes(p.USERID)).map(({ USERID, USERNAME }) => ({ USERID, USERNAME })),
    }),
    '/components/getOrgsData': () => ({ data: ORGS }),
    '/components/getRoles': () => ({ data: ROLES }),
    ...extra,
  });
}

/** A controlled picker that shows its value and counts onChange calls. */
function Host(props: Omit<PickerProps, 'value' | 'onChange'> & { initial?: string; onValue?: (value: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <Picker
        {...rest}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;
const tags = () => screen.queryAllByTestId('picker-tag').map((tag) => tag.textContent);
const popover = () => screen.getByTestId('picker-popover');

async function open() {
  fireEvent.click(screen.getByTestId('picker-field'));
  return screen.findByTestId('picker-popover');
}

// Class and test-id queries: role queries over antd's large DOM are very slow under jsdom.
function activeTab() {
  return popover().querySelector('.ant-tabs-tab-active')?.textContent;
}

function tabTitles() {
  return Array.from(popover().querySelectorAll('.ant-tabs-tab')).map((el) => el.textContent);
}

async function tab(name: string) {
  const target = Array.from(popover().querySelectorAll<HTMLElement>('.ant-tabs-tab-btn')).find((el) => el.textContent === name);
  fireEvent.click(target as HTMLElement);
  await waitFor(() => expect(activeTab()).toBe(name));
}

/** The input of a test id that sits on the input itself or on its wrapper. */
function inputOf(testId: string): HTMLInputElement {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
}

function pageButtons(): string[] {
  return Array.from(within(popover()).getByTestId('pagination-pager').querySelectorAll('.campus-pager-item')).map((el) => el.textContent ?? '');
}

function clickPage(n: string) {
  const button = Array.from(within(popover()).getByTestId('pagination-pager').querySelectorAll<HTMLElement>('.campus-pager-item')).find((el) => el.textContent === n);
  fireEvent.click(button as HTMLElement);
}

/** The row checkbox (or radio) of a person in the people table. */
function rowInput(name: string): HTMLInputElement {
  const row = within(popover()).getByText(name).closest('tr') as HTMLElement;
  return row.querySelector('input') as HTMLInputElement;
}

async function pickPerson(name: string) {
  await within(popover()).findByText(name);
  fireEvent.click(rowInput(name));
}

function treeCheckbox(label: string): HTMLElement {
  const node = within(popover()).getByText(label).closest('.ant-tree-treenode') as HTMLElement;
  return node.querySelector('.ant-tree-checkbox') as HTMLElement;
}

async function checkNode(label: string) {
  await within(popover()).findByText(label);
  fireEvent.click(treeCheckbox(label));
}

let feedback: ReturnType<typeof recordFeedback>;
beforeEach(() => {
  clearPickerCache();
  feedback = recordFeedback();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('picker field', () => {
  it('shows the default please-select placeholder, or the given one', () => {
    defaultServer();
    const { unmount } = render(<Host />);
    expect(screen.getByTestId('picker-field')).toHaveTextContent('请选择');
    unmount();
    render(<Host placeholder="Choose recipients" />);
    expect(screen.getByTestId('picker-field')).toHaveTextContent('Choose recipients');
  });

  it('opens a 400 px popover, 300 px for an organisation-only picker', async () => {
    defaultServer();
    const { unmount } = render(<Host />);
    expect((await open()).style.width).toBe('400px');
    unmount();
    render(<Host types={['org']} />);
    expect((await open()).style.width).toBe('300px');
  });

  it('shows only the allowed tabs, in the order people, org, role, the first allowed one active on each opening', async () => {
    defaultServer();
    render(<Host types={['role', 'org']} />);
    await open();
    expect(tabTitles()).toEqual(['组织机构', '角色']);
    expect(activeTab()).toBe('组织机构');
    await tab('角色');
    fireEvent.click(screen.getByTestId('picker-field'));
    await waitFor(() => expect(screen.getByTestId('picker-field')).toHaveAttribute('aria-expanded', 'false'));
    fireEvent.click(screen.getByTestId('picker-field'));
    await waitFor(() => expect(activeTab()).toBe('组织机构'));
  });

  it('collapses tags beyond maxCollapse, and shows all by default', async () => {
    defaultServer();
    const initial = 'U_T0001,U_T0002,U_T0003,U_T0004';
    const { unmount } = render(<Host initial={initial} maxCollapse={2} />);
    await waitFor(() => expect(tags()).toEqual(['Teacher 1', 'Teacher 2']));
    expect(screen.getByTestId('picker-more')).toHaveTextContent('+2');
    unmount();
    render(<Host initial={initial} />);
    await waitFor(() => expect(tags()).toEqual(['Teacher 1', 'Teacher 2', 'Teacher 3', 'Teacher 4']));
    expect(screen.queryByTestId('picker-more')).toBeNull();
  });

  it('shows the names of an initial value: people by the ids call, org and role from their trees', async () => {
    const server = defaultServer();
    render(<Host initial="R_head,O_12,U_T0002" />);
    await waitFor(() => expect(tags()).toEqual(['Teacher 2', 'Music group', 'Head of year']));
    expect(JSON.parse(server.last('/components/getUserData')!.form.ids)).toEqual(['T0002']);
    // The value itself is not rewritten by showing it.
    expect(value()).toBe('R_head,O_12,U_T0002');
  });
});

describe('picker people tab', () => {
  it('asks for page 0 with size 5 and the filters as the search JSON', async () => {
    const server = defaultServer();
    render(<Host userType="3" xqdm="XQ01" dwdm="D07" xnxq="2025-2026-2" />);
    await open();
    await within(popover()).findByText('Teacher 1');
    const call = server.last('/components/getUserAllData')!;
    expect(call.method).toBe('POST');
    expect(call.form.size).toBe('5');
    expect(call.form.page).toBe('0');
    expect(JSON.parse(call.form.search)).toEqual({ USERTYPE: '3', KEYWORD: '', XQDM: 'XQ01', DWDM: 'D07', XNXQ: '2025-2026-2' });
    expect(popover().querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(5);
    expect((screen.getByTestId('picker-people-table').closest('.campus-picker-people-table') as HTMLElement).style.height).toBe('205px');
  });

  it('uses 10 people per page in the inline (dialog / table) mode', async () => {
    const server = defaultServer();
    render(<Host mode="inline" />);
    await screen.findByText('Teacher 10');
    expect(server.last('/components/getUserAllData')!.form.size).toBe('10');
  });

  it('shows 5 page buttons and sends zero-based pages', async () => {
    const server = defaultServer();
    render(<Host />);
    await open();
    await within(popover()).findByText('Teacher 1');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    clickPage('3');
    await within(popover()).findByText('Teacher 11');
    expect(server.last('/components/getUserAllData')!.form.page).toBe('2');
  });

  it('searches on Enter only, from the first page', async () => {
    const server = defaultServer();
    render(<Host />);
    await open();
    await within(popover()).findByText('Teacher 1');
    clickPage('2');
    await within(popover()).findByText('Teacher 6');
    const before = server.to('/components/getUserAllData').length;
    const input = inputOf('picker-people-search');
    // 11 people match, so the second page would not be empty: only the reset brings the first page.
    fireEvent.change(input, { target: { value: 'Teacher 1' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.to('/components/getUserAllData')).toHaveLength(before); // typing alone does not search
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.to('/components/getUserAllData')).toHaveLength(before + 1));
    const call = server.to('/components/getUserAllData')[before];
    expect(call.form.page).toBe('0');
    expect(JSON.parse(call.form.search).KEYWORD).toBe('Teacher 1');
    await within(popover()).findByText('Teacher 10');
    expect(within(popover()).queryByText('Teacher 6')).toBeNull();
  });

  it('steps back one page when a page beyond the first comes back empty', async () => {
    let shrink = false;
    const server = defaultServer({
      '/components/getUserAllData': (call) => (shrink && call.form.page === '2' ? { data: { total: 10, rows: [] } } : peopleRoute(call)),
    });
    render(<Host />);
    await open();
    await within(popover()).findByText('Teacher 1');
    shrink = true;
    clickPage('3');
    await waitFor(() => expect(server.to('/components/getUserAllData').map((c) => c.form.page)).toEqual(['0', '2', '1']));
    await within(popover()).findByText('Teacher 6');
  });

  it('asks for a longer keyword when the server stopped counting the matches', async () => {
    defaultServer({
      '/components/getUserAllData': (call) => {
        const wide = JSON.parse(call.form.search).KEYWORD === 'T';
        return { data: { ...(peopleRoute(call) as { data: object }).data, ...(wide ? { total: 1000, more: true } : {}) } };
      },
    });
    render(<Host />);
    await open();
    await within(popover()).findByText('Teacher 1');
    expect(within(popover()).queryByTestId('picker-more-matches')).toBeNull();
    const input = inputOf('picker-people-search');
    fireEvent.change(input, { target: { value: 'T' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await within(popover()).findByTestId('picker-more-matches')).toHaveTextContent('1000');
  });

  it('shows msg as an error toast when the people call answers result false', async () => {
    defaultServer({ '/components/getUserAllData': () => ({ result: false, msg: 'Parameter Error' }) });
    render(<Host />);
    await open();
    await waitFor(() => expect(feedback.texts('error')).toContain('Parameter Error'));
  });
});

describe('picker selection', () => {
  it('multi-select accumulates people; removing a tag unchecks the row', async () => {
    const onValue = vi.fn();
    defaultServer();
    render(<Host onValue={onValue} />);
    await open();
    await pickPerson('Teacher 2');
    await pickPerson('Teacher 3');
    expect(value()).toBe('U_T0002,U_T0003');
    expect(rowInput('Teacher 2').checked).toBe(true);
    const tag = screen.getAllByTestId('picker-tag').find((t) => t.textContent === 'Teacher 2') as HTMLElement;
    fireEvent.click(tag.querySelector('.ant-tag-close-icon') as HTMLElement);
    expect(value()).toBe('U_T0003');
    await waitFor(() => expect(rowInput('Teacher 2').checked).toBe(false));
    expect(rowInput('Teacher 3').checked).toBe(true);
    expect(onValue).toHaveBeenLastCalledWith('U_T0003');
  });

  it('single-select replaces the prior selection of that kind', async () => {
    defaultServer();
    render(<Host multiple={false} />);
    await open();
    await pickPerson('Teacher 2');
    expect(rowInput('Teacher 2').type).toBe('radio');
    await pickPerson('Teacher 4');
    expect(value()).toBe('U_T0004');
    await tab('组织机构');
    await checkNode('North School');
    await checkNode('South campus');
    expect(value()).toBe('U_T0004,O_2');
    expect(tags()).toEqual(['Teacher 4', 'South campus']);
  });

  it('keeps the order people, org, role without duplicates, whatever the picking order', async () => {
    defaultServer();
    render(<Host />);
    await open();
    await tab('角色');
    await checkNode('Class teacher');
    await tab('组织机构');
    await checkNode('Maths group');
    await tab('人员');
    await pickPerson('Teacher 5');
    expect(value()).toBe('U_T0005,O_11,R_teacher');
    expect(tags()).toEqual(['Teacher 5', 'Maths group', 'Class teacher']);
    // Role groups cannot be checked themselves.
    await tab('角色');
    expect(treeCheckbox('Teaching roles')).toBeNull();
  });

  it('refuses a pick beyond the limit with 您最多可选{n}个 and reverts it', async () => {
    defaultServer();
    render(<Host limit={2} />);
    await open();
    await pickPerson('Teacher 1');
    await tab('组织机构');
    await checkNode('South campus');
    await checkNode('Music group');
    expect(feedback.texts('error')).toEqual(['您最多可选2个']);
    expect(value()).toBe('U_T0001,O_2');
    await waitFor(() => expect(treeCheckbox('Music group')).not.toHaveClass('ant-tree-checkbox-checked'));
    await tab('人员');
    await pickPerson('Teacher 2');
    expect(feedback.texts('error')).toEqual(['您最多可选2个', '您最多可选2个']);
    await waitFor(() => expect(rowInput('Teacher 2').checked).toBe(false));
    expect(value()).toBe('U_T0001,O_2');
  });

  it('states the limit in English too', async () => {
    const { i18n } = await import('../../i18n/index.ts');
    await act(() => i18n.changeLanguage('en'));
    try {
      defaultServer();
      render(<Host limit={1} />);
      await open();
      await pickPerson('Teacher 1');
      await pickPerson('Teacher 2');
      expect(feedback.texts('error')).toEqual(['You can choose at most 1']);
    } finally {
      await act(() => i18n.changeLanguage('zh'));
    }
  });

  it('removing an org tag unchecks its tree node', async () => {
    defaultServer();
    render(<Host types={['org']} />);
    await open();
    await checkNode('Maths group');
    expect(treeCheckbox('Maths group')).toHaveClass('ant-tree-checkbox-checked');
    fireEvent.click(screen.getByTestId('picker-tag').querySelector('.ant-tag-close-icon') as HTMLElement);
    expect(value()).toBe('');
    await waitFor(() => expect(treeCheckbox('Maths group')).not.toHaveClass('ant-tree-checkbox-checked'));
  });
});

describe('picker trees', () => {
  it('filter by label containing the typed text', async () => {
    defaultServer();
    render(<Host types={['org', 'role']} />);
    await open();
    await within(popover()).findByText('Music group');
    fireEvent.change(inputOf('picker-org-filter'), { target: { value: 'Maths' } });
    await waitFor(() => expect(within(popover()).queryByText('Music group')).toBeNull());
    expect(within(popover()).getByText('Maths group')).toBeInTheDocument();
    expect(within(popover()).queryByText('South campus')).toBeNull();
    await tab('角色');
    await within(popover()).findByText('Academic office');
    fireEvent.change(inputOf('picker-role-filter'), { target: { value: 'teacher' } });
    await waitFor(() => expect(within(popover()).queryByText('Academic office')).toBeNull());
    expect(within(popover()).getByText('Class teacher')).toBeInTheDocument();
    expect((screen.getByTestId('picker-role-tree') as HTMLElement).style.maxHeight).toBe('300px');
  });

  it('caches org and role data on the client', async () => {
    const server = defaultServer();
    const { unmount } = render(<Host types={['org', 'role']} />);
    await open();
    await within(popover()).findByText('North School');
    await tab('角色');
    await within(popover()).findByText('Teaching roles');
    unmount();
    render(<Host types={['org', 'role']} initial="O_2,R_office" />);
    await waitFor(() => expect(tags()).toEqual(['South campus', 'Academic office']));
    await open();
    await within(popover()).findByText('North School');
    expect(server.to('/components/getOrgsData')).toHaveLength(1);
    expect(server.to('/components/getRoles')).toHaveLength(1);
    expect(server.last('/components/getRoles')!.form).toEqual({ roleType: '' });
  });

  it('calls overridable addresses', async () => {
    const server = stubServer({
      '/custom/people': peopleRoute,
      '/custom/names': () => ({ data: [{ USERID: 'T0009', USERNAME: 'Named elsewhere' }] }),
      '/custom/orgs': () => ({ data: ORGS }),
      '/custom/roles': () => ({ data: ROLES }),
    });
    render(
      <Host
        initial="U_T0009"
        roleType="2"
        userUrl="/custom/people"
        userDataUrl="/custom/names"
        orgUrl="/custom/orgs"
        roleUrl="/custom/roles"
      />,
    );
    await waitFor(() => expect(tags()).toEqual(['Named elsewhere']));
    await open();
    await within(popover()).findByText('Teacher 1');
    await tab('组织机构');
    await within(popover()).findByText('North School');
    await tab('角色');
    await within(popover()).findByText('Teaching roles');
    expect(server.calls.map((c) => c.path).sort()).toEqual(['/custom/names', '/custom/orgs', '/custom/people', '/custom/roles']);
    expect(server.last('/custom/roles')!.form.roleType).toBe('2');
  });

  it('shows msg as an error toast when the org call answers result false', async () => {
    defaultServer({ '/components/getOrgsData': () => ({ result: false, msg: 'Data does not exist' }) });
    render(<Host types={['org']} />);
    await open();
    await waitFor(() => expect(feedback.texts('error')).toEqual(['Data does not exist']));
  });
});
