import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { publicApi } from './api/client';
import { writeTokens } from './auth-storage';
import { createQueryClient } from './query';
import { SessionProvider, useSignedInNonOwner, type PageOwner, type SessionAnswer } from './session';

/** An access token whose claims the session reads (not verified in the browser). */
const access = (claims: Record<string, unknown>) => `header.${btoa(JSON.stringify(claims))}.signature`;

const OWNERS: Record<string, PageOwner> = {
  'her own user': { userId: 7 },
  'another user': { userId: 8 },
  'an unknown user': { userId: null },
  'her profile': { profileType: 'Worker', profileId: 3 },
  'another worker': { profileType: 'Worker', profileId: 4 },
  'an employer with her profile id': { profileType: 'Parent', profileId: 3 },
};

function Viewer({ label }: { label: string }) {
  const viewer = useSignedInNonOwner(OWNERS[label]);
  return <li>{`${label}: ${viewer ? `ve ${viewer.id}` : 'nada'}`}</li>;
}

function renderViewers() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <ul>
          {Object.keys(OWNERS).map((label) => (
            <Viewer key={label} label={label} />
          ))}
        </ul>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return () => screen.getAllByRole('listitem').map((item) => item.textContent);
}

describe('useSignedInNonOwner', () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('gives a visitor nothing to act on', () => {
    const shown = renderViewers();
    expect(shown().every((line) => line?.endsWith(': nada'))).toBe(true);
  });

  it('tells an owner by user id at once, and by profile only once the session is known in full', async () => {
    const tokens = { access: access({ id: 7, email: 'ana@example.com', profile_type: 'Worker' }), refresh: 'r' };
    writeTokens(tokens);
    let answer: (session: SessionAnswer) => void = () => undefined;
    jest.spyOn(publicApi, 'POST').mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = (data) => resolve({ data, response: { ok: true, status: 200 } } as never);
        }) as never,
    );
    const shown = renderViewers();
    // The stored claims: the user id is known, the profile id is not yet.
    expect(shown()).toEqual([
      'her own user: nada',
      'another user: ve 7',
      'an unknown user: nada',
      'her profile: nada',
      'another worker: nada',
      'an employer with her profile id: nada',
    ]);
    await act(async () =>
      answer({
        ...tokens,
        profile_type: 'Worker',
        profile_id: 3,
        is_admin: false,
        profile_visibility: true,
        membership_type: null,
        membership_status: false,
      } as SessionAnswer),
    );
    expect(shown()).toEqual([
      'her own user: nada',
      'another user: ve 7',
      'an unknown user: nada',
      'her profile: nada',
      'another worker: ve 7',
      'an employer with her profile id: ve 7',
    ]);
  });
});
