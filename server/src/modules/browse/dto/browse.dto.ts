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

/** A person's references: the visible ones' average (one decimal) and count. */
export class CardRatingDto {
  @ApiProperty({ example: 4.7 }) average: number;
  @ApiProperty({ example: 12 }) count: number;
  @ApiProperty({ example: 3, description: "Written after a hire between the two ('Trabajó con …')" }) hired: number;
}

export class CardLocationDto {
  @ApiProperty({ nullable: true, type: PlaceRefDto }) municipality: PlaceRefDto | null;
  @ApiProperty({ nullable: true, type: PlaceRefDto }) province: PlaceRefDto | null;
}

/** A worker in the public directory: no private fields. */
/** A worker's verified documents: approved DNI; approved certificate not expired. */
export class CardVerifiedDto {
  @ApiProperty({ description: "'Identidad verificada'" }) identity: boolean;
  @ApiProperty({ description: "'Antecedentes verificados' (until the certificate expires)" }) background: boolean;
}

export class WorkerCardDto {
  @ApiProperty() id: number;
  @ApiProperty({ type: CardVerifiedDto }) verified: CardVerifiedDto;
  @ApiProperty({ nullable: true, type: String }) date_of_birth: string | null;
  @ApiProperty({ nullable: true, type: String }) introduction: string | null;
  @ApiProperty({ type: WorkerCardUserDto }) user: WorkerCardUserDto;
  @ApiProperty({ type: CardLocationDto }) location: CardLocationDto;
  @ApiProperty({ type: [ServiceChoiceDto] }) services: ServiceChoiceDto[];
  @ApiProperty({ type: [WorkArrangementChoiceDto] }) work_arrangements: WorkArrangementChoiceDto[];
  @ApiProperty({ type: [TaskChoiceDto] }) tasks: TaskChoiceDto[];
  @ApiProperty({ type: [LanguageChoiceDto] }) languages: LanguageChoiceDto[];
  @ApiProperty({ type: [ShiftLabelDto] }) work_shifts: ShiftLabelDto[];
  @ApiProperty({ type: CardRatingDto, nullable: true, description: 'References: null without visible ones' })
  rating: CardRatingDto | null;
  @ApiProperty({
    required: false,
    type: Number,
    description: "'Cerca de': whole km from the municipality asked for (`near`); only when `near` was given",
  })
  distance_km?: number;
}

export class WorkerPageDto {
  @ApiProperty({ type: [WorkerCardDto] }) results: WorkerCardDto[];
  @ApiProperty({ description: "Matches, counted up to DIRECTORY_COUNT_BOUND (1,000) or the page's last row if deeper" })
  count: number;
  @ApiProperty({ description: 'False: more than `count` match (the count stopped at its bound)' })
  count_exact: boolean;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

export class OfferLocationDto {
  @ApiProperty() neighborhood: string;
  @ApiProperty({ type: PlaceRefDto }) municipality: PlaceRefDto;
  @ApiProperty({ type: PlaceRefDto }) province: PlaceRefDto;
}

export class OfferParentUserDto {
  @ApiProperty({ description: "The employer's user id (for 'Bloquear')" }) id: number;
  @ApiProperty() first_name: string;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
  @ApiProperty() formatted_last_seen: string;
}

export class OfferParentDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: "The employer's 'Identidad verificada'" }) identity_verified: boolean;
  @ApiProperty({ type: OfferParentUserDto }) user: OfferParentUserDto;
  @ApiProperty({ nullable: true, type: String }) date_of_birth: string | null;
  @ApiProperty({ nullable: true, type: String }) gender_display: string | null;
  @ApiProperty({ nullable: true, type: String }) nationality: string | null;
  @ApiProperty({
    type: CardRatingDto,
    nullable: true,
    description: "The employer's references: null without visible ones",
  })
  rating: CardRatingDto | null;
}

export class IdRefDto {
  @ApiProperty() id: number;
}

export class OfferShiftDto {
  @ApiProperty() day: string;
  @ApiProperty() shift: string;
  @ApiProperty() day_display: string;
  @ApiProperty() shift_display: string;
}

/** A public job offer. */
export class JobOfferDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: OfferLocationDto }) location: OfferLocationDto;
  @ApiProperty({ nullable: true, type: OfferParentDto, description: 'null for offers published by the team' })
  parent_profile: OfferParentDto | null;
  @ApiProperty({ type: [ServiceChoiceDto] }) services: ServiceChoiceDto[];
  @ApiProperty({ type: [TaskChoiceDto] }) tasks: TaskChoiceDto[];
  @ApiProperty({ type: [WorkArrangementChoiceDto] }) work_arrangements: WorkArrangementChoiceDto[];
  @ApiProperty({ nullable: true, type: Number }) monthly_price: number | null;
  @ApiProperty({ type: [LanguageChoiceDto] }) languages: LanguageChoiceDto[];
  @ApiProperty({ nullable: true, type: IdRefDto }) native_language: IdRefDto | null;
  @ApiProperty({ type: [OfferShiftDto] }) work_shifts: OfferShiftDto[];
  @ApiProperty() status: boolean;
  @ApiProperty({ example: '22/11/2026' }) formatted_created_at: string;
  @ApiProperty({
    required: false,
    type: Number,
    description: "'Cerca de': whole km from the municipality asked for (`near`); only when `near` was given",
  })
  distance_km?: number;
}

export class JobOfferPageDto {
  @ApiProperty({ type: [JobOfferDto] }) results: JobOfferDto[];
  @ApiProperty({ description: "Matches, counted up to DIRECTORY_COUNT_BOUND (1,000) or the page's last row if deeper" })
  count: number;
  @ApiProperty({ description: 'False: more than `count` match (the count stopped at its bound)' })
  count_exact: boolean;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}
