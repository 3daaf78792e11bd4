import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { landingPath } from '@cym/common';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { Public } from '../auth/access/auth.decorators';
import { LandingLinkDto, LandingPageDto } from './dto/landing-pages.dto';
import { type LandingPage, LandingPagesService } from './landing-pages.service';

const link = (page: LandingPage): LandingLinkDto => ({ path: page.path, title: page.title, count: page.count });

/** The landing pages' data for the web; their HTML heads are public-pages.routes.ts'. */
@ApiTags('landing-pages')
@Public()
@Controller('landing-pages')
export class LandingPagesController {
  constructor(private readonly landing: LandingPagesService) {}

  /** The provinces' pages with the most workers: the home page's and footer's links. */
  @Get('popular')
  @ApiOperation({ summary: 'Páginas de servicio por zona más buscadas' })
  @ApiOkResponse({ type: [LandingLinkDto] })
  async popular(): Promise<LandingLinkDto[]> {
    return (await this.landing.popular()).map(link);
  }

  @Get(':service/:province')
  @ApiOperation({ summary: 'Página de un servicio en una provincia, con sus trabajadoras' })
  @ApiOkResponse({ type: LandingPageDto })
  @ApiErrors(COMMON_ERRORS.notFound)
  province(@Param('service') service: string, @Param('province') province: string): Promise<LandingPageDto> {
    return this.page(landingPath(service, province));
  }

  @Get(':service/:province/:municipality')
  @ApiOperation({ summary: 'Página de un servicio en un municipio, con sus trabajadoras' })
  @ApiOkResponse({ type: LandingPageDto })
  @ApiErrors(COMMON_ERRORS.notFound)
  municipality(
    @Param('service') service: string,
    @Param('province') province: string,
    @Param('municipality') municipality: string,
  ): Promise<LandingPageDto> {
    return this.page(landingPath(service, province, municipality));
  }

  private async page(path: string): Promise<LandingPageDto> {
    const page = await this.landing.find(path);
    if (!page) throw COMMON_ERRORS.notFound.exception();
    const { places, services } = await this.landing.neighbours(page);
    return {
      ...link(page),
      service: { id: page.service.id, title_display: page.service.label, plural: page.service.plural },
      province: { id: page.province.id, name: page.province.name },
      municipality: page.municipality && { id: page.municipality.id, name: page.municipality.name },
      places: places.map(link),
      services: services.map(link),
    };
  }
}
