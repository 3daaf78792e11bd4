/** The signed-in user as the auth guard attaches it to the request. */
export interface AuthUser {
  id: number;
  email: string;
  profileType: 'Worker' | 'Parent' | null;
  isAdmin: boolean;
}

export const PROFILE_TYPES_KEY = 'profileTypes';
