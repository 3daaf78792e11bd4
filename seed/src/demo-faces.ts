/**
 * Faces for the demo people, so the directory shows people rather than a wall of placeholders.
 *
 * The plan picks each face's features with the seed's random numbers (so a seed always gives
 * the same faces); DiceBear's Avataaars style (MIT code; design by Pablo Stanley, free for
 * personal and commercial use) draws it as SVG offline, sharp rasterises it, and the real upload
 * pipeline (ProfileImagesService.upload) stores it: the same 512 px JPEG and WebP without
 * metadata, under a random name in the configured storage (DATA_DIR/uploads or the S3_BUCKET),
 * with the same address in users.profile_image as a photo a person uploads.
 */
import type { StyleOptions } from '@dicebear/core';
import { Clock } from '@cym/server/common/clock/clock';
import type { Options as AvataaarsStyle } from '@dicebear/avataaars';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DomainEvents } from '@cym/server/common/events/domain-events';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { ImageStorage } from '@cym/server/modules/media/image-storage';
import { ImageDecoder } from '@cym/server/modules/media/image-decoder';
import { PROFILE_IMAGE_SIZE, ProfileImagesService } from '@cym/server/modules/media/profile-images.service';
import { ProfilesRepository } from '@cym/server/modules/profiles/profiles.repository';
import { ProfilesService } from '@cym/server/modules/profiles/profiles.service';
import { User } from '@cym/server/modules/users/entities/user.entity';
import { UsersRepository } from '@cym/server/modules/users/users.repository';
import { UsersService } from '@cym/server/modules/users/users.service';
import type { DemoFace, Gender } from './demo-plan';
import type { Rng, Weighted } from './demo-random';

export interface FaceFacts {
  seed: string;
  gender: Gender;
  age: number;
  nationality: string;
}

type AvataaarsOptions = StyleOptions<AvataaarsStyle>;

// ─── Picking the features ───────────────────────────────────────────────────────────────────

/** Avataaars' natural skin tones, light to dark (its yellow and orange ones are left out). */
const SKIN = { light: 'ffdbb4', fair: 'edb98a', tan: 'd08b5b', brown: 'ae5d29', dark: '614335' } as const;

/** Roughly how skin tones vary among people of each origin in Argentina. */
// prettier-ignore
const SKIN_BY_NATIONALITY: Record<string, Weighted<string>> = {
  Argentina: [[SKIN.light, 30], [SKIN.fair, 34], [SKIN.tan, 24], [SKIN.brown, 9], [SKIN.dark, 3]],
  Paraguay: [[SKIN.light, 8], [SKIN.fair, 30], [SKIN.tan, 38], [SKIN.brown, 21], [SKIN.dark, 3]],
  Bolivia: [[SKIN.light, 4], [SKIN.fair, 18], [SKIN.tan, 40], [SKIN.brown, 34], [SKIN.dark, 4]],
  Perú: [[SKIN.light, 5], [SKIN.fair, 22], [SKIN.tan, 40], [SKIN.brown, 29], [SKIN.dark, 4]],
  Venezuela: [[SKIN.light, 15], [SKIN.fair, 25], [SKIN.tan, 27], [SKIN.brown, 20], [SKIN.dark, 13]],
  Colombia: [[SKIN.light, 15], [SKIN.fair, 27], [SKIN.tan, 28], [SKIN.brown, 18], [SKIN.dark, 12]],
};
const DEFAULT_SKIN = SKIN_BY_NATIONALITY.Argentina;

// prettier-ignore
const FEMALE_TOPS: Weighted<string> = [
  ['straight01', 10], ['straight02', 10], ['straightAndStrand', 8], ['longButNotTooLong', 10], ['bob', 8],
  ['bun', 10], ['curly', 9], ['curvy', 9], ['bigHair', 7], ['miaWallace', 5], ['fro', 4], ['froBand', 3],
  ['shortCurly', 3], ['shaggy', 2], ['hijab', 1],
];
// prettier-ignore
const MALE_TOPS: Weighted<string> = [
  ['shortFlat', 14], ['shortRound', 14], ['shortWaved', 12], ['shortCurly', 10], ['theCaesar', 10],
  ['theCaesarAndSidePart', 9], ['sides', 6], ['frizzle', 5], ['shaggy', 4], ['dreads01', 2], ['winterHat1', 2],
];

