import { ApiProperty } from '@nestjs/swagger';
import {
  LanguageChoiceDto,
  ServiceChoiceDto,
  TaskChoiceDto,
  WorkArrangementChoiceDto,
} from '../../catalog/dto/catalog.dto';
import { PlaceRefDto } from '../../worker-profile/dto/worker-profile.dto';

export class ShiftLabelDto {
  @ApiProperty({ example: 'Lunes' }) day_display: string;
  @ApiProperty({ example: 'Mañana' }) shift_display: string;
}

export class WorkerCardUserDto {
  @ApiProperty() first_name: string;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
  @ApiProperty() formatted_last_seen: string;
}

export class CardLocationDto {
  @ApiProperty({ nullable: true, type: PlaceRefDto }) municipality: PlaceRefDto | null;
  @ApiProperty({ nullable: true, type: PlaceRefDto }) province: PlaceRefDto | null;
}

/** A worker in the public directory (spec 02 §3 "Worker (list item)"): no private fields. */
export class WorkerCardDto {
  @ApiProperty() id: number;
  @ApiProperty({ nullable: true, type: String }) date_of_birth: string | null;
  @ApiProperty({ nullable: true, type: String }) introduction: string | null;
  @ApiProperty({ type: WorkerCardUserDto }) user: WorkerCardUserDto;
  @ApiProperty({ type: CardLocationDto }) location: CardLocationDto;
  @ApiProperty({ type: [ServiceChoiceDto] }) services: ServiceChoiceDto[];
  @ApiProperty({ type: [WorkArrangementChoiceDto] }) work_arrangements: WorkArrangementChoiceDto[];
  @ApiProperty({ type: [TaskChoiceDto] }) tasks: TaskChoiceDto[];
  @ApiProperty({ type: [LanguageChoiceDto] }) languages: LanguageChoiceDto[];
  @ApiProperty({ type: [ShiftLabelDto] }) work_shifts: ShiftLabelDto[];
}

export class WorkerPageDto {
  @ApiProperty({ type: [WorkerCardDto] }) results: WorkerCardDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}
