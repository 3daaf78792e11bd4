import { ApiProperty } from '@nestjs/swagger';
import {
  EMPLOYMENT_STATUSES,
  HIRE_END_CAUSES,
  HIRE_MESSAGES,
  HIRE_PAY_BASES,
  HIRE_PROPOSAL_STATUSES,
  type EmploymentStatus,
  type HireArrangement,
  type HireEndCause,
  type HirePayBasis,
  type HireProposalStatus,
} from '@cym/common';
import { IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsString } from 'class-validator';
import { LaborParameterVersionDto } from '../../wages/dto/wages.dto';

const ARRANGEMENTS = ['con_retiro', 'sin_retiro'];

export class ScheduleSlotDto {
  @ApiProperty({ minimum: 1, maximum: 7, description: '1 = lunes … 7 = domingo' }) day: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  @ApiProperty({ example: '08:00' }) from: string;
  @ApiProperty({ example: '12:00' }) to: string;
}

/** A proposal as the employer sends it (checked by common's hireProposalProblems and the minimum). */
export class HireProposalBodyDto {
  @ApiProperty() @IsInt({ message: HIRE_MESSAGES.conversationNotFound }) conversation_id: number;
  @ApiProperty({ format: 'date' }) @IsString({ message: HIRE_MESSAGES.startInvalid }) start_date: string;
  @ApiProperty({ type: [Number], minItems: 1, maxItems: 5 })
  @IsArray({ message: HIRE_MESSAGES.servicesInvalid })
  services: number[];
  @ApiProperty({ enum: ARRANGEMENTS })
  @IsIn(ARRANGEMENTS, { message: HIRE_MESSAGES.arrangementInvalid })
  arrangement: HireArrangement;
  @ApiProperty({ type: [ScheduleSlotDto] })
  @IsArray({ message: HIRE_MESSAGES.scheduleInvalid })
  schedule: ScheduleSlotDto[];
  @ApiProperty({ enum: HIRE_PAY_BASES })
  @IsIn(HIRE_PAY_BASES as unknown as string[], { message: HIRE_MESSAGES.payBasisInvalid })
  pay_basis: HirePayBasis;
  @ApiProperty({ description: 'Pesos per month or per hour, as pay_basis says' })
  @IsNumber({}, { message: HIRE_MESSAGES.payInvalid })
  pay_amount: number;
  @ApiProperty() @IsInt({ message: HIRE_MESSAGES.municipalityInvalid }) municipality_id: number;
}

export class HireMinimumDto {
  @ApiProperty({ enum: ['hourly', 'pro_rata', 'monthly'] }) basis: 'hourly' | 'pro_rata' | 'monthly';
  @ApiProperty() weekly_hours: number;
  @ApiProperty() monthly_hours: number;
  @ApiProperty({ description: 'The legal minimum of a month for this schedule, without the zone supplement' })
  amount: number;
  @ApiProperty({ description: 'The agreed pay of a month' }) agreed: number;
  @ApiProperty({ description: 'How the minimum was reached, in Spanish' }) text: string;
}

export class HireTermsDto {
  @ApiProperty({ format: 'date' }) start_date: string;
  @ApiProperty({ type: [Number] }) services: number[];
  @ApiProperty({ type: [String] }) service_names: string[];
  @ApiProperty() category: number;
  @ApiProperty() category_name: string;
  @ApiProperty({ enum: ARRANGEMENTS }) arrangement: HireArrangement;
  @ApiProperty({ type: [ScheduleSlotDto] }) schedule: ScheduleSlotDto[];
  @ApiProperty() schedule_text: string;
  @ApiProperty() weekly_hours: number;
  @ApiProperty({ enum: HIRE_PAY_BASES }) pay_basis: HirePayBasis;
  @ApiProperty() pay_amount: number;
  @ApiProperty() province_id: number;
  @ApiProperty() province_name: string;
  @ApiProperty() municipality_id: number;
  @ApiProperty() municipality_name: string;
  @ApiProperty({ description: 'A zona desfavorable: the payslip adds its supplement' }) zone: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'The zone supplement in force at the start, in %' })
  zone_percent: number | null;
  @ApiProperty({ type: HireMinimumDto, nullable: true, description: 'null when no scale covers the start date' })
  minimum: HireMinimumDto | null;
  @ApiProperty({ format: 'date', nullable: true, type: String, description: 'When the trial period ends' })
  trial_ends_on: string | null;
}

export class HirePartyDto {
  @ApiProperty() user_id: number;
  @ApiProperty() profile_id: number;
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
}

