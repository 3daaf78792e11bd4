import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Public } from '../auth/access/auth.decorators';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

export class SiteConfigDto {
  @ApiProperty({ description: 'Digits only, with country code', example: '5491100000000' }) whatsapp_number: string;
  @ApiProperty() contact_email: string;
  @ApiProperty() contact_address: string;
  @ApiProperty() instagram_url: string;
  @ApiProperty() facebook_url: string;
  @ApiProperty() linkedin_url: string;
}

/** The public contact values the shell shows (footer, WhatsApp button), from configuration. */
@ApiTags('site')
@Public()
@Controller()
export class SiteController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('site-config')
  @ApiOperation({ summary: 'Datos de contacto del sitio (WhatsApp, correo, redes)' })
  @Header('Cache-Control', 'public, max-age=600')
  @ApiOkResponse({ type: SiteConfigDto })
  siteConfig(): SiteConfigDto {
    const { contact } = this.config;
    return {
      whatsapp_number: contact.whatsappNumber,
      contact_email: contact.email,
      contact_address: contact.address,
      instagram_url: contact.instagramUrl,
      facebook_url: contact.facebookUrl,
      linkedin_url: contact.linkedinUrl,
    };
  }
}
