/** The signed-in user as the auth guard attaches it to the request. */
export interface AuthUser {
  id: number;
  email: string;
  profileType: 'Worker' | 'Parent' | null;
  isAdmin: boolean;
  /**
   * An admin account in a session without the second factor: not an admin here (`isAdmin` is
   * false), told by the admin guard to log in again with it.
   */
  secondFactorMissing?: boolean;
}

export const PROFILE_TYPES_KEY = 'profileTypes';