export class HireProposalDto {
  @ApiProperty() id: number;
  @ApiProperty() conversation_id: number;
  @ApiProperty({ enum: HIRE_PROPOSAL_STATUSES }) status: HireProposalStatus;
  @ApiProperty() status_label: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) answered_at: string | null;
  @ApiProperty({ type: HireTermsDto }) terms: HireTermsDto;
  @ApiProperty({ type: HirePartyDto }) worker: HirePartyDto;
  @ApiProperty({ type: HirePartyDto }) employer: HirePartyDto;
  @ApiProperty({ nullable: true, type: Number, description: 'The relationship it became, once accepted' })
  employment_id: number | null;
  @ApiProperty({ description: 'The viewer is the worker and it waits for an answer' }) can_answer: boolean;
  @ApiProperty({ description: 'The viewer is the employer and it waits for an answer' }) can_withdraw: boolean;
  @ApiProperty({ type: [LaborParameterVersionDto], description: 'The parameters used, with their sources' })
  sources: LaborParameterVersionDto[];
}

export class EmploymentSummaryDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ['worker', 'employer', 'admin'] }) role: 'worker' | 'employer' | 'admin';
  @ApiProperty({ enum: EMPLOYMENT_STATUSES }) status: EmploymentStatus;
  @ApiProperty() status_label: string;
  @ApiProperty({ format: 'date' }) start_date: string;
  @ApiProperty({ format: 'date', nullable: true, type: String }) ended_on: string | null;
  @ApiProperty({ type: HirePartyDto }) worker: HirePartyDto;
  @ApiProperty({ type: HirePartyDto }) employer: HirePartyDto;
  @ApiProperty() category_name: string;
  @ApiProperty() weekly_hours: number;
  @ApiProperty() municipality_name: string;
}

export class EmploymentEventDto {
  @ApiProperty() kind: string;
  @ApiProperty({ description: 'What happened, in Spanish' }) text: string;
  @ApiProperty({ nullable: true, type: String }) actor_name: string | null;
  @ApiProperty({ format: 'date-time' }) at: string;
}

/** The parties' identifiers: only the two parties and admins read them. */
export class EmploymentPrivateDto {
  @ApiProperty({ nullable: true, type: String, example: '27-12345678-3' }) worker_cuil: string | null;
  @ApiProperty({ nullable: true, type: String }) employer_cuit: string | null;
  @ApiProperty({ nullable: true, type: String }) work_address: string | null;
}

export class EmploymentDto extends EmploymentSummaryDto {
  @ApiProperty() proposal_id: number;
  @ApiProperty({ nullable: true, type: Number }) conversation_id: number | null;
  @ApiProperty({ type: HireTermsDto }) terms: HireTermsDto;
  @ApiProperty({ format: 'date' }) trial_ends_on: string;
  @ApiProperty({ format: 'date', nullable: true, type: String, description: 'The registration in ARCA, as told' })
  registered_on: string | null;
  @ApiProperty({ enum: HIRE_END_CAUSES, nullable: true, type: String }) end_cause: HireEndCause | null;
  @ApiProperty({ type: EmploymentPrivateDto }) private: EmploymentPrivateDto;
  @ApiProperty({ type: [EmploymentEventDto] }) history: EmploymentEventDto[];
  @ApiProperty({ type: [LaborParameterVersionDto], description: 'The parameters used, with their sources' })
  sources: LaborParameterVersionDto[];
}

export class WorkerCuilBodyDto {
  @ApiProperty({ example: '27-12345678-3' }) @IsString({ message: HIRE_MESSAGES.cuilInvalid }) cuil: string;
}

export class EmployerDataBodyDto {
  @ApiProperty({ example: '20-12345678-6' }) @IsString({ message: HIRE_MESSAGES.cuitInvalid }) cuit: string;
  @ApiProperty({ minLength: 5, maxLength: 300 })
  @IsString({ message: HIRE_MESSAGES.addressInvalid })
  work_address: string;
}

export class RegistrationBodyDto {
  @ApiProperty({ format: 'date', description: 'The day the registration in ARCA was made' })
  @IsString({ message: HIRE_MESSAGES.registeredInvalid })
  registered_on: string;
}

// ── Pay ─────────────────────────────────────────────────────────────────────

export class PayLineDto {
  @ApiProperty({ description: "A stable id: 'basic', 'seniority', 'zone', 'notice'…" }) key: string;
  @ApiProperty() label: string;
  @ApiProperty({ description: 'How the amount was reached, with the numbers used' }) formula: string;
  @ApiProperty() amount: number;
  @ApiProperty({ description: 'Counts for aguinaldo, vacations and severance' }) remunerative: boolean;
  @ApiProperty({ type: [String], description: "The parameters (and 'wage_scale') it used" }) sources: string[];
}

export const PAYSLIP_STATES = ['pendiente', 'borrador', 'confirmado', 'recibido'] as const;
export type PayslipState = (typeof PAYSLIP_STATES)[number];

export class PayslipSummaryDto {
  @ApiProperty({ example: '2026-12' }) period: string;
  @ApiProperty({ example: 'diciembre de 2026' }) period_label: string;
  @ApiProperty({ enum: PAYSLIP_STATES }) state: PayslipState;
  @ApiProperty() state_label: string;
  @ApiProperty() gross: number;
  @ApiProperty() net: number;
}

