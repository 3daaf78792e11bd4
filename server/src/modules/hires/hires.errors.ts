import { HttpStatus } from '@nestjs/common';
import { HIRE_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

const notAllowed = (message: string) => ({ status: HttpStatus.FORBIDDEN, code: 'HIRE_NOT_ALLOWED', message }) as const;

/** What proposing, answering and following a hire refuses with (field problems are validation errors). */
export const HIRE_ERRORS = declareErrors({
  conversationNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'CONVERSATION_NOT_FOUND',
    message: HIRE_MESSAGES.conversationNotFound,
  },
  notYourConversation: notAllowed(HIRE_MESSAGES.notYourConversation),
  proposalNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'PROPOSAL_NOT_FOUND',
    message: HIRE_MESSAGES.proposalNotFound,
  },
  openProposal: { status: HttpStatus.CONFLICT, code: 'PROPOSAL_OPEN', message: HIRE_MESSAGES.openProposal },
  openEmployment: { status: HttpStatus.CONFLICT, code: 'EMPLOYMENT_OPEN', message: HIRE_MESSAGES.openEmployment },
  proposalAnswered: { status: HttpStatus.CONFLICT, code: 'PROPOSAL_ANSWERED', message: HIRE_MESSAGES.proposalAnswered },
  startPassed: { status: HttpStatus.CONFLICT, code: 'START_PASSED', message: HIRE_MESSAGES.startPassed },
  onlyWorkerAnswers: notAllowed(HIRE_MESSAGES.onlyWorkerAnswers),
  onlyEmployerWithdraws: notAllowed(HIRE_MESSAGES.onlyEmployerWithdraws),
  employmentNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'EMPLOYMENT_NOT_FOUND',
    message: HIRE_MESSAGES.employmentNotFound,
  },
  onlyWorkerCuil: notAllowed(HIRE_MESSAGES.onlyWorkerCuil),
  onlyEmployerData: notAllowed(HIRE_MESSAGES.onlyEmployerData),
  ended: { status: HttpStatus.CONFLICT, code: 'EMPLOYMENT_ENDED', message: HIRE_MESSAGES.ended },
  periodNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: HIRE_MESSAGES.periodInvalid },
  noScale: { status: HttpStatus.CONFLICT, code: 'INVALID_ACTION', message: HIRE_MESSAGES.noScale },
  payslipConfirmed: { status: HttpStatus.CONFLICT, code: 'INVALID_ACTION', message: HIRE_MESSAGES.payslipConfirmed },
  payslipNotConfirmed: {
    status: HttpStatus.CONFLICT,
    code: 'INVALID_ACTION',
    message: HIRE_MESSAGES.payslipNotConfirmed,
  },
  payslipAcknowledged: {
    status: HttpStatus.CONFLICT,
    code: 'INVALID_ACTION',
    message: HIRE_MESSAGES.payslipAcknowledged,
  },
  onlyEmployerPays: notAllowed(HIRE_MESSAGES.onlyEmployerPays),
  onlyWorkerAcknowledges: notAllowed(HIRE_MESSAGES.onlyWorkerAcknowledges),
  noSettlement: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: HIRE_MESSAGES.noSettlement },
});
