// Email over SMTP: a real local sink (smtp-server) on a loopback port receives what the server sends.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMail } from '../src/node.js';
import { call, type TestWorld, world } from './helpers.js';

interface Received {
  from: string;
  rcpt: string[];
  raw: string;
}

let sink: SMTPServer;
let port: number;
const received: Received[] = [];
let w: TestWorld;
let smtp: SmtpMail;

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => {
        raw += d.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  port = (sink.server.address() as AddressInfo).port;
  smtp = new SmtpMail(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
  w = await world({ providers: { mail: smtp } });
});
afterAll(async () => {
  smtp.close();
  w.close();
  await new Promise<void>((r) => sink.close(() => r()));
});

const header = (raw: string, name: string) => {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1]?.trim();
};

describe('SMTP delivery', () => {
  it('delivers from, to, cc, bcc, subject, text and HTML parts, and threads replies', async () => {
    const api = (method: string, path: string, body?: unknown) =>
      call(w.app, method, path, { key: w.demo.apiKey, body });
    const t = await api('POST', '/api/threads', {
      channel: 'email',
      recipient_email: 'ada@example.com',
      subject: 'Hello',
      account_id: w.demo.emailAccountId,
    });
    const id = t.json.thread.id;
    const first = await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'Line one\nLine <two>',
      cc: 'cc1@example.com, cc2@example.com',
      bcc: 'hidden@example.com',
    });
    expect(first.status).toBe(201);
    await api('POST', `/api/threads/${id}/messages`, { body_text: 'Following up', threading_mode: 'reply' });
    expect(received).toHaveLength(2);

    const [m1, m2] = received as [Received, Received];
    expect(m1.from).toBe('sender@outbound.local');
    expect(m1.rcpt.sort()).toEqual(['ada@example.com', 'cc1@example.com', 'cc2@example.com', 'hidden@example.com']);
    expect(header(m1.raw, 'From')).toContain('sender@outbound.local');
    expect(header(m1.raw, 'To')).toContain('ada@example.com');
    expect(header(m1.raw, 'Cc')).toContain('cc1@example.com');
    expect(header(m1.raw, 'Cc')).toContain('cc2@example.com');
    expect(header(m1.raw, 'Bcc')).toBeUndefined();
    expect(header(m1.raw, 'Subject')).toBe('Hello');
    expect(m1.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(m1.raw).toMatch(/Content-Type: text\/plain/i);
    expect(m1.raw).toMatch(/Content-Type: text\/html/i);
    expect(m1.raw).toContain('Line &lt;two&gt;');
    expect(header(m1.raw, 'Message-ID')).toBe(first.json.message.provider_message_id);

    expect(header(m2.raw, 'Subject')).toBe('Re: Hello');
    expect(header(m2.raw, 'In-Reply-To')).toBe(first.json.message.provider_message_id);
    expect(header(m2.raw, 'References')).toContain(first.json.message.provider_message_id);
  });
});
