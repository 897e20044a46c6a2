import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import LoginPage from './LoginPage.tsx';

describe('login page', () => {
  it('checks the fields with the contract rules, which load after the page is shown', async () => {
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), '1234');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('密码不能少于5个字符')).toBeInTheDocument();
  });
});
