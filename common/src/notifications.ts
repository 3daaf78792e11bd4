/**
 * Notifications: what a person chooses to hear about and how, and the Web Push subscription the
 * browser hands over. Server and web read the same kinds, defaults and texts.
 */

/** What a notification is about: a new chat message, or a saved search's new match. */
export const NOTIFICATION_KINDS = ['message', 'alert'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Per kind: by e-mail and/or as a push notification on the device. */
export interface NotificationChannels {
  email: boolean;
  push: boolean;
}

export type NotificationPreferencesValue = Record<NotificationKind, NotificationChannels>;

/** What a person who never chose gets: everything on. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferencesValue = {
  message: { email: true, push: true },
  alert: { email: true, push: true },
};

/** The visible push message (the service worker shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the site the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation). */
  tag: string;
}

export const PUSH_LIMITS = {
  /** A P-256 public key, uncompressed: 65 bytes (87 base64url characters). */
  p256dhBytes: 65,
  /** The subscription's authentication secret: 16 bytes. */
  authBytes: 16,
  endpointMaxLength: 1024,
  /** Subscriptions kept per person (phones, computers, browsers); the oldest goes first. */
  perUser: 10,
  titleMaxLength: 80,
  bodyMaxLength: 120,
} as const;

export const PUSH_MESSAGES = {
  unavailable: 'Las notificaciones no están disponibles en este momento.',
  invalidSubscription: 'La suscripción a notificaciones no es válida.',
  insecureEndpoint: 'La suscripción a notificaciones debe usar una dirección segura (https).',
  unknownService: 'La suscripción no es de un servicio de notificaciones de navegador conocido.',
  invalidPreferences: 'Elegí si querés recibir cada aviso por e-mail y como notificación.',
  newMessageTitle: (firstName: string) => `Nuevo mensaje de ${firstName}`,
} as const;
