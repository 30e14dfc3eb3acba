/** Sends a text to a phone or an email address; every message is also kept in the outbox table. */
export interface MessageSender {
  /** `to` in international form, e.g. +8801712345678 */
  sms(to: string, text: string): Promise<void>;
  email(to: string, subject: string, text: string): Promise<void>;
}
