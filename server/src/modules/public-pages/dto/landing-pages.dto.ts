import { ApiProperty } from '@nestjs/swagger';
import { PlaceRefDto } from '../../worker-profile/dto/worker-profile.dto';

export class LandingLinkDto {
  @ApiProperty({ example: '/trabajadores/nineras/cordoba' }) path: string;
  @ApiProperty({ example: 'Niñeras en Córdoba' }) title: string;
  @ApiProperty({ description: 'Listed workers offering the service there' }) count: number;
}

export class LandingServiceDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: "The service's label, as the directory's `services` filter takes it" })
  title_display: string;
  @ApiProperty({ example: 'Niñeras' }) plural: string;
}

/** A landing page: the service, the place, the count and the pages near it. */
export class LandingPageDto extends LandingLinkDto {
  @ApiProperty({ type: LandingServiceDto }) service: LandingServiceDto;
  @ApiProperty({ type: PlaceRefDto }) province: PlaceRefDto;
  @ApiProperty({ nullable: true, type: PlaceRefDto }) municipality: PlaceRefDto | null;
  @ApiProperty({ type: [LandingLinkDto], description: 'The same service in places nearby' }) places: LandingLinkDto[];
  @ApiProperty({ type: [LandingLinkDto], description: 'Other services in the same place' }) services: LandingLinkDto[];
}
