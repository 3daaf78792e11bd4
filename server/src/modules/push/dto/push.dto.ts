import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PUSH_LIMITS, PUSH_MESSAGES } from '@cym/common';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

const INVALID = PUSH_MESSAGES.invalidSubscription;
const PREFERENCES = PUSH_MESSAGES.invalidPreferences;

export class PushKeyDto {
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The server's VAPID public key (base64url) for PushManager.subscribe; null when push is off",
  })
  public_key: string | null;
}

export class PushSubscriptionKeysDto {
  @ApiProperty({ description: "The browser's P-256 public key: 65 bytes, base64url" })
  @IsString({ message: INVALID })
  @MaxLength(100, { message: INVALID })
  p256dh: string;

  @ApiProperty({ description: 'The authentication secret: 16 bytes, base64url' })
  @IsString({ message: INVALID })
  @MaxLength(40, { message: INVALID })
  auth: string;
}

/** What the browser's `PushSubscription.toJSON()` gives. */
export class PushSubscriptionBodyDto {
  @ApiProperty({ description: "The push service's address for this browser (https)" })
  @IsString({ message: INVALID })
  @MaxLength(PUSH_LIMITS.endpointMaxLength, { message: INVALID })
  endpoint: string;

  @ApiProperty({ type: PushSubscriptionKeysDto })
  @IsDefined({ message: INVALID })
  @IsObject({ message: INVALID })
  @ValidateNested()
  @Type(() => PushSubscriptionKeysDto)
  keys: PushSubscriptionKeysDto;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Ignored (browsers send null)' })
  @IsOptional()
  @IsNumber({}, { message: INVALID })
  expirationTime?: number | null;
}

export class PushEndpointDto {
  @ApiProperty({ description: 'The endpoint of the subscription to forget' })
  @IsString({ message: INVALID })
  @MaxLength(PUSH_LIMITS.endpointMaxLength, { message: INVALID })
  endpoint: string;
}

export class NotificationChannelsDto {
  @ApiProperty({ description: 'By e-mail' })
  @IsBoolean({ message: PREFERENCES })
  email: boolean;

  @ApiProperty({ description: 'As a push notification on the devices that subscribed' })
  @IsBoolean({ message: PREFERENCES })
  push: boolean;
}

/** Per kind of notice: new chat messages, and a saved search's new matches. */
export class NotificationPreferencesDto {
  @ApiProperty({ type: NotificationChannelsDto, description: 'New chat messages' })
  @IsDefined({ message: PREFERENCES })
  @IsObject({ message: PREFERENCES })
  @ValidateNested()
  @Type(() => NotificationChannelsDto)
  message: NotificationChannelsDto;

  @ApiProperty({ type: NotificationChannelsDto, description: "A saved search's new matches" })
  @IsDefined({ message: PREFERENCES })
  @IsObject({ message: PREFERENCES })
  @ValidateNested()
  @Type(() => NotificationChannelsDto)
  alert: NotificationChannelsDto;
}
