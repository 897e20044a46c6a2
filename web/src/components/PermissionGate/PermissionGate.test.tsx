import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PermissionGate } from './PermissionGate.tsx';
import { isAllowed } from './usePermission.ts';
import { useSession } from '../../state/session.ts';

const held = { permissions: ['a', 'b'], roles: ['teacher'] };

describe('isAllowed', () => {
  it('all: every named permission and role must be held', () => {
    expect(isAllowed(held, { permissions: ['a', 'b'] })).toBe(true);
    expect(isAllowed(held, { permissions: ['a', 'c'] })).toBe(false);
    expect(isAllowed(held, { permissions: ['a'], roles: ['teacher'] })).toBe(true);
    expect(isAllowed(held, { permissions: ['a'], roles: ['admin'] })).toBe(false);
  });

  it('any: one of them is enough', () => {
    expect(isAllowed(held, { permissions: ['x', 'b'], mode: 'any' })).toBe(true);
    expect(isAllowed(held, { permissions: ['x'], roles: ['teacher'], mode: 'any' })).toBe(true);
    expect(isAllowed(held, { permissions: ['x'], roles: ['y'], mode: 'any' })).toBe(false);
  });

  it('nothing named is allowed', () => {
    expect(isAllowed(held, {})).toBe(true);
  });
});

describe('PermissionGate', () => {
  afterEach(() => useSession.setState({ permissions: [], roles: [] }));

  it('hides its children unless the user holds the permissions', () => {
    useSession.setState({ permissions: ['messageCenter_xxzx'], roles: ['student'] });
    render(
      <>
        <PermissionGate permissions={['messageCenter_xxzx']}>
          <span>bell</span>
        </PermissionGate>
        <PermissionGate permissions={['messageCenter_xxzx', 'other']}>
          <span>both</span>
        </PermissionGate>
        <PermissionGate permissions={['other']} roles={['student']} mode="any">
          <span>either</span>
        </PermissionGate>
        <PermissionGate roles={['admin']} fallback={<span>denied</span>}>
          <span>admin only</span>
        </PermissionGate>
      </>,
    );
    expect(screen.getByText('bell')).toBeInTheDocument();
    expect(screen.queryByText('both')).not.toBeInTheDocument();
    expect(screen.getByText('either')).toBeInTheDocument();
    expect(screen.queryByText('admin only')).not.toBeInTheDocument();
    expect(screen.getByText('denied')).toBeInTheDocument();
  });
});
