/**
 * The demo plan: everything the generator decides before a row is written. Only types, so the
 * generator's parts (people, faces, chats) share them without importing each other.
 */

export type Gender = 'female' | 'male';
export type EducationStatus = 'en_curso' | 'completo' | 'incompleto';

/** Timestamps are ISO strings (UTC) and dates 'YYYY-MM-DD', exactly as they are written. */
export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  profileType: 'Worker' | 'Parent' | null;
  isAdmin: boolean;
  emailVerifiedAt: string;
  lastLogin: string | null;
  lastSeen: string | null;
  createdAt: string;
  /** The face to store as profile photo; null: the placeholder shows. */
  face: DemoFace | null;
}

export interface DemoLocation {
  provinceId: number;
  municipalityId: number;
  neighborhood: string;
}

export interface DemoExperience {
  title: string;
  description: string;
  currentlyWorking: boolean;
}

export interface DemoEducation {
  title: string;
  place: string;
  status: EducationStatus;
}

export interface DemoWorker {
  user: DemoUser;
  dateOfBirth: string;
  gender: Gender;
  nationality: string;
  location: DemoLocation;
  introduction: string | null;
  hourPrice: number | null;
  nativeLanguageId: number;
  visible: boolean;
  serviceIds: number[];
  taskIds: number[];
  workArrangementIds: number[];
  languageIds: number[];
  shiftIds: number[];
  experiences: DemoExperience[];
  educations: DemoEducation[];
}

export interface DemoPayment {
  amount: number;
  method: 'mercadopago' | 'bank_transfer';
  status: 'approved' | 'pending';
  transactionId: string;
  providerPaymentId: string | null;
  createdAt: string;
}

export interface DemoMembership {
  membershipTypeId: number;
  payment: DemoPayment;
  status: boolean;
  startDate: string;
  endDate: string;
}

export interface DemoJobOffer {
  title: string;
  description: string;
  status: boolean;
  location: DemoLocation;
  monthlyPrice: number | null;
  nativeLanguageId: number | null;
  serviceIds: number[];
  taskIds: number[];
  workArrangementIds: number[];
  languageIds: number[];
  shiftIds: number[];
  createdAt: string;
}

export interface DemoEmployer {
  user: DemoUser;
  dateOfBirth: string;
  gender: Gender;
  nationality: string;
  membership: DemoMembership | null;
  jobOffers: DemoJobOffer[];
}

export interface DemoPlan {
  admin: DemoUser;
  workers: DemoWorker[];
  employers: DemoEmployer[];
  /** Offers published by the team itself (no employer). */
  adminJobOffers: DemoJobOffer[];
  conversations: DemoConversation[];
}

// ─── Faces ───────────────────────────────────────────────────────────────────────────────────

/** Everything that makes one face; colours are hex without '#', as DiceBear takes them. */
export interface DemoFace {
  seed: string;
  skinColor: string;
  /** Hair or head covering; null: bald. */
  top: string | null;
  hairColor: string;
  facialHair: string | null;
  /** Glasses, or none. */
  accessories: string | null;
  eyes: string;
  eyebrows: string;
  mouth: string;
  clothing: string;
  clothesColor: string;
  backgroundColor: string;
}

// ─── Conversations ───────────────────────────────────────────────────────────────────────────

export type ChatSide = 'worker' | 'employer';

export interface DemoMessage {
  from: ChatSide;
  content: string;
  createdAt: string;
  /** When the recipient read it; null: unread. */
  readAt: string | null;
}

export interface DemoConversation {
  /** Indexes into the plan's workers and employers. */
  workerIndex: number;
  employerIndex: number;
  startedBy: ChatSide;
  /** The offer a worker wrote about (index into the employer's offers); null when the employer started. */
  offerIndex: number | null;
  messages: DemoMessage[];
}
