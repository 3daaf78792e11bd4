import { ApiProperty } from '@nestjs/swagger';
import { JobOfferDto, WorkerCardDto } from '../../browse/dto/browse.dto';

/** The ids a person saved: the filled hearts on cards and public pages. */
export class ShortlistIdsDto {
  @ApiProperty({ type: [Number] }) workers: number[];
  @ApiProperty({ type: [Number] }) job_offers: number[];
}

/** A saved worker: their directory card, or null when the public cannot see them any more. */
export class SavedWorkerDto {
  @ApiProperty({ description: 'The worker profile id' }) id: number;
  @ApiProperty({ format: 'date-time' }) saved_at: string;
  @ApiProperty({ type: WorkerCardDto, nullable: true, description: "null: 'Perfil no disponible'" })
  card: WorkerCardDto | null;
}

/** A saved offer: its card, or null when it is not public any more. */
export class SavedOfferDto {
  @ApiProperty({ description: 'The job offer id' }) id: number;
  @ApiProperty({ format: 'date-time' }) saved_at: string;
  @ApiProperty({ type: JobOfferDto, nullable: true, description: "null: 'Oferta no disponible'" })
  card: JobOfferDto | null;
}
