import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ContactMessage } from './entities/contact-message.entity';

/** The contact form's messages: written here, read by the team in the database. */
@Injectable()
export class ContactRepository {
  constructor(@InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>) {}

  /** Keeps one visitor's message, as given (already trimmed and normalised by the service). */
  async add(message: Pick<ContactMessage, 'name' | 'email' | 'message' | 'ip'>): Promise<void> {
    await this.messages.insert(message);
  }
}
