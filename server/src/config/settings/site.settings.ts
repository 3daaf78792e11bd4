import { IsInt, IsString, IsUrl, Max, Min } from 'class-validator';
import { AsInt } from './settings-kit';

/** What the public site shows and how it answers: contact values, the contact form, the directories' cache and count. */
export class SiteVariables {
  /** Digits only, with country code: the fixed WhatsApp button and the footer. */
  @IsString()
  WHATSAPP_NUMBER = '5491100000000';

  @IsString()
  CONTACT_EMAIL = 'hola@casaymanos.com.ar';

  @IsString()
  CONTACT_ADDRESS = 'Ciudad Autónoma de Buenos Aires, Argentina';

  @IsUrl({ require_protocol: true })
  INSTAGRAM_URL = 'https://www.instagram.com/';

  @IsUrl({ require_protocol: true })
  FACEBOOK_URL = 'https://www.facebook.com/';

  @IsUrl({ require_protocol: true })
  LINKEDIN_URL = 'https://www.linkedin.com/';

  /** Contact form submissions per IP per hour. */
  @AsInt()
  @IsInt()
  @Min(1)
  CONTACT_RATE_LIMIT = 5;

  /**
   * Seconds a public directory page or public worker profile is answered from memory before it is
   * read again; 0 turns both caches off.
   */
  @AsInt()
  @IsInt()
  @Min(0)
  @Max(300)
  DIRECTORY_CACHE_SECONDS = 10;

  /**
   * How many matches a directory's first pages count exactly; beyond, the answer says 'more
   * than' (`count_exact: false`). A deeper page counts up to its own last row (docs/DECISIONS.md).
   */
  @AsInt()
  @IsInt()
  @Min(1)
  @Max(100_000)
  DIRECTORY_COUNT_BOUND = 1000;
}

export interface SiteSettings {
  contact: {
    whatsappNumber: string;
    email: string;
    address: string;
    instagramUrl: string;
    facebookUrl: string;
    linkedinUrl: string;
    rateLimitPerHour: number;
  };
  /** How long a public directory page may be answered from memory (0: never). */
  directoryCacheMs: number;
  /** Matches a directory's first pages count exactly (DIRECTORY_COUNT_BOUND). */
  directoryCountBound: number;
}

export function siteSettings(values: SiteVariables): SiteSettings {
  return {
    contact: {
      whatsappNumber: values.WHATSAPP_NUMBER.replace(/\D/g, ''),
      email: values.CONTACT_EMAIL,
      address: values.CONTACT_ADDRESS,
      instagramUrl: values.INSTAGRAM_URL,
      facebookUrl: values.FACEBOOK_URL,
      linkedinUrl: values.LINKEDIN_URL,
      rateLimitPerHour: values.CONTACT_RATE_LIMIT,
    },
    directoryCacheMs: values.DIRECTORY_CACHE_SECONDS * 1000,
    directoryCountBound: values.DIRECTORY_COUNT_BOUND,
  };
}
