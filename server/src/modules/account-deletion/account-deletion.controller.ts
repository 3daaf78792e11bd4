import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { AUTH_ERRORS } from '../auth/auth.errors';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { ACCOUNT_DELETION_ERRORS } from './account-deletion.errors';
import { AccountDeletionService } from './account-deletion.service';
import { DeleteAccountDto } from './dto/account-deletion.dto';

/** 'Eliminar mi cuenta' in /user-account (the right of suppression, Ley 25.326). */
@ApiTags('account')
@Controller('account')
export class AccountDeletionController {
  constructor(private readonly deletion: AccountDeletionService) {}

  @Post('delete')
  @ApiOperation({ summary: 'Eliminar mi cuenta (confirmado con la contraseña)' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted: the sessions are ended and the confirmation e-mail is queued' })
  @ApiErrors(
    ACCOUNT_DELETION_ERRORS.passwordRequired,
    ACCOUNT_DELETION_ERRORS.wrongPassword,
    ACCOUNT_DELETION_ERRORS.adminRefused,
    COMMON_ERRORS.rateLimited,
    AUTH_ERRORS.passwordsBusy,
  )
  delete(@CurrentUser() user: AuthUser, @Body() body: DeleteAccountDto, @Ip() ip: string): Promise<void> {
    return this.deletion.deleteOwn(user, body.password, ip);
  }
}
