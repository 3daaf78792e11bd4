import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * What the media module reads of the database: which photo addresses a user's profile_image
 * still holds (the photo files' sweep). The photo's address itself is written by UsersService.
 */
@Injectable()
export class MediaRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Those of `addresses` that some user's profile_image holds. */
  async profileImagesInUse(addresses: string[]): Promise<Set<string>> {
    const rows = (await this.dataSource.query('SELECT profile_image FROM users WHERE profile_image = ANY($1::text[])', [
      addresses,
    ])) as { profile_image: string }[];
    return new Set(rows.map((r) => r.profile_image));
  }
}
