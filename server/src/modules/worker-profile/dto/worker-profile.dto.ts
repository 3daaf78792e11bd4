import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { IsArray, IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';
import { PROFILE_MESSAGES } from '@cym/common';
import {
  ProvinceDto,
  ServiceChoiceDto,
  ShiftChoiceDto,
  TaskChoiceDto,
  WorkArrangementChoiceDto,
} from '../../catalog/dto/catalog.dto';

const TYPE = PROFILE_MESSAGES.unknownChoice;

export class PlaceRefDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

export class WorkerLocationDto {
  @ApiProperty({ nullable: true, type: String }) neighborhood: string | null;
  @ApiProperty({ nullable: true, type: PlaceRefDto }) municipality: PlaceRefDto | null;
  @ApiProperty({ nullable: true, type: ProvinceDto }) province: ProvinceDto | null;
}

export class WorkerInfoUserDto {
  @ApiProperty() first_name: string;
  @ApiPropertyOptional({ description: 'Owner and admins only' }) last_name?: string;
  @ApiPropertyOptional({ description: 'Owner and admins only' }) email?: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Owner and admins only' }) phone?: string | null;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
  @ApiProperty() formatted_last_seen: string;
  @ApiProperty() profile_visibility: boolean;
}

export class WorkerInfoDto {
  @ApiProperty() id: number;
  @ApiProperty() user_id: number;
  @ApiProperty({ type: WorkerInfoUserDto }) user: WorkerInfoUserDto;
  @ApiProperty({ nullable: true, type: String, example: '1990-05-17' }) date_of_birth: string | null;
  @ApiProperty({ nullable: true, enum: ['male', 'female'], type: String }) gender: 'male' | 'female' | null;
  @ApiProperty({ nullable: true, type: String }) gender_display: string | null;
  @ApiProperty({ nullable: true, type: String }) nationality: string | null;
  @ApiProperty({ type: WorkerLocationDto }) location: WorkerLocationDto;
}

export class IntroductionDto {
  @ApiProperty({ nullable: true, type: String }) introduction: string | null;
}

export class HourPriceDto {
  @ApiProperty({ nullable: true, type: String, description: 'A whole number held as text' }) hour_price: string | null;
}

export class WorkerLanguageDto {
  @ApiProperty({ description: 'The language id' }) id: number;
  @ApiProperty({ description: 'The language id again (the same as id)' }) language: number;
  @ApiProperty() language_name_display: string;
  @ApiProperty() native: boolean;
}

export class ExperienceDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty() currently_working: boolean;
}

export class EducationDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() place: string;
  @ApiProperty({ enum: ['en_curso', 'completo', 'incompleto'] }) status: string;
  @ApiProperty() status_display: string;
}

// Requests: types only; rules live in the common workspace.

export class ExperienceBodyDto {
  @ApiProperty() @IsOptional() @IsString({ message: PROFILE_MESSAGES.fieldRequired }) title?: string;
  @ApiProperty() @IsOptional() @IsString({ message: PROFILE_MESSAGES.fieldRequired }) description?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: PROFILE_MESSAGES.fieldRequired })
  currently_working?: boolean;
}

export class EducationBodyDto {
  @ApiProperty() @IsOptional() @IsString({ message: PROFILE_MESSAGES.fieldRequired }) title?: string;
  @ApiProperty() @IsOptional() @IsString({ message: PROFILE_MESSAGES.fieldRequired }) place?: string;
  @ApiProperty({ enum: ['en_curso', 'completo', 'incompleto'] })
  @IsOptional()
  @IsString({ message: PROFILE_MESSAGES.fieldRequired })
  status?: string;
}

export class IntroductionBodyDto {
  @ApiProperty() @IsOptional() @IsString({ message: PROFILE_MESSAGES.introductionEmpty }) introduction?: string;
}

export class HourPriceBodyDto {
  @ApiProperty({ description: 'Digits only, 1 to 100000' })
  @IsOptional()
  @IsString({ message: PROFILE_MESSAGES.hourPriceDigits })
  hour_price?: string;
}

export class ServicesBodyDto {
  @ApiProperty({ type: [Number] })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  services_ids?: number[];
}

export class TasksBodyDto {
  @ApiProperty({ type: [Number] })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  task_ids?: number[];
}

export class WorkArrangementsBodyDto {
  @ApiProperty({ type: [Number] })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  work_arrangement_ids?: number[];
}

export class LanguagesBodyDto {
  @ApiProperty({ type: [Number] })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  languages_ids?: number[];
  @ApiProperty({ nullable: true, type: Number }) @IsOptional() @IsInt({ message: TYPE }) native_language_id?:
    number | null;
}

export class ShiftPairDto {
  @ApiProperty({ example: 'lunes' }) @IsString({ message: TYPE }) day: string;
  @ApiProperty({ example: 'mañana' }) @IsString({ message: TYPE }) shift: string;
}

export class WorkerInfoBodyDto {
  @ApiProperty({ example: '1990-05-17' })
  @IsOptional()
  @IsString({ message: PROFILE_MESSAGES.birthRequired })
  date_of_birth?: string;
  @ApiProperty() @IsOptional() @IsString({ message: PROFILE_MESSAGES.neighborhoodRequired }) neighborhood?: string;
  @ApiProperty({ enum: ['male', 'female'] })
  @IsOptional()
  @IsString({ message: PROFILE_MESSAGES.genderRequired })
  gender?: string;
  @ApiProperty() @IsOptional() @IsString({ message: PROFILE_MESSAGES.nationalityRequired }) nationality?: string;
  @ApiProperty() @IsOptional() @IsInt({ message: PROFILE_MESSAGES.municipalityRequired }) municipality?: number;
  @ApiProperty() @IsOptional() @IsInt({ message: PROFILE_MESSAGES.provinceRequired }) province?: number;
}

export class ServicesAnswerDto {
  @ApiProperty({ type: [ServiceChoiceDto] }) services: ServiceChoiceDto[];
}

export class TasksAnswerDto {
  @ApiProperty({ type: [TaskChoiceDto] }) tasks: TaskChoiceDto[];
}

export class WorkArrangementsAnswerDto {
  @ApiProperty({ type: [WorkArrangementChoiceDto] }) updated_work_arrangements: WorkArrangementChoiceDto[];
}

export class LanguagesAnswerDto {
  @ApiProperty({ type: [WorkerLanguageDto] }) languages: WorkerLanguageDto[];
}

export class ShiftsAnswerDto {
  @ApiProperty({ type: [ShiftChoiceDto] }) shifts: ShiftChoiceDto[];
}