export class PayslipDto extends PayslipSummaryDto {
  @ApiProperty() employment_id: number;
  @ApiProperty({ type: [PayLineDto] }) lines: PayLineDto[];
  @ApiProperty() non_remunerative: number;
  @ApiProperty() deductions: number;
  @ApiProperty({ enum: ['hourly', 'pro_rata', 'monthly'] }) basis: 'hourly' | 'pro_rata' | 'monthly';
  @ApiProperty() weekly_hours: number;
  @ApiProperty() monthly_hours: number;
  @ApiProperty() days_paid: number;
  @ApiProperty() days_in_month: number;
  @ApiProperty() overtime_ordinary_hours: number;
  @ApiProperty() overtime_rest_hours: number;
  @ApiProperty() holiday_hours: number;
  @ApiProperty({ format: 'date', nullable: true, type: String }) paid_on: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) confirmed_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) acknowledged_at: string | null;
  @ApiProperty({ description: 'The viewer is the employer and it is not confirmed' }) can_edit: boolean;
  @ApiProperty({ description: 'The viewer is the worker, it is confirmed and not acknowledged' })
  can_acknowledge: boolean;
  @ApiProperty({ type: [LaborParameterVersionDto] }) sources: LaborParameterVersionDto[];
  @ApiProperty({ description: 'The wage scale used: its date and source' }) scale_source: string;
}

export class PayslipDraftBodyDto {
  @ApiProperty({ minimum: 0, maximum: 200 })
  @IsNumber({}, { message: HIRE_MESSAGES.hoursInvalid })
  overtime_ordinary_hours: number;
  @ApiProperty({ minimum: 0, maximum: 200 })
  @IsNumber({}, { message: HIRE_MESSAGES.hoursInvalid })
  overtime_rest_hours: number;
  @ApiProperty({ minimum: 0, maximum: 200 })
  @IsNumber({}, { message: HIRE_MESSAGES.hoursInvalid })
  holiday_hours: number;
}

export class PaidOnBodyDto {
  @ApiProperty({ format: 'date', description: 'The day it was paid' })
  @IsString({ message: HIRE_MESSAGES.paidOnInvalid })
  paid_on: string;
}

export class ContributionDto {
  @ApiProperty({ example: '2026-12' }) period: string;
  @ApiProperty() period_label: string;
  @ApiProperty({ description: 'Aporte + contribución + ART for the weekly hours' }) amount: number;
  @ApiProperty() bracket: string;
  @ApiProperty() aporte: number;
  @ApiProperty() contribucion: number;
  @ApiProperty() art: number;
  @ApiProperty({ format: 'date' }) due_date: string;
  @ApiProperty({ format: 'date', nullable: true, type: String }) paid_on: string | null;
}

export class SacDto {
  @ApiProperty({ example: '2026-2' }) semester: string;
  @ApiProperty({ type: PayLineDto }) line: PayLineDto;
  @ApiProperty({ format: 'date' }) due_date: string;
}

export class VacationDto {
  @ApiProperty() year: number;
  @ApiProperty() days: number;
  @ApiProperty({ enum: ['full', 'proportional'] }) rule: 'full' | 'proportional';
  @ApiProperty({ format: 'date' }) from: string;
  @ApiProperty({ format: 'date' }) to: string;
  @ApiProperty({ type: PayLineDto }) pay: PayLineDto;
}

export class SettlementDto {
  @ApiProperty({ enum: HIRE_END_CAUSES }) cause: HireEndCause;
  @ApiProperty() cause_label: string;
  @ApiProperty({ format: 'date' }) end_date: string;
  @ApiProperty() notice_given: boolean;
  @ApiProperty({ type: [PayLineDto] }) lines: PayLineDto[];
  @ApiProperty() total: number;
  @ApiProperty({ type: [LaborParameterVersionDto] }) sources: LaborParameterVersionDto[];
}

export class EmploymentPayDto {
  @ApiProperty({ type: [PayslipSummaryDto], description: 'Every month so far, newest first' })
  payslips: PayslipSummaryDto[];
  @ApiProperty({ type: [ContributionDto], description: 'Every month so far, newest first' })
  contributions: ContributionDto[];
  @ApiProperty({ type: [SacDto] }) sac: SacDto[];
  @ApiProperty({ type: [VacationDto] }) vacations: VacationDto[];
  @ApiProperty({ type: SettlementDto, nullable: true }) settlement: SettlementDto | null;
}

export class EndBodyDto {
  @ApiProperty({ enum: HIRE_END_CAUSES })
  @IsIn(HIRE_END_CAUSES as unknown as string[], { message: HIRE_MESSAGES.causeInvalid })
  cause: HireEndCause;
  @ApiProperty({ format: 'date', description: 'The last day worked' })
  @IsString({ message: HIRE_MESSAGES.endDateInvalid })
  end_date: string;
  @ApiProperty({ description: 'The employer gave the notice in time (dismissal)' })
  @IsBoolean({ message: HIRE_MESSAGES.causeInvalid })
  notice_given: boolean;
  @ApiProperty({ minimum: 0, maximum: 35, description: "Vacation days of the end's year already taken" })
  @IsInt({ message: HIRE_MESSAGES.vacationTakenInvalid })
  vacation_days_taken: number;
}