/** Natural hair colours: black, browns, auburn, blonde; grey comes with age. */
// prettier-ignore
const HAIR: Weighted<string> = [
  ['2c1b18', 30], ['4a312c', 26], ['724133', 18], ['a55728', 8], ['b58143', 9], ['d6b370', 6], ['c93305', 1],
];
const GREY = ['e8e1e1', 'ecdcbf'] as const;

// prettier-ignore
const EYES: Weighted<string> = [['default', 40], ['happy', 30], ['squint', 10], ['wink', 8], ['side', 7], ['surprised', 5]];
// prettier-ignore
const EYEBROWS: Weighted<string> = [
  ['default', 30], ['defaultNatural', 30], ['raisedExcited', 15], ['raisedExcitedNatural', 15], ['flatNatural', 10],
];
// prettier-ignore
const MOUTHS: Weighted<string> = [['smile', 55], ['default', 25], ['twinkle', 20]];
// prettier-ignore
const CLOTHING: Weighted<string> = [
  ['shirtCrewNeck', 18], ['shirtScoopNeck', 14], ['shirtVNeck', 14], ['hoodie', 14], ['collarAndSweater', 14],
  ['overall', 8], ['blazerAndShirt', 9], ['blazerAndSweater', 9],
];
// prettier-ignore
const CLOTHES_COLORS = [
  '262e33', '65c9ff', '5199e4', '25557c', 'e6e6e6', '929598', '3c4f5c', 'b1e2ff', 'a7ffc4', 'ffafb9', 'ff5c5c',
];
/** Soft backgrounds that sit well on white cards. */
// prettier-ignore
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c1f0d5', 'f4e1b6', 'e0e7ef'];
const GLASSES = ['prescription01', 'prescription02', 'round'] as const;
// prettier-ignore
const FACIAL_HAIR: Weighted<string> = [['beardLight', 45], ['beardMedium', 30], ['moustacheFancy', 10], ['beardMajestic', 5], ['moustacheMagnum', 10]];

/** A face that fits the person: gendered hair, skin by origin, grey hair and glasses with age. */
export function pickFace(rng: Rng, facts: FaceFacts): DemoFace {
  const female = facts.gender === 'female';
  const greyChance = facts.age >= 60 ? 0.65 : facts.age >= 50 ? 0.3 : facts.age >= 42 ? 0.08 : 0;
  const baldChance = female ? 0 : facts.age >= 55 ? 0.3 : facts.age >= 40 ? 0.12 : 0.03;
  const glassesChance = facts.age >= 50 ? 0.4 : 0.14;
  return {
    seed: facts.seed,
    skinColor: rng.weighted(SKIN_BY_NATIONALITY[facts.nationality] ?? DEFAULT_SKIN),
    top: rng.chance(baldChance) ? null : rng.weighted(female ? FEMALE_TOPS : MALE_TOPS),
    hairColor: rng.chance(greyChance) ? rng.pick(GREY) : rng.weighted(HAIR),
    facialHair: !female && rng.chance(facts.age >= 30 ? 0.35 : 0.2) ? rng.weighted(FACIAL_HAIR) : null,
    accessories: rng.chance(glassesChance) ? rng.pick(GLASSES) : null,
    eyes: rng.weighted(EYES),
    eyebrows: rng.weighted(EYEBROWS),
    mouth: rng.weighted(MOUTHS),
    clothing: rng.weighted(CLOTHING),
    clothesColor: rng.pick(CLOTHES_COLORS),
    backgroundColor: rng.pick(BACKGROUNDS),
  };
}

/** The DiceBear options that draw exactly this face (every feature fixed, nothing left to chance). */
export function avataaarsOptions(face: DemoFace): AvataaarsOptions {
  return {
    seed: face.seed,
    size: PROFILE_IMAGE_SIZE,
    // The square needs no clipping mask, and librsvg draws it five times faster without one.
    clip: false,
    backgroundColor: [face.backgroundColor],
    skinColor: [face.skinColor],
    ...(face.top ? { top: [face.top], topProbability: 100 } : { topProbability: 0 }),
    hairColor: [face.hairColor],
    hatColor: [face.clothesColor],
    ...(face.facialHair
      ? { facialHair: [face.facialHair], facialHairColor: [face.hairColor], facialHairProbability: 100 }
      : { facialHairProbability: 0 }),
    ...(face.accessories
      ? { accessories: [face.accessories], accessoriesColor: ['262e33'], accessoriesProbability: 100 }
      : { accessoriesProbability: 0 }),
    eyes: [face.eyes],
    eyebrows: [face.eyebrows],
    mouth: [face.mouth],
    clothing: [face.clothing],
    clothesColor: [face.clothesColor],
  } as AvataaarsOptions;
}

