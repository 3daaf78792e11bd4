import { ApiProperty } from '@nestjs/swagger';

export class StatsPointDto {
  @ApiProperty({ example: '2026-11-23', description: 'A day in Buenos Aires time' }) date: string;
  @ApiProperty({ description: 'Accounts created that day (admins excepted), including those deleted since' })
  signups: number;
  @ApiProperty({ description: 'Approved payments that day' }) payments: number;
}

/** The back office's figures plus the last 30 days for the chart. */
export class StatsDto {
  @ApiProperty() users: number;
  @ApiProperty() workers: number;
  @ApiProperty() parents: number;
  @ApiProperty() job_offers: number;
  @ApiProperty({ description: 'Employers with an active membership now (each counted once)' }) memberships: number;
  @ApiProperty({ description: 'ARS of approved payments created this Buenos Aires month, up to now' })
  revenue_this_month: number;
  @ApiProperty({ description: 'ARS of approved payments created in the previous Buenos Aires month' })
  revenue_last_month: number;
  @ApiProperty({ description: 'Employers (not deleted) who signed up in the last 30 days, today included' })
  new_parents_30d: number;
  @ApiProperty({ description: 'Of new_parents_30d, those with an approved payment within 7 days of signing up' })
  new_parents_paid_7d: number;
  @ApiProperty({ description: 'Employers whose active membership cover (renewals included) ends in the next 7 days' })
  memberships_ending_7d: number;
  @ApiProperty({ description: 'Workers visible now whose profile turned visible this Buenos Aires month' })
  workers_visible_this_month: number;
  @ApiProperty({ description: 'Background jobs (e-mails, payment notifications…) that used up their retries' })
  failed_jobs: number;
  @ApiProperty({ description: 'Workers saved by employers and offers saved by workers (shortlists)' })
  saved_items: number;
  @ApiProperty({ description: 'Saved searches with alerts, paused or not' })
  saved_searches: number;
  @ApiProperty({ description: 'Hire proposals ever made in chats' }) hire_proposals: number;
  @ApiProperty({ description: 'Proposals accepted: employment relationships' }) hires: number;
  @ApiProperty({ description: 'Conversations between a worker and an employer' }) worker_conversations: number;
  @ApiProperty({ description: 'Relationships not ended by today' }) active_hires: number;
  @ApiProperty({ type: [StatsPointDto] }) daily: StatsPointDto[];
}
