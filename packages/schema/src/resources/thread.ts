import { z } from 'zod';
import {
  Channel,
  Counter,
  Email,
  HttpUrl,
  int,
  nonEmpty,
  PageInfo,
  PageQuery,
  Timestamp,
  text,
  Uuid,
} from '../common.js';
import { LIMITS } from '../limits.js';

/** Attachment metadata (dashboard sessions only). */
export const Attachment = z
  .object({
    name: nonEmpty(255),
    bucket: nonEmpty(63),
    path: nonEmpty(1024),
    url: HttpUrl,
    mime_type: z
      .string()
      .max(255)
      .regex(
        /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i,
        'must be a MIME type such as application/pdf',
      ),
    size: int(0, 26_214_400),
    content_id: text(255).nullable().optional(),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof Attachment>;

export const ThreadStatus = z.enum(['open', 'active', 'archived']).meta({ id: 'ThreadStatus' });
export const InboxState = z
  .enum(['new', 'sent_one_off', 'sent_campaign', 'replied', 'archived'])
  .meta({ id: 'InboxState' });

/** A Unibox conversation. */
export const Thread = z
  .object({
    id: Uuid,
    channel: Channel,
    status: ThreadStatus,
    inbox_state: InboxState,
    outbound_message_count: Counter,
    inbound_message_count: Counter,
    has_one_off_message: z.boolean(),
    subject: text(998).nullable(),
    account_id: Uuid.nullable().meta({ description: 'The sender account, once known.' }),
    campaign_id: Uuid.nullable(),
    recipient_email: Email.nullable(),
    recipient_name: text(200).nullable(),
    recipient_profile_url: HttpUrl.nullable(),
    last_message_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Thread' });
export type Thread = z.infer<typeof Thread>;

export const MessageDirection = z.enum(['outbound', 'inbound']).meta({ id: 'MessageDirection' });

const AddressList = z.array(Email).max(50);

export const Message = z
  .object({
    id: Uuid,
    conversation_id: Uuid,
    direction: MessageDirection,
    channel: Channel,
    subject: text(998).nullable(),
    body_text: text(LIMITS.messageBodyText.max),
    body_html: text(200_000).nullable(),
    from: text(320).nullable(),
    to: AddressList,
    cc: AddressList,
    bcc: AddressList,
    attachments: z.array(Attachment).max(20),
    provider_message_id: text(500).nullable(),
    sent_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

/** Body of `POST /api/threads`: a new one-off email thread or a social-network thread. */
export const CreateThreadBody = z
  .discriminatedUnion('channel', [
    z.object({
      channel: z.literal('email'),
      recipient_email: Email,
      recipient_name: text(200).optional(),
      subject: text(998).optional(),
      account_id: Uuid.optional(),
    }),
    z.object({
      channel: z.literal('socialnet'),
      recipient_profile_url: text(2048).refine(
        (u) => u.toLowerCase().includes('linkedin.com/in/'),
        'must contain linkedin.com/in/',
      ),
      recipient_name: text(200).optional(),
      account_id: Uuid.optional(),
    }),
  ])
  .meta({ id: 'CreateThreadBody' });
export type CreateThreadBody = z.input<typeof CreateThreadBody>;

export const ThreadEnvelope = z.object({ thread: Thread }).meta({ id: 'ThreadEnvelope' });
export const ThreadWithMessages = z
  .object({ thread: Thread, messages: z.array(Message).max(1000) })
  .meta({ id: 'ThreadWithMessages' });

export const ListThreadsQuery = PageQuery;
export const ThreadList = z
  .object({ threads: z.array(Thread).max(LIMITS.pageSize.max), ...PageInfo })
  .meta({ id: 'ThreadList' });

/** Splits a comma-separated recipient list; answers null when one entry is not an email address. */
export function parseAddressList(value: string): string[] | null {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  for (const p of parts) if (!Email.safeParse(p).success) return null;
  return parts;
}

const CommaSeparatedEmails = text(4000).refine(
  (v) => parseAddressList(v) !== null,
  'must be comma-separated email addresses',
);

export const ThreadingMode = z.enum(['new_thread', 'reply']).meta({ id: 'ThreadingMode' });

/** Body of `POST /api/threads/{id}/messages`. */
export const SendMessageBody = z
  .object({
    body_text: nonEmpty(LIMITS.messageBodyText.max),
    body_html: text(200_000).optional().meta({ description: 'Email only; derived from body_text when omitted.' }),
    subject: text(998).optional(),
    account_id: Uuid.optional(),
    threading_mode: ThreadingMode.optional(),
    cc: CommaSeparatedEmails.optional(),
    bcc: CommaSeparatedEmails.optional(),
    attachments: z
      .array(Attachment)
      .max(20)
      .optional()
      .meta({ description: 'Dashboard sessions only: an API-key request that includes this field gets 403.' }),
  })
  .meta({ id: 'SendMessageBody' });
export type SendMessageBody = z.input<typeof SendMessageBody>;

export const SendMessageResponse = z.object({ message: Message, thread: Thread }).meta({ id: 'SendMessageResponse' });
