// Node-only helpers: the SQLite file and the HTTP(S) listener. The app itself stays browser-safe.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { dirname } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { buildOpenApiDocument } from '@outbound/schema/openapi';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { createTransport } from 'nodemailer';
import type { OutboundApp } from './app.js';
import type { Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import * as schema from './db/schema.js';
import { isPrivateAddress } from './lib/net.js';
import {
  type MailProvider,
  type OutgoingEmail,
  ProviderRateLimitError,
  ProviderSendError,
  type SendResult,
} from './providers/mail.js';
import { SNIPPET_CHARS, type WebhookRequest, type WebhookResponse, type WebhookSender } from './providers/webhooks.js';

export interface OpenedDatabase {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

/** Opens (creating if needed) a SQLite file with WAL, foreign keys and a busy timeout, migrated. */
export function openDatabase(path: string, options: { migrate?: boolean; readonly?: boolean } = {}): OpenedDatabase {
  if (options.readonly) {
    // An existing, already migrated file, opened without write access (inspection, or a
    // read-only volume): reads work, writes fail and are answered 503.
    const sqlite = new Database(path, { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    return { db: drizzle(sqlite, { schema }) as unknown as Db, sqlite, close: () => sqlite.close() };
  }
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema }) as unknown as Db;
  if (options.migrate !== false) migrate(db);
  return { db, sqlite, close: () => sqlite.close() };
}

export interface ListenOptions {
  port: number;
  hostname?: string;
  tls?: { cert: string | Buffer; key: string | Buffer };
}

/** Serves the app over HTTP, or HTTPS when a certificate and key are given. */
export function listen(app: OutboundApp, options: ListenOptions): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: app.hono.fetch,
        port: options.port,
        hostname: options.hostname ?? '127.0.0.1',
        ...(options.tls
          ? { createServer: createHttpsServer, serverOptions: { cert: options.tls.cert, key: options.tls.key } }
          : {}),
      },
      (info) => resolve({ server, port: info.port }),
    );
  });
}

/**
 * A mail provider that records every email as a line of JSON in a file and sends nothing. It
 * survives restarts, so it is the provider's own record of sends in crash tests; a message id seen
 * before (even before a restart) is never recorded twice.
 */
export class FileMailLog implements MailProvider {
  readonly #seen = new Set<string>();
  constructor(readonly path: string) {
    if (existsSync(path)) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (line.trim()) this.#seen.add((JSON.parse(line) as { id: string }).id);
      }
    }
  }
  async send(message: OutgoingEmail): Promise<SendResult> {
    const messageId = `<${message.id}@outbound.local>`;
    if (!this.#seen.has(message.id)) {
      this.#seen.add(message.id);
      appendFileSync(
        this.path,
        `${JSON.stringify({ id: message.id, to: message.to, subject: message.subject, at: Date.now() })}\n`,
      );
    }
    return { messageId, bounced: message.to.some((a) => a.endsWith('@bounce.test')) };
  }
}

/**
 * Email over SMTP through nodemailer. The send's idempotency key becomes the Message-ID, so a
 * retried send is recognisable downstream. A 4xx answer of the server (try again later) is a rate
 * limit; anything else is a provider failure.
 */
export class SmtpMail implements MailProvider {
  readonly #transport: ReturnType<typeof createTransport>;
  constructor(url: string) {
    this.#transport = createTransport(url);
  }
  async send(message: OutgoingEmail): Promise<SendResult> {
    const messageId = `<${message.id}@outbound.local>`;
    try {
      await this.#transport.sendMail({
        messageId,
        from: message.from,
        to: message.to,
        cc: message.cc?.length ? message.cc : undefined,
        bcc: message.bcc?.length ? message.bcc : undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
        inReplyTo: message.inReplyTo,
        references: message.references,
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 400 && code < 500) throw new ProviderRateLimitError(60);
      throw new ProviderSendError(`SMTP send failed: ${(error as Error).message}`);
    }
    return { messageId };
  }
  close(): void {
    this.#transport.close();
  }
}

const privateAddressError = (host: string, address: string) =>
  Object.assign(new Error(`refused: ${host} resolves to the non-public address ${address}`), {
    code: 'EPRIVATEADDRESS',
  });

/**
 * Webhook requests over node:http(s). Unless private addresses are allowed (development), the
 * address every request connects to is checked after DNS resolution, so a public name that
 * resolves to a private, loopback or link-local address is refused at connect time (no
 * DNS-rebinding gap between a check and the request). Redirects are not followed.
 */
export class NodeWebhookSender implements WebhookSender {
  constructor(private readonly options: { allowPrivate: boolean }) {}

  readonly #lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(privateAddressError(hostname, bad.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };

  post(request: WebhookRequest): Promise<WebhookResponse> {
    return new Promise((resolve, reject) => {
      const url = new URL(request.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!this.options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
        reject(privateAddressError(host, host));
        return;
      }
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          ...(this.options.allowPrivate ? {} : { lookup: this.#lookup }),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < SNIPPET_CHARS * 4) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () => {
            clearTimeout(timer);
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8').slice(0, SNIPPET_CHARS),
            });
          });
          res.on('error', (err) => {
            clearTimeout(timer);
            reject(err);
          });
        },
      );
      // The whole exchange, connect to last byte, must fit in the time-out.
      const timer = setTimeout(() => {
        req.destroy(Object.assign(new Error(`no answer within ${request.timeoutMs} ms`), { name: 'TimeoutError' }));
      }, request.timeoutMs);
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      req.end(request.body);
    });
  }
}

/** The OpenAPI document of the contract, for `createApp({ openapi })` (serves `/docs`). */
export const openApiDocument = async (): Promise<object> => buildOpenApiDocument();