// ─── Drawing ────────────────────────────────────────────────────────────────────────────────

/** A face as PNG bytes; PNG because the upload pipeline takes photos, never SVG. */
export type FaceRenderer = (face: DemoFace) => Promise<Buffer>;

type DiceBear = {
  createAvatar: (style: unknown, options: AvataaarsOptions) => { toString(): string };
  avataaars: unknown;
};
let diceBear: Promise<DiceBear> | undefined;

/**
 * DiceBear ships ES modules only; they are loaded on first use (require(esm) on Node ≥ 20.19),
 * so nothing that merely imports the seed (the unit tests among them) needs them.
 */
function loadDiceBear(): Promise<DiceBear> {
  diceBear ??= Promise.all([import('@dicebear/core'), import('@dicebear/avataaars')]).then(([core, style]) => ({
    createAvatar: core.createAvatar as DiceBear['createAvatar'],
    avataaars: style,
  }));
  return diceBear;
}

/** DiceBear's SVG, rasterised at the stored size onto its own background (nothing transparent left). */
export const renderFace: FaceRenderer = async (face) => {
  const { createAvatar, avataaars } = await loadDiceBear();
  const svg = createAvatar(avataaars, avataaarsOptions(face)).toString();
  return sharp(Buffer.from(svg))
    .flatten({ background: `#${face.backgroundColor}` })
    .png({ compressionLevel: 1 })
    .toBuffer();
};

// ─── Storing ────────────────────────────────────────────────────────────────────────────────

export interface DemoPhotoOptions {
  /** Where photos go: the storage the media module serves (DATA_DIR/uploads or the S3_BUCKET). */
  storage: ImageStorage;
  /** Faces drawn and encoded at once; default one per core, 2 to 4. */
  concurrency?: number;
  /** Draws a face; DiceBear by default (a suite may pass a cheaper one). */
  render?: FaceRenderer;
}

export interface FaceJob {
  userId: number;
  email: string;
  profileType: 'Worker' | 'Parent' | null;
  face: DemoFace;
}

export interface PhotoResult {
  stored: number;
  failed: number;
  /** The first failure, for the log. */
  error?: string;
  elapsedMs: number;
}

/**
 * Uploads each face as its owner would, through ProfileImagesService.upload: re-encoded to the
 * stored 512 px JPEG and WebP, a random name, the address written to users.profile_image. A face
 * that fails is left out (the person keeps the placeholder) and counted, not fatal: the demo
 * data is already committed.
 */
export async function storeDemoFaces(
  dataSource: DataSource,
  jobs: readonly FaceJob[],
  options: DemoPhotoOptions,
): Promise<PhotoResult> {
  const started = Date.now();
  const render = options.render ?? renderFace;
  // The seed runs before the app exists: an event bus of its own, with no listener (nothing is
  // cached yet).
  const events = new DomainEvents(new EventEmitter2());
  const profiles = new ProfilesService(new ProfilesRepository(dataSource), new Clock());
  const users = new UsersService(new UsersRepository(dataSource.getRepository(User)), profiles, events);
  // One face per core (sharp encodes the JPEG and the WebP of each on libuv's four threads).
  const concurrency = Math.max(1, options.concurrency ?? Math.min(4, Math.max(2, availableParallelism())));
  const decoder = new ImageDecoder({ concurrency });
  const images = new ProfileImagesService(options.storage, decoder, events, users);
  const result: PhotoResult = { stored: 0, failed: 0, elapsedMs: 0 };
  const stored: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      try {
        const png = await render(job.face);
        const owner = { id: job.userId, email: job.email, profileType: job.profileType, isAdmin: false };
        await images.upload(owner, job.userId, png);
        stored.push(job.userId);
        result.stored++;
      } catch (error) {
        result.failed++;
        result.error ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  } finally {
    await decoder.onModuleDestroy(); // as at application shutdown (its HEIC decoder; idle for PNGs)
  }
  // An upload stamps updated_at with now(); these photos belong to the accounts' past.
  if (stored.length > 0)
    await dataSource.query('UPDATE users SET updated_at = COALESCE(last_seen, created_at) WHERE id = ANY($1::int[])', [
      stored,
    ]);
  result.elapsedMs = Date.now() - started;
  return result;
}
