import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { PagedTable, usePagedTable, type PagedColumn, type PagedTableHandle } from './PagedTable.tsx';
import { recordFeedback, stubServer, type RecordedCall } from '../Picker/testServer.ts';

// Ant Design's table is slow under jsdom, more so on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

interface Row {
  id: number;
  name: string;
  duration: number;
}

const URL = '/api/test/page';
const columns: PagedColumn<Row>[] = [
  { key: 'name', dataIndex: 'name', title: 'Name', sorter: true },
  { key: 'durationMs', dataIndex: 'duration', title: 'Duration', sorter: true },
  { key: 'plain', dataIndex: 'id', title: 'Plain' },
];

type Body = { currPage: number; limit: number; order: string; sortField: string; search: Record<string, unknown>; page: number };

/** A server holding `total` rows: answers the asked page. */
function rowsServer(total: number, override?: (body: Body) => { rows?: Row[]; total?: number; totalCapped?: boolean } | undefined) {
  return stubServer({
    [URL]: (call: RecordedCall) => {
      const body = call.json as Body;
      const forced = override?.(body);
      const start = body.currPage * body.limit;
      const count = Math.max(0, Math.min(body.limit, total - start));
      const rows = forced?.rows ?? Array.from({ length: count }, (_, i) => ({ id: start + i + 1, name: `row ${start + i + 1}`, duration: i }));
      return { data: { total: forced?.total ?? total, rows, ...(forced?.totalCapped ? { totalCapped: true } : {}) } };
    },
  });
}

const bodies = (server: ReturnType<typeof stubServer>) => server.to(URL).map((c) => c.json as Body);
const bodyRows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');

async function chooseSize(label: string) {
  fireEvent.mouseDown(within(screen.getByTestId('pagination-sizes')).getByRole('combobox'));
  const option = await screen.findByTitle(label);
  fireEvent.click(option);
}

