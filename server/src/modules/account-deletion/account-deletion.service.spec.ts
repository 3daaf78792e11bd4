import { ACCOUNT_DELETION_MESSAGES } from '@cym/common';
import type { AuthUser } from '../auth/access/auth-user';
import { AccountDeletionService } from './account-deletion.service';

/** The refusals of 'Eliminar mi cuenta', with the database, the hasher and the limits replaced. */
describe('AccountDeletionService.deleteOwn', () => {
  function setUp(passwordMatches: boolean) {
    const attempt = { succeeded: jest.fn(async () => undefined), cancelled: jest.fn(async () => undefined) };
    const loginLimits = { begin: jest.fn(async () => attempt) };
    const passwords = { checkRoom: jest.fn(async () => undefined), compare: jest.fn(async () => passwordMatches) };
    const users = {
      activeById: jest.fn(async () => ({ id: 7, email: 'rosa@example.com', passwordHash: 'hash', isAdmin: false })),
    };
    const none = {} as never;
    const service = new AccountDeletionService(
      { publicUrl: 'https://casaymanos.example' } as never,
      none,
      none,
      none,
      passwords as never,
      loginLimits as never,
      none,
      users as never,
      none,
      none,
      none,
      none,
      none,
      none,
      none,
      none,
      none,
      none,
      none,
      none,
    );
    const deleteNow = jest.spyOn(service, 'deleteNow').mockResolvedValue(true);
    return { service, attempt, loginLimits, passwords, deleteNow };
  }
  const person = { id: 7, isAdmin: false } as AuthUser;

  it('refuses an admin before reading the password', async () => {
    const { service, loginLimits, deleteNow } = setUp(true);
    await expect(service.deleteOwn({ ...person, isAdmin: true }, 'clave1234', '192.0.2.1')).rejects.toMatchObject({
      status: 403,
      response: { code: 'CANNOT_DELETE_ADMIN', error: ACCOUNT_DELETION_MESSAGES.adminRefused },
    });
    expect(loginLimits.begin).not.toHaveBeenCalled();
    expect(deleteNow).not.toHaveBeenCalled();
  });

  it.each([undefined, ''])('asks for the password on its field when it is %p', async (password) => {
    const { service, deleteNow } = setUp(true);
    await expect(service.deleteOwn(person, password, '192.0.2.1')).rejects.toMatchObject({
      status: 400,
      response: { errors: { password: [ACCOUNT_DELETION_MESSAGES.passwordRequired] } },
    });
    expect(deleteNow).not.toHaveBeenCalled();
  });

  it('counts a wrong password as a failed login of the address and deletes nothing', async () => {
    const { service, attempt, loginLimits, deleteNow } = setUp(false);
    await expect(service.deleteOwn(person, 'otra', '192.0.2.1')).rejects.toMatchObject({
      status: 400,
      response: { code: 'WRONG_PASSWORD', errors: { password: [ACCOUNT_DELETION_MESSAGES.wrongPassword] } },
    });
    expect(loginLimits.begin).toHaveBeenCalledWith('rosa@example.com', '192.0.2.1');
    expect(attempt.succeeded).not.toHaveBeenCalled();
    expect(attempt.cancelled).not.toHaveBeenCalled();
    expect(deleteNow).not.toHaveBeenCalled();
  });

  it('deletes with the right password, giving the attempt back', async () => {
    const { service, attempt, deleteNow } = setUp(true);
    await service.deleteOwn(person, 'clave1234', '192.0.2.1');
    expect(attempt.succeeded).toHaveBeenCalled();
    expect(deleteNow).toHaveBeenCalledWith(7, expect.any(Function));
  });
});
