import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { Auth, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { BLOCK_ERRORS } from './blocks.errors';
import { BlocksService } from './blocks.service';
import { BlockBodyDto, BlockedUserDto } from './dto/blocks.dto';

/** The people a person blocked: /user-account's 'Personas bloqueadas', 'Bloquear' on profiles and chats. */
@ApiTags('blocks')
@Controller('blocks')
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get()
  @ApiOperation({ summary: 'Personas que bloqueé' })
  @Auth()
  @ApiOkResponse({ type: [BlockedUserDto] })
  list(@CurrentUser() user: AuthUser): Promise<BlockedUserDto[]> {
    return this.blocks.list(user);
  }

  @Post()
  @ApiOperation({ summary: 'Bloquear a una persona' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Blocked (blocking twice keeps one)' })
  @ApiErrors(
    COMMON_ERRORS.validation,
    BLOCK_ERRORS.userNotFound,
    BLOCK_ERRORS.self,
    BLOCK_ERRORS.adminCannotBlock,
    BLOCK_ERRORS.full,
    COMMON_ERRORS.rateLimited,
  )
  block(@CurrentUser() user: AuthUser, @Body() body: BlockBodyDto): Promise<void> {
    return this.blocks.block(user, body.user_id);
  }

  @Delete(':userId')
  @ApiOperation({ summary: 'Desbloquear a una persona' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Not blocked any more' })
  @ApiErrors(COMMON_ERRORS.notFound, COMMON_ERRORS.rateLimited)
  unblock(@CurrentUser() user: AuthUser, @Param('userId', IdPipe) userId: number): Promise<void> {
    return this.blocks.unblock(user, userId);
  }
}