let feedback: ReturnType<typeof recordFeedback>;
beforeEach(() => {
  feedback = recordFeedback();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('paged table', () => {
  it('says when the server stopped counting a keyword\'s matches', async () => {
    rowsServer(1000, () => ({ totalCapped: true }));
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await waitFor(() => expect(screen.getByTestId('pagination-total')).toHaveTextContent('超过 1000 条，请细化关键字'));
    // A hundred pages of ten stay reachable.
    expect(screen.getByRole('button', { name: '100' })).toBeInTheDocument();
  });

  it('loads the first page: one-based on screen, currPage 0 on the wire, JSON body', async () => {
    const server = rowsServer(25);
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" defaultSearch={{ account: 'a' }} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(server.to(URL)[0].method).toBe('POST');
    expect(bodies(server)[0]).toEqual({ currPage: 0, limit: 10, order: '', sortField: '', search: { account: 'a' }, page: 0 });
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('共 25 条');
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ currPage: 1, limit: 10 }));
    await waitFor(() => expect(screen.getByText('row 11')).toBeInTheDocument());
  });

  it('lays out total, sizes, prev, pager, next, jumper in that order', async () => {
    rowsServer(25);
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    const bar = screen.getByTestId('pagination');
    const order = Array.from(bar.children).map((el) => el.getAttribute('data-testid') ?? el.querySelector('[data-testid]')?.getAttribute('data-testid') ?? el.className);
    expect(order).toEqual(['pagination-total', 'pagination-sizes', 'pagination-prev', 'pagination-pager', 'pagination-next', expect.stringContaining('jumper')]);
  });

  it('offers page sizes 10 to 500 and searches again from the first page when the size changes', async () => {
    const server = rowsServer(95);
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(bodies(server).at(-1)?.currPage).toBe(2));
    fireEvent.mouseDown(within(screen.getByTestId('pagination-sizes')).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10 条/页', '20 条/页', '30 条/页', '40 条/页', '50 条/页', '100 条/页', '200 条/页', '500 条/页']);
    await chooseSize('20 条/页');
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ currPage: 0, limit: 20 }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
  });

  it('shows 7 page buttons', async () => {
    rowsServer(300);
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    const pager = screen.getByTestId('pagination-pager');
    expect(within(pager).getAllByRole('button', { name: /^\d+$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '30']);
    fireEvent.click(within(pager).getByRole('button', { name: '5' }));
    await waitFor(() => expect(within(pager).getAllByRole('button', { name: /^\d+$/ }).map((b) => b.textContent)).toEqual(['1', '3', '4', '5', '6', '7', '30']));
  });

  it('sorts ascending, descending, then none, searching again each time', async () => {
    const server = rowsServer(40);
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodies(server).at(-1)?.currPage).toBe(1));
    const header = () => screen.getByText('Duration').closest('th') as HTMLElement;
    fireEvent.click(header());
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ currPage: 0, order: 'asc', sortField: 'durationMs' }));
    fireEvent.click(header());
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ currPage: 0, order: 'desc', sortField: 'durationMs' }));
    fireEvent.click(header());
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ currPage: 0, order: '', sortField: '' }));
    expect(bodies(server)).toHaveLength(5);
    // Another column's sort field is its key.
    fireEvent.click(screen.getByText('Name').closest('th') as HTMLElement);
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ order: 'asc', sortField: 'name' }));
  });

  it('steps back one page when a page beyond the first comes back empty', async () => {
    let shrunk = false;
    const server = rowsServer(30, (body) => (shrunk && body.currPage === 2 ? { rows: [], total: 20 } : undefined));
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    shrunk = true;
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(bodies(server).map((b) => b.currPage)).toEqual([0, 2, 1]));
    await waitFor(() => expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page'));
    expect(screen.getByText('row 11')).toBeInTheDocument();
  });

  it('shows msg as an error when result is false and keeps the rows', async () => {
    let refuse = false;
    stubServer({
      [URL]: () => (refuse ? { result: false, msg: 'Parameter Error' } : { data: { total: 3, rows: [{ id: 1, name: 'kept', duration: 1 }] } }),
    });
    const ref = createRef<PagedTableHandle<Row>>();
    render(<PagedTable<Row> ref={ref} url={URL} columns={columns} rowKey="id" />);
    await screen.findByText('kept');
    refuse = true;
    act(() => ref.current?.reload());
    await waitFor(() => expect(feedback.texts('error')).toEqual(['Parameter Error']));
    expect(screen.getByText('kept')).toBeInTheDocument();
  });

  it('exposes search(params) and reload() through its ref', async () => {
    const server = rowsServer(50);
    function Host() {
      const table = usePagedTable<Row>();
      return (
        <>
          <button onClick={() => table.current?.search({ account: 'T0001' })}>do search</button>
          <button onClick={() => table.current?.reload()}>do reload</button>
          <PagedTable<Row> ref={table} url={URL} columns={columns} rowKey="id" immediate={false} />
        </>
      );
    }
    render(<Host />);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.to(URL)).toHaveLength(0); // immediate={false}
    fireEvent.click(screen.getByText('do search'));
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ currPage: 0, search: { account: 'T0001' } }));
    fireEvent.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(bodies(server).at(-1)?.currPage).toBe(1));
    fireEvent.click(screen.getByText('do reload'));
    await waitFor(() => expect(bodies(server)).toHaveLength(3));
    expect(bodies(server).at(-1)).toMatchObject({ currPage: 1, search: { account: 'T0001' } });
    fireEvent.click(screen.getByText('do search'));
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ currPage: 0 }));
  });

  it('jumps to a typed page', async () => {
    const server = rowsServer(100);
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    const input = within(screen.getByTestId('pagination')).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(bodies(server).at(-1)?.currPage).toBe(6));
  });

  it('renders a page of 500 rows', async () => {
    const server = rowsServer(1200);
    render(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await chooseSize('500 条/页');
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ limit: 500, currPage: 0 }));
    await waitFor(() => expect(bodyRows()).toHaveLength(500), { timeout: 20_000 });
    expect(screen.getByText('row 500')).toBeInTheDocument();
  });
});
