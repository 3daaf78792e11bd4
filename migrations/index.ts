import { InitialSchema1763784000000 } from './1763784000000-InitialSchema';
import { SeedCatalog1763784000001 } from './1763784000001-SeedCatalog';
import { AuthAndOutbox1763870400000 } from './1763870400000-AuthAndOutbox';
import { Payments1764000000000 } from './1764000000000-Payments';
import { Chat1764100000000 } from './1764100000000-Chat';
import { Admin1764200000000 } from './1764200000000-Admin';
import { FoldedSearch1764320000000 } from './1764320000000-FoldedSearch';
import { VisibleSince1764330000000 } from './1764330000000-VisibleSince';
import { ManualGrants1764350000000 } from './1764350000000-ManualGrants';
import { JobsSchema1764400000000 } from './1764400000000-JobsSchema';
import { SearchReadModel1764500000000 } from './1764500000000-SearchReadModel';
import { ConversationsWithoutLastMessageAt1764500000001 } from './1764500000001-ConversationsWithoutLastMessageAt';
import { ShortlistsAndSavedSearches1764600000000 } from './1764600000000-ShortlistsAndSavedSearches';
import { PushNotifications1764700000000 } from './1764700000000-PushNotifications';
import { SearchMunicipality1764800000000 } from './1764800000000-SearchMunicipality';
import { WageScales1764900000000 } from './1764900000000-WageScales';
import { VerificationDocuments1764910000000 } from './1764910000000-VerificationDocuments';
import { References1764920000000 } from './1764920000000-References';
import { CanonicalPhones1764931000000 } from './1764931000000-CanonicalPhones';
import { DocumentViews1764945000000 } from './1764945000000-DocumentViews';
import { AdminSecondFactor1764950000000 } from './1764950000000-AdminSecondFactor';
import { Hires1764960000000 } from './1764960000000-Hires';
import { LoginSessions1764970000000 } from './1764970000000-LoginSessions';
import { Blocks1764971000000 } from './1764971000000-Blocks';
import { DataExports1764972000000 } from './1764972000000-DataExports';
import { AccountErasure1764973000000 } from './1764973000000-AccountErasure';
import { Moderation1764974000000 } from './1764974000000-Moderation';
import { OneCheckoutBeingPrepared1764975000000 } from './1764975000000-OneCheckoutBeingPrepared';
import { RefreshSuccessor1764976000000 } from './1764976000000-RefreshSuccessor';
import { ReferenceRatingLock1764978000000 } from './1764978000000-ReferenceRatingLock';

/** Every migration, in order. A new migration is appended here and never edited once landed. */
export const MIGRATIONS = [
  InitialSchema1763784000000,
  SeedCatalog1763784000001,
  AuthAndOutbox1763870400000,
  Payments1764000000000,
  Chat1764100000000,
  Admin1764200000000,
  FoldedSearch1764320000000,
  VisibleSince1764330000000,
  ManualGrants1764350000000,
  JobsSchema1764400000000,
  SearchReadModel1764500000000,
  ConversationsWithoutLastMessageAt1764500000001,
  ShortlistsAndSavedSearches1764600000000,
  PushNotifications1764700000000,
  SearchMunicipality1764800000000,
  WageScales1764900000000,
  VerificationDocuments1764910000000,
  References1764920000000,
  CanonicalPhones1764931000000,
  DocumentViews1764945000000,
  AdminSecondFactor1764950000000,
  Hires1764960000000,
  LoginSessions1764970000000,
  Blocks1764971000000,
  DataExports1764972000000,
  AccountErasure1764973000000,
  Moderation1764974000000,
  OneCheckoutBeingPrepared1764975000000,
  RefreshSuccessor1764976000000,
  ReferenceRatingLock1764978000000,
];
