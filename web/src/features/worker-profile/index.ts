import { lazy } from 'react';

/** What other features may use of the worker's profile; the editors and the wizard stay inside. */
export {
  PROFILE_LOAD_MESSAGES,
  ProfileLoadError,
  type ProfileChoices,
  type WorkerProfileData,
  useWorkerProfile,
  workerProfileQuery,
} from './api';

/** The worker's half of /user-account, downloaded only when a worker opens it. */
export const WorkerAccount = /* @__PURE__ */ lazy(() => import('./WorkerAccount'));
