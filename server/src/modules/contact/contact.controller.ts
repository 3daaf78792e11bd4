import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Public } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { ContactService } from './contact.service';
import { ContactFormDto, ContactSentDto } from './dto/contact.dto';

@ApiTags('contact')
@Public()
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post('contact-form')
  @ApiOperation({ summary: 'Enviar el formulario de contacto al equipo' })
  @HttpCode(201)
  @ApiCreatedResponse({ type: ContactSentDto })
  @ApiErrors(COMMON_ERRORS.validation, COMMON_ERRORS.rateLimited)
  submit(@Body() form: ContactFormDto, @Ip() ip: string): Promise<ContactSentDto> {
    return this.contact.submit(form, ip);
  }
}
