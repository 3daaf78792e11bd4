import { ApiProperty } from '@nestjs/swagger';
import type { DataExportStatus } from '../entities/data-export.entity';

const STATUSES: DataExportStatus[] = ['requested', 'ready', 'failed'];

/** One of the person's requests for their data, as 'Tus datos' and /mis-datos/{id} show it. */
export class DataExportDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: STATUSES, description: 'requested: in preparation; ready: made (see expired); failed' })
  status: DataExportStatus;
  @ApiProperty({ format: 'date-time' }) requested_at: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) ready_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: '24 hours after ready_at' })
  expires_at: string | null;
  @ApiProperty({ description: 'Ready and past its expiry: the file is no longer served' }) expired: boolean;
  @ApiProperty({ nullable: true, type: Number }) size_bytes: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The ZIP's address (logged in, the owner only) when ready",
  })
  file_url: string | null;
}
