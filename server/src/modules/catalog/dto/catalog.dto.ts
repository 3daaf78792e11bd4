import { ApiProperty } from '@nestjs/swagger';

export class ServiceChoiceDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'Stable key: housemaide, babysitter, nurse, …' }) title: string;
  @ApiProperty() title_display: string;
}

export class TaskChoiceDto {
  @ApiProperty() id: number;
  @ApiProperty() title_display: string;
}

export class WorkArrangementChoiceDto {
  @ApiProperty() id: number;
  @ApiProperty() value_display: string;
}

export class LanguageChoiceDto {
  @ApiProperty() id: number;
  @ApiProperty() name_display: string;
}

export class ShiftChoiceDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'lunes' }) day: string;
  @ApiProperty({ example: 'mañana' }) shift: string;
  @ApiProperty({ example: 'Lunes' }) day_display: string;
  @ApiProperty({ example: 'Mañana' }) shift_display: string;
}

export class ProvinceDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

export class ProvinceRefDto {
  @ApiProperty() id: number;
}

export class MunicipalityDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: ProvinceRefDto }) province: ProvinceRefDto;
}

export class PlacesDto {
  @ApiProperty({ type: [ProvinceDto] }) provinces: ProvinceDto[];
  @ApiProperty({ type: [MunicipalityDto] }) municipalities: MunicipalityDto[];
}

export class TaskChoicesDto {
  @ApiProperty({ type: [TaskChoiceDto] }) tasks: TaskChoiceDto[];
}

export class WorkArrangementChoicesDto {
  @ApiProperty({ type: [WorkArrangementChoiceDto] }) work_arrangements: WorkArrangementChoiceDto[];
}

export class ShiftChoicesDto {
  @ApiProperty({ type: [ShiftChoiceDto] }) shifts: ShiftChoiceDto[];
}

export class StatusChoiceDto {
  @ApiProperty({ example: 'en_curso' }) value: string;
  @ApiProperty({ example: 'En curso' }) label: string;
}

export class EducationStatusChoicesDto {
  @ApiProperty({ type: [StatusChoiceDto] }) status_choices: StatusChoiceDto[];
}

/** The directories' filter lists without the municipalities, which are asked for per province. */
export class DirectoryFilterChoicesDto {
  @ApiProperty({ type: [ServiceChoiceDto] }) services: ServiceChoiceDto[];
  @ApiProperty({ type: [WorkArrangementChoiceDto] }) work_arrangements: WorkArrangementChoiceDto[];
  @ApiProperty({ type: [TaskChoiceDto] }) tasks: TaskChoiceDto[];
  @ApiProperty({ type: [LanguageChoiceDto] }) languages: LanguageChoiceDto[];
  @ApiProperty({ type: [ShiftChoiceDto] }) work_shifts: ShiftChoiceDto[];
  @ApiProperty({ type: [ProvinceDto] }) provinces: ProvinceDto[];
}

export class FilterChoicesDto extends DirectoryFilterChoicesDto {
  @ApiProperty({ type: [MunicipalityDto] }) municipalities: MunicipalityDto[];
}
