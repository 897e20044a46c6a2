import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryHeader, type QueryHeaderProps } from './QueryHeader.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

interface Values {
  keyword?: string;
}

function Header(props: Partial<QueryHeaderProps<Values>>) {
  return (
    <QueryHeader<Values> onSearch={() => undefined} {...props}>
      <Form.Item name="keyword" label="Keyword">
        <Input data-testid="keyword" />
      </Form.Item>
    </QueryHeader>
  );
}

function inRouter(element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <p>list page</p> },
      { path: '/detail', element },
    ],
    { initialEntries: ['/list', '/detail'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('query header', () => {
  it('searches on Enter in a field and with the search button', async () => {
    const onSearch = vi.fn();
    render(<Header onSearch={onSearch} />);
    await userEvent.type(screen.getByTestId('keyword'), 'maths{Enter}');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: 'maths' });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('query-header-search')).toHaveTextContent('查询');
  });

  it('resets the fields, then searches with the reset values or calls onReset', async () => {
    const onSearch = vi.fn();
    const view = render(<Header onSearch={onSearch} initialValues={{ keyword: 'start' }} />);
    fireEvent.change(screen.getByTestId('keyword'), { target: { value: 'changed' } });
    fireEvent.click(screen.getByTestId('query-header-reset'));
    expect(screen.getByTestId('keyword')).toHaveValue('start');
    expect(onSearch).toHaveBeenCalledWith({ keyword: 'start' });
    expect(screen.getByTestId('query-header-reset')).toHaveTextContent('重置');
    view.unmount();
    const onReset = vi.fn();
    const onSearch2 = vi.fn();
    render(<Header onSearch={onSearch2} onReset={onReset} />);
    fireEvent.change(screen.getByTestId('keyword'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('query-header-reset'));
    expect(screen.getByTestId('keyword')).toHaveValue('');
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onSearch2).not.toHaveBeenCalled();
  });

  it('collapses and expands the search area, keeping the values', () => {
    render(<Header />);
    const body = screen.getByTestId('query-header-body');
    const toggle = screen.getByTestId('query-header-toggle');
    expect(body).toBeVisible();
    fireEvent.change(screen.getByTestId('keyword'), { target: { value: 'kept' } });
    expect(toggle).toHaveTextContent('收起');
    fireEvent.click(toggle);
    expect(body).not.toBeVisible();
    expect(toggle).toHaveTextContent('展开');
    fireEvent.click(toggle);
    expect(body).toBeVisible();
    expect(screen.getByTestId('keyword')).toHaveValue('kept');
  });

  it('starts collapsed when asked, and has no toggle when not collapsible', () => {
    const view = render(<Header defaultCollapsed />);
    expect(screen.getByTestId('query-header-body')).not.toBeVisible();
    view.unmount();
    render(<Header collapsible={false} />);
    expect(screen.queryByTestId('query-header-toggle')).toBeNull();
  });

  it('has no back arrow unless asked; the arrow goes one page back', async () => {
    const view = render(<Header />);
    expect(screen.queryByTestId('query-header-back')).toBeNull();
    view.unmount();
    const router = inRouter(<Header showBack />);
    fireEvent.click(await screen.findByTestId('query-header-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(screen.getByText('list page')).toBeInTheDocument();
  });

  it('calls a custom back handler instead of going back', async () => {
    const onBack = vi.fn();
    const router = inRouter(<Header onBack={onBack} />);
    fireEvent.click(await screen.findByTestId('query-header-back'));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/detail');
  });
});
