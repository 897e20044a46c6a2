import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import PasswordRulePage from './PasswordRulePage.tsx';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../api/client.ts', async () => (await import('../../../components/Timetable/callStub.ts')).clientModule);

const route = { path: '/xtgl/mmgz' } as AppRoute;
const RULE = { rule: '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$', description: '8至50位，须同时包含字母和数字', descriptionEn: '8 to 50 characters, with at least one letter and one digit' };

beforeEach(() => {
  stub.reset();
  stub.on('/api/system/passwordRule/get', () => RULE).on('/api/system/passwordRule/save', () => null);
  useSession.setState({ permissions: ['system:passwordRule'], roles: ['admin'] });
});

describe('PasswordRulePage', () => {
  it('loads the rule, tries a sample password, refuses nested repetition before sending, then saves', async () => {
    render(<PasswordRulePage route={route} />);
    const rule = await screen.findByTestId('pwdrule-rule');
    await waitFor(() => expect(rule).toHaveValue(RULE.rule));
    fireEvent.change(screen.getByTestId('pwdrule-sample'), { target: { value: 'abc' } });
    expect(await screen.findByText('该密码不符合规则')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('pwdrule-sample'), { target: { value: 'abcdefg1' } });
    expect(await screen.findByText('该密码符合规则')).toBeInTheDocument();

    fireEvent.change(rule, { target: { value: '^(a+)+$' } });
    fireEvent.click(screen.getByTestId('pwdrule-save'));
    expect(await screen.findByText(/密码规则对本身带重复的分组再次重复/)).toBeInTheDocument();
    expect(stub.calls('/api/system/passwordRule/save')).toHaveLength(0);

    fireEvent.change(rule, { target: { value: '^.{10,50}$' } });
    fireEvent.click(screen.getByTestId('pwdrule-save'));
    await waitFor(() => expect(stub.bodies('/api/system/passwordRule/save')).toEqual([{ ...RULE, rule: '^.{10,50}$' }]));
    // The save has settled (the button is no longer busy) before the test ends.
    await waitFor(() => expect(screen.getByTestId('pwdrule-save')).not.toHaveClass('ant-btn-loading'));
  });
});
