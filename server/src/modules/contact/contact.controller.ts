import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { Public } from '../auth/access/auth.decorators';
import { ErrorBodyDto } from '../../common/error-body.dto';
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
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto })
  submit(@Body() form: ContactFormDto, @Ip() ip: string): Promise<ContactSentDto> {
    return this.contact.submit(form, ip);
  }
}
